import { documentConfigSchema, questionSchema, type Answer } from '@planning/shared';
import { describe, expect, it } from 'vitest';
import { questionsInOrder } from './pages/MyResponsesPage';
import { answersBySite, siteQuestionsOf } from '../../shared/documents/questions/SiteQuestionBlock';

const mapLinked = questionSchema.parse({
  id: 'parent',
  title: 'Tell us about the sites',
  type: 'mapLinkedQuestion',
  mapFeatureSelect: { type: 'site', commentsBox: true },
  questions: [
    {
      id: 'use',
      title: 'Best use?',
      type: 'radioQuestion',
      options: [{ title: 'Homes' }, { title: 'Park' }],
    },
    {
      id: 'access',
      title: 'Access?',
      type: 'textQuestion',
      mapFeatureSelect: { type: 'site', commentsBox: false },
    },
  ],
});

const answer = (
  id: string,
  questionId: string,
  siteId: string | null,
  siteName: string | null = null,
): Answer => ({
  id,
  questionId,
  questionType: 'radioQuestion',
  value: 'Homes',
  conditional: null,
  relatedSiteId: siteId,
  relatedSiteName: siteName,
  siteName,
  relatedSiteComment: siteId ? `About ${siteId}` : null,
  createdAt: '',
  updatedAt: '',
});

describe('siteQuestionsOf', () => {
  it('asks a map-linked question’s questions about the site, each inheriting the map’s settings unless it has its own', () => {
    const questions = siteQuestionsOf(mapLinked);
    expect(questions.map((question) => question.id)).toEqual(['use', 'access']);
    expect(questions[0]).toMatchObject({
      parentId: 'parent',
      mapFeatureSelect: { type: 'site', commentsBox: true, showAssociatedLayers: false },
    });
    expect(questions[1]?.mapFeatureSelect).toMatchObject({ commentsBox: false });
  });

  it('asks a site-linked simple question as it is', () => {
    const simple = questionSchema.parse({
      id: 'q',
      title: 'Support?',
      type: 'radioQuestion',
      options: [{ title: 'Yes' }],
      mapFeatureSelect: { type: 'site' },
    });
    expect(siteQuestionsOf(simple)).toEqual([simple]);
  });
});

describe('answersBySite', () => {
  it('groups the answers to these questions by site, in the order first answered, with the site’s comment', () => {
    const grouped = answersBySite(
      [
        answer('1', 'use', '7', 'Mill Lane'),
        answer('2', 'other', '7', 'Mill Lane'),
        answer('3', 'use', '9', 'Oak Farm'),
        answer('4', 'access', '7', 'Mill Lane'),
        answer('5', 'use', null),
      ],
      new Set(['use', 'access']),
    );
    expect(
      grouped.map((entry) => [entry.siteId, entry.siteName, entry.comment, entry.answers.map((a) => a.id)]),
    ).toEqual([
      ['7', 'Mill Lane', 'About 7', ['1', '4']],
      ['9', 'Oak Farm', 'About 9', ['3']],
    ]);
  });

  it('names a site it has no name for by its id', () => {
    expect(answersBySite([answer('1', 'use', '12')], new Set(['use']))[0]?.siteName).toBe('Site 12');
  });
});

describe('questionsInOrder', () => {
  it('lists the questions in reading order, a map-linked question once, polls too', () => {
    const config = documentConfigSchema.parse({
      root: 'root',
      entities: {
        root: { id: 'root', type: 'section', title: 'Plan', childSectionIds: ['b', 'a'] },
        a: { id: 'a', type: 'question', question: mapLinked },
        b: { id: 'b', type: 'section', title: 'First', childSectionIds: ['poll'] },
        poll: {
          id: 'poll',
          type: 'poll',
          question: { id: 'quick', title: 'Quick?', type: 'radioQuestion', options: [{ title: 'Yes' }] },
        },
        orphan: {
          id: 'orphan',
          type: 'question',
          question: { id: 'lost', title: 'Lost', type: 'textQuestion' },
        },
      },
    });
    expect(questionsInOrder(config).map((question) => question.id)).toEqual(['quick', 'parent']);
  });
});
