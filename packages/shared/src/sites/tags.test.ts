import { describe, expect, it } from 'vitest';
import { normaliseTagName, tagMessages, tagNameSchema, tagSuggestions } from './tags';

describe('tags (spec 01 §4, §5)', () => {
  it('normalises a typed tag: trimmed, spaces to hyphens, lower case', () => {
    expect(normaliseTagName('  Flood  Zone 2 ')).toBe('flood-zone-2');
    expect(normaliseTagName('Brownfield')).toBe('brownfield');
  });

  it('needs 3 characters after normalising', () => {
    expect(tagNameSchema.safeParse('  ab  ').error?.issues[0]?.message).toBe(tagMessages.tooShort);
    expect(tagNameSchema.safeParse('   ').error?.issues[0]?.message).toBe(tagMessages.empty);
    expect(tagNameSchema.parse(' A b ')).toBe('a-b');
  });

  it('suggests at most 8 matching tags, none already applied (any case)', () => {
    const all = Array.from({ length: 12 }, (_, i) => `flood-${String(i).padStart(2, '0')}`);
    const suggested = tagSuggestions(all, ['FLOOD-00'], 'Flood');
    expect(suggested).toHaveLength(8);
    expect(suggested).not.toContain('flood-00');
    expect(suggested[0]).toBe('flood-01');
    expect(tagSuggestions(['green-belt', 'brownfield'], [], 'green belt')).toEqual(['green-belt']);
  });
});
