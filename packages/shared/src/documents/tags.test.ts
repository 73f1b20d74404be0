import { describe, expect, it } from 'vitest';
import { normaliseResponseTags, responseTagMessages, responseTagsProblem } from '../index';

describe('response tags (spec 02 §2 My responses)', () => {
  it.each([
    ['no tags at all', [], null],
    ['one short tag', ['Flooding'], null],
    ['a tag of 40 characters', ['a'.repeat(40)], null],
    ['spaces around a tag of 40', [`  ${'a'.repeat(40)}  `], null],
    ['ten tags', Array.from({ length: 10 }, (_, i) => `tag ${i}`), null],
    ['an empty tag', [''], responseTagMessages.tagEmpty],
    ['a tag of spaces only', ['Roads', '   '], responseTagMessages.tagEmpty],
    ['a tag of 41 characters', ['a'.repeat(41)], responseTagMessages.tagTooLong],
    ['eleven tags', Array.from({ length: 11 }, (_, i) => `tag ${i}`), responseTagMessages.tooManyTags],
    ['the same tag twice', ['Roads', 'Roads'], responseTagMessages.duplicateTag('Roads')],
    ['the same tag in another case', ['Roads', ' roads '], responseTagMessages.duplicateTag('roads')],
  ])('%s', (_name, tags, problem) => {
    expect(responseTagsProblem(tags)).toBe(problem);
  });

  it('keeps tags trimmed, in the order given', () => {
    expect(normaliseResponseTags([' Roads ', 'Flooding'])).toEqual(['Roads', 'Flooding']);
  });
});
