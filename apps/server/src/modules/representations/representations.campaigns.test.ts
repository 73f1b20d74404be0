import { describe, expect, it } from 'vitest';
// Synthetic letters shared with the personal-data corpus (test data, not exported by the package).
import {
  campaignRepresentations,
  labelledRepresentations,
} from '../../../../../packages/shared/src/representations/personalData.corpus';
import { groupNearDuplicates, normaliseForComparison, rowsPerBand } from './representations.campaigns';

const LETTER =
  'I object to the allocation of Land at Mill Farm for 650 homes. The A256 is already at capacity at peak ' +
  'times, the village school is full and the GP surgery closed its list last year. The lower fields flood ' +
  'every winter and the sewage works cannot cope. Please remove the site from the Plan.';

describe('normaliseForComparison', () => {
  it.each([
    ['  Hello,   WORLD!  ', 'hello world'],
    ['<p>I <strong>object</strong></p><br/>to this', 'i object to this'],
    ['Fish&nbsp;&amp;&#160;chips', 'fish chips'],
    ["It's £250,000 — far too much…", 'it s 250 000 far too much'],
    ['Siân’s\r\nletter', 'siân s letter'],
  ])('%j → %j', (text, normalised) => {
    expect(normaliseForComparison(text)).toBe(normalised);
  });
});

describe('rowsPerBand', () => {
  it.each([
    [0.7, 4],
    [0.9, 4],
    [1, 4],
    [0.65, 2],
    [0.5, 2],
    [0.3, 1],
    [0.2, 1],
  ])('threshold %d → %d values a band', (threshold, rows) => {
    expect(rowsPerBand(threshold)).toBe(rows);
  });
});

describe('groupNearDuplicates (issue 15 point 5)', () => {
  it('returns no groups for no items', () => {
    expect(groupNearDuplicates([])).toEqual({ groups: [] });
  });

  it('always groups texts that are identical once normalised', () => {
    const { groups } = groupNearDuplicates([
      { id: 'a', text: LETTER },
      { id: 'b', text: 'Something else entirely, written by someone who lives in another village.' },
      { id: 'c', text: `<p>${LETTER.toUpperCase().replaceAll('.', '!')}</p>` },
      { id: 'd', text: LETTER.replaceAll(' ', '\n  ') },
    ]);
    expect(groups).toEqual([{ ids: ['a', 'c', 'd'], exemplarId: 'a', similarity: 1 }]);
  });

  it('groups short texts only when identical', () => {
    const { groups } = groupNearDuplicates([
      { id: 'a', text: 'I object to H3' },
      { id: 'b', text: 'I object to H4' },
      { id: 'c', text: 'I OBJECT to H3!' },
      { id: 'd', text: 'No' },
      { id: 'e', text: 'Yes' },
    ]);
    expect(groups).toEqual([{ ids: ['a', 'c'], exemplarId: 'a', similarity: 1 }]);
  });

  it('never groups empty texts', () => {
    expect(
      groupNearDuplicates([
        { id: 'a', text: '' },
        { id: 'b', text: ' <p></p> ' },
      ]).groups,
    ).toEqual([]);
  });

  it('groups a letter with a copy that reorders a clause and adds a name, not with a different letter', () => {
    const reordered = LETTER.replace(
      'the village school is full and the GP surgery closed its list last year',
      'the GP surgery closed its list last year and the village school is full',
    );
    const { groups } = groupNearDuplicates([
      {
        id: 'other',
        text: 'The Plan is sound and I support the new country park, the cycle route and the homes for older people.',
      },
      { id: 'original', text: LETTER },
      { id: 'copy', text: `${reordered}\n\nYours faithfully,\nJane Doe` },
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ ids: ['original', 'copy'], exemplarId: 'original' });
    expect(groups[0]!.similarity).toBeGreaterThanOrEqual(0.7);
  });

  it('follows the threshold', () => {
    // About as many words of the sender's own as of the letter: a similarity near one half.
    const half =
      `${LETTER} My own view, as someone who has walked these fields for thirty years with three generations ` +
      'of dogs, is that nobody at the council has ever visited them, seen the herons by the stream, or ' +
      'waited twenty minutes to turn right at the crossroads by the church on a wet Monday.';
    const items = [
      { id: 'a', text: LETTER },
      { id: 'b', text: half },
    ];
    expect(groupNearDuplicates(items).groups).toEqual([]);
    expect(groupNearDuplicates(items, { threshold: 0.3 }).groups).toHaveLength(1);
    expect(() => groupNearDuplicates(items, { threshold: 0 })).toThrow(RangeError);
    expect(() => groupNearDuplicates(items, { threshold: 1.5 })).toThrow(RangeError);
  });

  describe('known campaigns among individual letters', () => {
    // Three campaigns of 30, 55 and 80 copies (each copy with its sender's own name and address,
    // some with a sentence added, dropped or swapped) and 300 individual letters, interleaved.
    const sizes = [30, 55, 80];
    const campaigns = sizes.map((copies, c) =>
      campaignRepresentations(c, copies, 3).map((letter, i) => ({
        id: `campaign${c}-${i}`,
        text: letter.text,
      })),
    );
    const individuals = labelledRepresentations(300, 42).map((letter, i) => ({
      id: `individual-${i}`,
      text: letter.text,
    }));
    const items = [...individuals];
    for (const [i, copy] of campaigns.flat().entries()) items.splice((i * 7) % items.length, 0, copy);

    it('finds each campaign as exactly one group with all its copies, and groups no individual letter', () => {
      const { groups } = groupNearDuplicates(items);
      expect(groups.map((g) => g.ids.length)).toEqual([80, 55, 30]);
      for (const [c, copies] of campaigns.entries()) {
        const group = groups.find((g) => g.ids.includes(copies[0]!.id))!;
        expect(new Set(group.ids)).toEqual(new Set(copies.map((copy) => copy.id)));
        expect(group.exemplarId).toBe(items.find((item) => item.id.startsWith(`campaign${c}-`))!.id);
        expect(group.ids[0]).toBe(group.exemplarId);
        expect(group.similarity).toBeGreaterThan(0.5);
      }
    });

    it('gives the same groups whatever the order of the input, bar the exemplar', () => {
      const reversed = groupNearDuplicates([...items].reverse()).groups;
      expect(reversed.map((g) => new Set(g.ids))).toEqual(
        groupNearDuplicates(items).groups.map((g) => new Set(g.ids)),
      );
    });
  });
});
