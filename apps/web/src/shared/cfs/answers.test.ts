import { describe, expect, it } from 'vitest';
import type { QuestionTopic } from '@planning/shared';
import { answerRows, labelsOf } from './answers';

describe('answers', () => {
  const topics: QuestionTopic[] = [
    {
      id: 'access',
      title: 'Access',
      showMode: 'all',
      questions: [
        {
          kind: 'Preferences',
          id: 'q-access',
          question: 'How is the site reached?',
          options: [
            { id: 'road', label: 'From a public road' },
            { id: 'track', label: 'By a private track' },
          ],
        },
        { kind: 'Opinion', id: 'q-viable', question: 'Is it viable?', scale: ['No', 'Yes'] },
        {
          kind: 'Ranking',
          id: 'q-rank',
          question: 'Rank what it offers',
          items: [
            { id: 'homes', label: 'Homes' },
            { id: 'jobs', label: 'Jobs' },
          ],
        },
        { kind: 'Comment', id: 'q-history', question: 'Its history?' },
      ],
    },
  ];

  it("reads answers in the questionnaire's order, with the chosen options' labels", () => {
    expect(
      answerRows(topics, {
        'q-history': 'Grazing',
        'q-rank': ['jobs', 'homes'],
        'q-access': ['track', 'road'],
        'q-viable': 'Yes',
        'q-gone': 'Kept',
      }),
    ).toEqual([
      {
        id: 'q-access',
        topic: 'Access',
        question: 'How is the site reached?',
        answer: 'By a private track, From a public road',
      },
      { id: 'q-viable', topic: 'Access', question: 'Is it viable?', answer: 'Yes' },
      { id: 'q-rank', topic: 'Access', question: 'Rank what it offers', answer: '1. Jobs, 2. Homes' },
      { id: 'q-history', topic: 'Access', question: 'Its history?', answer: 'Grazing' },
      { id: 'q-gone', topic: '', question: 'q-gone', answer: 'Kept' },
    ]);
  });

  it('leaves out unanswered questions and names unknown options by their ids', () => {
    expect(answerRows(topics, { 'q-access': [] })).toEqual([]);
    expect(labelsOf({ housing: 'Housing' }, ['housing', 'moon'])).toEqual(['Housing', 'moon']);
  });
});
