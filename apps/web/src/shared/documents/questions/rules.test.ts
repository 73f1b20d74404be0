import { describe, expect, it } from 'vitest';
import { answerFor, characterCount, pickLimitsHint, togglePick } from './rules';

describe('togglePick (spec 02 §5: past the maximum the oldest pick is dropped)', () => {
  it.each([
    { picks: [], title: 'A', max: 2, expected: ['A'] },
    { picks: ['A'], title: 'B', max: 2, expected: ['A', 'B'] },
    { picks: ['A', 'B'], title: 'C', max: 2, expected: ['B', 'C'] },
    // The order is the order of picking, not of the options: B was picked first, so B goes.
    { picks: ['B', 'A'], title: 'C', max: 2, expected: ['A', 'C'] },
    { picks: ['A'], title: 'B', max: 1, expected: ['B'] },
    { picks: ['A', 'B', 'C'], title: 'D', max: undefined, expected: ['A', 'B', 'C', 'D'] },
  ])('$picks + $title (max $max) → $expected', ({ picks, title, max, expected }) => {
    expect(togglePick(picks, title, max)).toEqual(expected);
  });

  it('unticks a pick without touching the others', () => {
    expect(togglePick(['A', 'B', 'C'], 'B', 3)).toEqual(['A', 'C']);
  });

  it('drops the oldest again and again as picks go on past the maximum', () => {
    let picks: string[] = [];
    for (const title of ['A', 'B', 'C', 'D']) picks = togglePick(picks, title, 2);
    expect(picks).toEqual(['C', 'D']);
  });
});

describe('characterCount', () => {
  it('counts the characters used of the most allowed', () => {
    expect(characterCount('', 1000)).toBe('0 / 1000 characters');
    expect(characterCount('Hello', 1000)).toBe('5 / 1000 characters');
    expect(characterCount('x'.repeat(8000), 8000)).toBe('8000 / 8000 characters');
  });
});

describe('pickLimitsHint', () => {
  it.each([
    [{}, null],
    [{ minSelected: 1, maxSelected: 2 }, 'Select between 1 and 2 options.'],
    [{ minSelected: 2, maxSelected: 2 }, 'Select 2 options.'],
    [{ minSelected: 2 }, 'Select at least 2 options.'],
    [{ maxSelected: 3 }, 'Select up to 3 options.'],
    [{ maxSelected: 1 }, 'Select 1 option.'],
    [{ minSelected: 0 }, null],
  ])('%o → %s', (limits, hint) => {
    expect(pickLimitsHint(limits)).toBe(hint);
  });
});

describe('answerFor', () => {
  const answer = (questionId: string, relatedSiteId: string | null) => ({
    id: `${questionId}-${relatedSiteId}`,
    questionId,
    questionType: 'radioQuestion' as const,
    value: 'Yes',
    conditional: null,
    relatedSiteId,
    relatedSiteName: null,
    siteName: null,
    relatedSiteComment: null,
    createdAt: '',
    updatedAt: '',
  });
  const answers = [answer('q1', null), answer('q2', '7'), answer('q2', '8')];
  it('finds the answer to a question, and to a question about one site', () => {
    expect(answerFor(answers, 'q1')?.id).toBe('q1-null');
    expect(answerFor(answers, 'q2', '8')?.id).toBe('q2-8');
    expect(answerFor(answers, 'q2')).toBeUndefined();
    expect(answerFor(answers, 'q3')).toBeUndefined();
  });
});
