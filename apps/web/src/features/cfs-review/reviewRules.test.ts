import { describe, expect, it } from 'vitest';
import type { QuestionTopic, ReviewList } from '@planning/shared';
import {
  answerRows,
  callChoices,
  chosenCall,
  dayBars,
  exportFileName,
  formatDay,
  formatHectares,
  isReviewStatus,
  labelsOf,
  mapKey,
  overlapsTag,
  reviewStatusLabel,
} from './reviewRules';

const row = (callId: string, callName: string): ReviewList['submissions'][number] => ({
  id: `${callId}-row`,
  reference: 'CFS-2027-0001',
  callId,
  callName,
  status: 'new',
  submitter: 'Mair Evans',
  onBehalfOf: null,
  siteCount: 1,
  areaHa: 1.2,
  submittedAt: '2027-03-03T10:00:00Z',
  overlapsSites: 0,
});

describe('the call picker', () => {
  it('offers each call of the rows once, then the open and upcoming calls without submissions', () => {
    const choices = callChoices(
      [row('a', 'Call A'), row('b', 'Call B'), row('a', 'Call A')],
      [
        { id: 'b', name: 'Call B' },
        { id: 'c', name: 'Call C' },
      ],
    );
    expect(choices).toEqual([
      { id: 'a', name: 'Call A' },
      { id: 'b', name: 'Call B' },
      { id: 'c', name: 'Call C' },
    ]);
  });

  it("chooses the address's call when it is one of them, else the first, else none", () => {
    const choices = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ];
    expect(chosenCall(choices, 'b')?.id).toBe('b');
    expect(chosenCall(choices, 'gone')?.id).toBe('a');
    expect(chosenCall(choices, null)?.id).toBe('a');
    expect(chosenCall([], 'a')).toBeNull();
  });
});

describe('statuses and figures', () => {
  it('names the statuses as the officers read them', () => {
    expect(reviewStatusLabel('new')).toBe('New');
    expect(reviewStatusLabel('in_review')).toBe('In review');
    expect(reviewStatusLabel('rejected')).toBe('Not accepted');
    expect(isReviewStatus('accepted')).toBe(true);
    expect(isReviewStatus('draft')).toBe(false);
    expect(isReviewStatus(null)).toBe(false);
  });

  it('tags rows whose land meets existing sites', () => {
    expect(overlapsTag(0)).toBeNull();
    expect(overlapsTag(1)).toBe('Overlaps 1 site');
    expect(overlapsTag(3)).toBe('Overlaps 3 sites');
  });

  it('formats areas and days', () => {
    expect(formatHectares(2.345)).toBe('2.35 ha');
    expect(formatHectares(null)).toBe('–');
    expect(formatDay('2027-03-03')).toBe('3 March 2027');
    expect(formatDay('2027-03-03T23:30:00Z')).toBe('3 March 2027');
    expect(formatDay(null)).toBe('–');
  });

  it("scales the day bars to the busiest day's", () => {
    expect(
      dayBars([
        { day: '2027-03-01', submissions: 2 },
        { day: '2027-03-02', submissions: 4 },
        { day: '2027-03-03', submissions: 0 },
      ]).map((bar) => bar.percent),
    ).toEqual([50, 100, 0]);
    expect(dayBars([])).toEqual([]);
  });

  it("keys the map's statuses that have outlines, with how many", () => {
    const feature = (status: string) => ({
      type: 'Feature' as const,
      geometry: { type: 'Polygon' as const, coordinates: [] },
      properties: { submissionId: 's', reference: null, status, name: 'Field' },
    });
    expect(mapKey([feature('accepted'), feature('new'), feature('new')])).toEqual([
      { status: 'new', label: 'New', count: 2 },
      { status: 'accepted', label: 'Accepted', count: 1 },
    ]);
  });

  it('names the export after the call', () => {
    expect(exportFileName('Call for sites 2027', 'csv')).toBe('call-for-sites-2027-submissions.csv');
    expect(exportFileName('***', 'gpkg')).toBe('call-for-sites-submissions.gpkg');
  });
});

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
