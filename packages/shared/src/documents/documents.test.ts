import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  answerableQuestions,
  documentConfigSchema,
  documentOutline,
  normaliseAnswer,
  sectionAnchor,
  siteInfoText,
  togglePick,
  questionMessages,
  type AnswerableQuestion,
  type AnswerInput,
  type DocumentConfig,
} from '../index';

const question = (
  overrides: Partial<AnswerableQuestion> & Pick<AnswerableQuestion, 'type'>,
): AnswerableQuestion => ({
  id: 'q1',
  title: 'Question',
  options: [{ title: 'Yes' }, { title: 'No' }, { title: 'Maybe' }, { title: 'Other' }],
  orientation: 'vertical',
  maxLength: 1000,
  ...overrides,
});

const config = (entities: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  documentConfigSchema.safeParse({ root: 'root', entities, ...extra });

const section = (id: string, childSectionIds: string[] = []) => ({
  id,
  type: 'section',
  title: id,
  childSectionIds,
});

describe('answerProblem (spec 02 §5, word for word)', () => {
  const radio = question({ type: 'radioQuestion' });
  const checkbox = question({ type: 'checkboxQuestion', minSelected: 2, maxSelected: 3 });
  const text = question({ type: 'textQuestion', options: [] });
  const select = question({ type: 'dropdownQuestion' });
  const site = question({
    type: 'radioQuestion',
    mapFeatureSelect: { type: 'site', commentsBox: true, showAssociatedLayers: false },
  });

  const cases: [string, AnswerableQuestion, Omit<AnswerInput, 'questionId'>, string | null][] = [
    ['radio, nothing chosen', radio, {}, 'Please select an option.'],
    ['radio, blank', radio, { value: ' ' }, 'Please select an option.'],
    ['radio, chosen', radio, { value: 'Yes' }, null],
    ['radio, not an option', radio, { value: 'Perhaps' }, questionMessages.notAnOption],
    ['checkbox, nothing chosen', checkbox, { value: [] }, 'Please select an option.'],
    ['checkbox, below min', checkbox, { value: ['Yes'] }, 'Please select at least 2 options.'],
    [
      'checkbox, above max',
      checkbox,
      { value: ['Yes', 'No', 'Maybe', 'Other'] },
      'Please select at most 3 options.',
    ],
    ['checkbox, within', checkbox, { value: ['Yes', 'No'] }, null],
    [
      'checkbox, twice the same counts once',
      checkbox,
      { value: ['Yes', 'Yes'] },
      'Please select at least 2 options.',
    ],
    ['textarea, empty', text, { value: '' }, 'Please fill in your response.'],
    ['textarea, spaces', text, { value: '   ' }, 'Please fill in your response.'],
    ['textarea, 1000 characters', text, { value: 'a'.repeat(1000) }, null],
    ['textarea, 1001 characters', text, { value: 'a'.repeat(1001) }, questionMessages.tooLong(1000)],
    ['select, nothing', select, { value: null }, 'Please fill in your response.'],
    ['select, chosen', select, { value: 'No' }, null],
    ['site, no site', site, { value: 'Yes', relatedSiteComment: 'Fine' }, 'Field is required'],
    ['site, no comment', site, { value: 'Yes', relatedSiteId: '7' }, 'Field is required'],
    [
      'site, long comment',
      site,
      { value: 'Yes', relatedSiteId: 7, relatedSiteComment: 'a'.repeat(8001) },
      questionMessages.commentTooLong,
    ],
    [
      'site, comment of 8000',
      site,
      { value: 'Yes', relatedSiteId: 7, relatedSiteComment: 'a'.repeat(8000) },
      null,
    ],
    [
      'a site where none is asked',
      radio,
      { value: 'Yes', relatedSiteId: 7 },
      questionMessages.siteNotOffered,
    ],
  ];
  it.each(cases)('%s', (_name, q, answer, expected) => {
    expect(answerProblem(q, answer)).toBe(expected);
  });

  it('keeps the textarea default at 1000 and the spec wording with other numbers', () => {
    expect(
      documentConfigSchema.parse({
        root: 'r',
        entities: {
          r: { id: 'r', type: 'question', question: { id: 'q', title: 'T', type: 'textQuestion' } },
        },
      }).entities.r,
    ).toMatchObject({ question: { maxLength: 1000 } });
    expect(questionMessages.selectAtLeast(4)).toBe('Please select at least 4 options.');
    expect(questionMessages.selectAtMost(1)).toBe('Please select at most 1 options.');
  });

  it('keeps the conditional text only when its option is chosen', () => {
    const q = question({
      type: 'radioQuestion',
      conditional: { if: 'Other', show: 'textarea', title: 'Say more' },
    });
    expect(normaliseAnswer(q, { value: 'Other', conditional: ' More ' }).conditional).toBe('More');
    expect(normaliseAnswer(q, { value: 'Yes', conditional: 'More' }).conditional).toBeNull();
    expect(answerProblem(q, { value: 'Other', conditional: 'a'.repeat(1001) })).toBe(
      questionMessages.tooLong(1000),
    );
  });
});

describe('document config (spec 02 §3)', () => {
  it('takes every entity type and fills the defaults', () => {
    const parsed = config(
      {
        root: section('root', [
          'hero',
          'toc',
          'text',
          'chart',
          'map',
          'q',
          'poll',
          'div',
          'img',
          'tbl',
          'vid',
          'tag',
          'lnk',
          'car',
          'sub',
        ]),
        hero: { id: 'hero', type: 'hero', title: 'Local Plan' },
        toc: { id: 'toc', type: 'tableOfContents' },
        text: { id: 'text', type: 'textBlock', content: { type: 'doc', content: [] } },
        chart: {
          id: 'chart',
          type: 'chart',
          chartName: 'Homes',
          chartType: 'column',
          chartData: [{ label: 'A', value: 3 }],
        },
        map: {
          id: 'map',
          type: 'map',
          siteInfo: [{ type: 'field', title: 'Name', columnName: 'site_name' }],
        },
        q: {
          id: 'q',
          type: 'question',
          question: {
            id: 'ml',
            title: 'Sites',
            type: 'mapLinkedQuestion',
            mapFeatureSelect: { type: 'site', commentsBox: true },
            questions: [
              { id: 'ml-1', title: 'Support?', type: 'radioQuestion', options: [{ title: 'Yes' }] },
            ],
          },
        },
        poll: {
          id: 'poll',
          type: 'poll',
          question: { id: 'p', title: 'Poll', type: 'radioQuestion', options: [{ title: 'A' }] },
        },
        div: { id: 'div', type: 'divider' },
        img: { id: 'img', type: 'image', src: '/api/v1/public/documents/x/attachments/y', alt: 'Plan' },
        tbl: { id: 'tbl', type: 'table', header: ['A'], rows: [['1']] },
        vid: { id: 'vid', type: 'video', url: 'https://video.example/1' },
        tag: { id: 'tag', type: 'tagTopic', tags: ['housing'] },
        lnk: { id: 'lnk', type: 'link', title: 'More', url: 'mailto:plan@example.gov.uk' },
        car: { id: 'car', type: 'carouselSection', childSectionIds: [] },
        sub: { id: 'sub', type: 'subSection', title: 'Sub' },
      },
      { heroSection: 'hero', initialSection: 'root', documentSettings: { hideSectionNumberings: true } },
    );
    expect(parsed.error?.issues).toBeUndefined();
    const data = parsed.data as DocumentConfig;
    expect(data.entities.chart).toMatchObject({
      columnChartType: 'default',
      isPercentageable: false,
      chartData: [{ color: '#5B8FF9' }],
    });
    expect(data.documentSettings.hideSectionNumberings).toBe(true);
    const questions = answerableQuestions(data.entities);
    expect([...questions.keys()].sort()).toEqual(['ml-1', 'p']);
    expect(questions.get('ml-1')).toMatchObject({ parentId: 'ml', mapFeatureSelect: { commentsBox: true } });
  });

  it.each([
    ['a missing root', { a: section('a') }, {}, 'The root section root does not exist'],
    [
      'a missing child',
      { root: section('root', ['ghost']) },
      {},
      'root lists a child ghost that does not exist',
    ],
    [
      'a cycle',
      { root: section('root', ['a']), a: section('a', ['b']), b: section('b', ['a']) },
      {},
      'contains itself',
    ],
    ['a section inside itself', { root: section('root', ['root']) }, {}, 'contains itself'],
    ['a missing hero', { root: section('root') }, { heroSection: 'h' }, 'The heroSection h does not exist'],
    ['a key that is not its id', { root: section('other') }, {}, 'different id'],
    [
      'two questions with one id',
      {
        root: section('root', ['a', 'b']),
        a: { id: 'a', type: 'question', question: { id: 'q', title: 'A', type: 'textQuestion' } },
        b: { id: 'b', type: 'question', question: { id: 'q', title: 'B', type: 'textQuestion' } },
      },
      {},
      'Two questions have the id q',
    ],
    [
      'a javascript: link',
      { root: { id: 'root', type: 'link', title: 'x', url: 'javascript:alert(1)' } },
      {},
      'Links must start',
    ],
    [
      'a data: image',
      { root: { id: 'root', type: 'image', alt: 'x', src: 'data:image/png;base64,AAAA' } },
      {},
      'Links must start',
    ],
    ['an unknown entity type', { root: { id: 'root', type: 'iframe' } }, {}, ''],
  ])('refuses %s', (_name, entities, extra, message) => {
    const parsed = config(entities, extra);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message).join('\n')).toContain(message);
  });
});

