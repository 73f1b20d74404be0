import { describe, expect, it } from 'vitest';
import { PLACE_SEARCH_LIMITS, placeSearchMessages as M, placeSearchQuerySchema } from './index';
import { parsePostcodeQuery, placeKey, postcodeKey } from './rules';

describe('a place name as compared', () => {
  it.each([
    ['West Malling', 'west malling'],
    ["King's Hill", 'kings hill'],
    ['Kings  Hill', 'kings hill'],
    ['Stratford-upon-Avon', 'stratford upon avon'],
    ['  St. Mary’s Platt ', 'st marys platt'],
    ['Hop Farm (east) – phase 2', 'hop farm east phase 2'],
    ['Ynys Môn', 'ynys môn'],
    ['100%_done', '100 done'],
  ])('%s → %s', (value, key) => {
    expect(placeKey(value)).toBe(key);
  });
});

describe('a postcode typed in the box', () => {
  it.each([
    ['ME19 4AB', { level: 'unit', prefix: 'ME194AB', keyLength: 7, label: 'ME19 4AB' }],
    ['me194ab', { level: 'unit', prefix: 'ME194AB', keyLength: 7, label: 'ME19 4AB' }],
    [' sw1a   1aa ', { level: 'unit', prefix: 'SW1A1AA', keyLength: 7, label: 'SW1A 1AA' }],
    ['M1 1AE', { level: 'unit', prefix: 'M11AE', keyLength: 5, label: 'M1 1AE' }],
    ['ME19', { level: 'district', prefix: 'ME19', keyLength: 7, label: 'ME19' }],
    ['tn9', { level: 'district', prefix: 'TN9', keyLength: 6, label: 'TN9' }],
    ['EC1A', { level: 'district', prefix: 'EC1A', keyLength: 7, label: 'EC1A' }],
    ['ME19 4', { level: 'sector', prefix: 'ME194', keyLength: 7, label: 'ME19 4' }],
    ['ME19 4a', { level: 'units', prefix: 'ME194A', keyLength: 7, label: 'ME19 4A' }],
  ])('%s is a postcode query', (typed, query) => {
    expect(parsePostcodeQuery(typed)).toEqual(query);
  });

  it.each(['West Malling', 'ME', 'ME194', '1ME9 4AB', 'ME19 4AB extra', 'ME19 4ABC', '12', ''])(
    '%s is not',
    (typed) => {
      expect(parsePostcodeQuery(typed)).toBeNull();
    },
  );

  it('keeps a postcode as its letters and digits', () => {
    expect(postcodeKey('me19 4ab')).toBe('ME194AB');
    expect(postcodeKey(' ME19-4AB ')).toBe('ME194AB');
  });
});

describe('the place search query', () => {
  const problem = (q: unknown) => {
    const result = placeSearchQuerySchema.safeParse({ q });
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('takes a place or a postcode, trimmed', () => {
    expect(placeSearchQuerySchema.parse({ q: '  Tonbridge ' })).toEqual({ q: 'Tonbridge' });
    expect(problem('ME19')).toBeNull();
    expect(problem('Ab')).toBeNull();
  });

  it('refuses too little, punctuation alone, too much and no query, in words', () => {
    expect(problem('a')).toBe(M.tooShort);
    expect(problem('  ')).toBe(M.tooShort);
    expect(problem('!?')).toBe(M.tooShort);
    expect(problem('a-')).toBe(M.tooShort);
    expect(problem(undefined)).toBe(M.tooShort);
    expect(problem('x'.repeat(PLACE_SEARCH_LIMITS.maxLength + 1))).toBe(M.tooLong);
    expect(problem('x'.repeat(PLACE_SEARCH_LIMITS.maxLength))).toBeNull();
  });
});
