import { describe, expect, it } from 'vitest';
import { adminCallInputSchema, callStateAt, cfsMessages as M } from './calls';
import { answerLabels } from './submissions';

const call = { startsAt: '2027-01-10T09:00:00Z', endsAt: '2027-03-10T17:00:00Z', cancelled: false };

describe('a call for sites state', () => {
  it('is upcoming before it opens, open until the very moment it closes, then closed', () => {
    expect(callStateAt(call, new Date('2027-01-10T08:59:59Z'))).toBe('upcoming');
    expect(callStateAt(call, new Date('2027-01-10T09:00:00Z'))).toBe('open');
    expect(callStateAt(call, new Date('2027-03-10T16:59:59Z'))).toBe('open');
    expect(callStateAt(call, new Date('2027-03-10T17:00:00Z'))).toBe('closed');
  });

  it('is cancelled whatever its times say', () => {
    expect(callStateAt({ ...call, cancelled: true }, new Date('2027-02-01T00:00:00Z'))).toBe('cancelled');
  });
});

describe('a call for sites as an administrator writes it', () => {
  const valid = {
    name: 'Call for sites 2027',
    startsAt: call.startsAt,
    endsAt: call.endsAt,
    questionnaireConfigId: '0b8f6f52-8d55-4ac4-9d1c-6f1e0f4a2b11',
  };
  const messages = (input: object) => {
    const result = adminCallInputSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('takes no guidance and no layers as empty', () => {
    expect(adminCallInputSchema.parse(valid)).toMatchObject({ guidance: '', layerIds: [] });
  });

  it('says what is wrong in words an administrator reads', () => {
    expect(messages({ ...valid, name: ' ' })).toEqual([M.nameRequired]);
    expect(messages({ ...valid, endsAt: valid.startsAt })).toEqual([M.endAfterStart]);
    expect(messages({ ...valid, startsAt: 'next week' })).toContain(M.startRequired);
    expect(messages({ ...valid, questionnaireConfigId: undefined })).toEqual([M.questionnaireRequired]);
    const layer = '5d1c7a0e-3b7e-4f4e-9a53-2f0c2c8e9d01';
    expect(messages({ ...valid, layerIds: [layer, layer] })).toEqual([M.layerTwice]);
    expect(messages({ ...valid, guidance: 'x'.repeat(100_001) })).toEqual([M.guidanceTooLong(100_000)]);
  });
});

describe("a questionnaire answer in the submitter's words", () => {
  it('gives option labels, a ranking in order and numbered, and a scale point or text as given', () => {
    const options = [
      { id: 'road', label: 'From a public road' },
      { id: 'track', label: 'By a private track' },
    ];
    const preferences = { kind: 'Preferences', id: 'q1', question: 'Access?', options } as const;
    const ranking = { kind: 'Ranking', id: 'q2', question: 'Rank', items: options } as const;
    expect(answerLabels(preferences, ['track', 'gone'])).toEqual(['By a private track', 'gone']);
    expect(answerLabels(ranking, ['track', 'road'])).toEqual([
      '1. By a private track',
      '2. From a public road',
    ]);
    expect(answerLabels({ kind: 'Comment', id: 'q3', question: 'Notes' }, 'Owned since 1952')).toEqual([
      'Owned since 1952',
    ]);
    expect(answerLabels(undefined, ['road'])).toEqual(['road']);
  });
});
