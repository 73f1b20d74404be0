/** Small text helpers shared by the personal-data detector's modules. */

// A letter or digit on either side means the match is part of a longer token ("HELAA-0123" is not
// the start of a telephone number; "SW1A 1AAB" is no postcode).
const WORD_CHAR = /[\p{L}\p{N}]/u;
export const isWordChar = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);

export function* matches(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  for (let m = global.exec(text); m; m = global.exec(text)) {
    yield m;
    if (m[0] === '') global.lastIndex++;
  }
}

export function stickyMatch(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? null;
}

/** Each word with a capital and then small letters, at the same offsets ("19 CASTLE STREET"). */
export function titleCase(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => {
    const titled = word[0]!.toUpperCase() + word.slice(1).toLowerCase();
    return titled.length === word.length ? titled : word;
  });
}
