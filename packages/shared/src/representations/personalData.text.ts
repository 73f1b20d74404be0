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

/**
 * The text title-cased where `keep` matches (whole lines when `lines`), blanked elsewhere with the
 * line breaks kept: offsets stay the same, and a second pass over a long letter only reads what
 * may hold a capitals or small-letters address or name.
 */
export function titleCaseWhere(text: string, keep: RegExp, { lines }: { lines: boolean }): string {
  const ranges: { from: number; to: number }[] = [];
  if (lines) {
    let from = 0;
    const all = text.split('\n');
    for (const [index, line] of all.entries()) {
      // The two lines after a match too: a town and a postcode below the street.
      if (keep.test(line)) {
        let to = from + line.length;
        for (let next = index + 1; next <= index + 2 && next < all.length; next++)
          to += 1 + all[next]!.length;
        ranges.push({ from, to });
      }
      from += line.length + 1;
    }
  } else {
    for (const m of text.matchAll(new RegExp(keep.source, `${keep.flags.replace('g', '')}g`)))
      ranges.push({ from: m.index, to: m.index + m[0].length });
  }
  if (ranges.length === 0) return blank(text);
  let out = '';
  let at = 0;
  for (const r of ranges) {
    const from = Math.max(r.from, at);
    out += blank(text.slice(at, from)) + titleCase(text.slice(from, r.to));
    at = Math.max(at, r.to);
  }
  return out + blank(text.slice(at));
}

const blank = (text: string) =>
  text
    .split('\n')
    .map((line) => ' '.repeat(line.length))
    .join('\n');