describe('page rules (spec 02 §2, §5)', () => {
  it('numbers sections 1, 1.1 in reading order, or not at all when hidden', () => {
    const entities = {
      root: section('root', ['a', 'text', 'b']),
      a: section('a', ['a1', 'a2']),
      a1: { id: 'a1', type: 'subSection', title: 'a1', childSectionIds: [] },
      a2: section('a2'),
      text: { id: 'text', type: 'textBlock', content: '<p>x</p>' },
      b: section('b'),
    };
    const parsed = documentConfigSchema.parse({ root: 'root', entities });
    expect(documentOutline(parsed).map((entry) => [entry.id, entry.number, entry.depth])).toEqual([
      ['a', '1', 0],
      ['a1', '1.1', 1],
      ['a2', '1.2', 1],
      ['b', '2', 0],
    ]);
    const hidden = { ...parsed, documentSettings: { hideSectionNumberings: true } };
    expect(documentOutline(hidden).every((entry) => entry.number === null)).toBe(true);
    expect(sectionAnchor('a')).toBe(sectionAnchor('a'));
    expect(sectionAnchor('a')).not.toBe(sectionAnchor('b'));
    expect(sectionAnchor('a')).toMatch(/^section-[0-9a-f]{8}$/);
  });

  it('drops the oldest pick past a checkbox maximum, and takes a pick off on a second click', () => {
    expect(togglePick(['A', 'B'], 'C', 2)).toEqual(['B', 'C']);
    expect(togglePick(['A', 'B'], 'B', 2)).toEqual(['A']);
    expect(togglePick([], 'A')).toEqual(['A']);
  });

  it.each([
    [null, '-'],
    ['', '-'],
    [[], '-'],
    [3.14159, '3.14'],
    [2, '2'],
    ['Green Belt', 'Green Belt'],
    [['a', 1.005], 'a, 1'],
  ])('shows %j in site info as %s', (value, text) => {
    expect(siteInfoText(value)).toBe(text);
  });
});
