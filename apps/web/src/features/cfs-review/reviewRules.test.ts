import { describe, expect, it } from 'vitest';
import type { ReviewList } from '@planning/shared';
import {
  awaitsDecision,
  bulkRefusals,
  callChoices,
  constraintsText,
  formatMoment,
  isConstraintsFilter,
  chosenCall,
  dayBars,
  exportFileName,
  formatDay,
  formatHectares,
  isReviewStatus,
  mapKey,
  mergeableSites,
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
  constraintLayers: 0,
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

describe('constraints and bulk actions', () => {
  it('reads the constraints filter from the address and names the count', () => {
    expect(isConstraintsFilter('with')).toBe(true);
    expect(isConstraintsFilter('without')).toBe(true);
    expect(isConstraintsFilter('some')).toBe(false);
    expect(isConstraintsFilter(null)).toBe(false);
    expect(constraintsText(0)).toBe('None');
    expect(constraintsText(1)).toBe('1 layer');
    expect(constraintsText(3)).toBe('3 layers');
  });

  it('lets only submissions awaiting review be decided together', () => {
    expect(awaitsDecision('new')).toBe(true);
    expect(awaitsDecision('in_review')).toBe(true);
    for (const status of ['draft', 'accepted', 'rejected', 'withdrawn'] as const)
      expect(awaitsDecision(status)).toBe(false);
  });

  it('lists each submission a bulk action did not do, by its reference and why', () => {
    expect(
      bulkRefusals(
        [
          { id: 'a', reference: 'CFS-2027-0001', outcome: 'done', message: null },
          { id: 'b', reference: 'CFS-2027-0002', outcome: 'not-awaiting', message: 'Already decided' },
          { id: 'c', reference: null, outcome: 'not-found', message: 'Submission not found' },
          { id: 'd', reference: null, outcome: 'not-found', message: null },
        ],
        [{ id: 'c', reference: 'CFS-2027-0003' }],
      ),
    ).toEqual([
      'CFS-2027-0002: Already decided',
      'CFS-2027-0003: Submission not found',
      'A submission: not done',
    ]);
  });

  it('gives the time the constraints were worked out, in the UK', () => {
    expect(formatMoment('2027-07-01T13:05:00Z')).toBe('1 July 2027 at 14:05');
    expect(formatMoment(null)).toBe('–');
  });
});

describe('merging into an existing site', () => {
  type Existing = { id: string; reference: string | null; name: string | null };
  const overlapping: Existing = { id: '7', reference: 'HELAA/7', name: 'Mill Lane' };
  const site = (siteId: string | null, boundary: unknown, sites: Existing[] = [overlapping]) => ({
    name: 'Paddock',
    boundary,
    siteId,
    overlaps: { sites },
  });

  it('offers the sites not yet added or merged, each with the existing sites it meets once', () => {
    expect(
      mergeableSites([
        site('12', {}),
        site(null, null),
        site(null, {}, [overlapping, overlapping, { id: '9', reference: null, name: null }]),
        { ...site(null, {}, []), name: '' },
      ]),
    ).toEqual([
      {
        index: 2,
        name: 'Paddock',
        choices: [
          { id: '7', label: 'HELAA/7 Mill Lane' },
          { id: '9', label: 'Site 9' },
        ],
      },
      { index: 3, name: 'Site 4', choices: [] },
    ]);
  });
});
