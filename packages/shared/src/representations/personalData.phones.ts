import { isWordChar, stickyMatch } from './personalData.text';

type Found = { kind: 'telephone number'; from: number; to: number };

// ---------------------------------------------------------------------------------------------
// Telephone numbers
//
// libphonenumber-js is not used here: it rejects Ofcom's drama numbers (07700 900123, 01632 960123),
// which are exactly what test letters and training material contain, and its default leniency
// misses numbers written in free text. Instead: find a run of digit groups starting +44, 0044 or 0,
// then check what a UK number looks like once written nationally: 10 or 11 digits, starting 01, 02,
// 03, 05, 07 or 08.

const NATIONAL_NUMBER = /^0[123578]\d{8,9}$/;
// After a label ("DD: 01732 555 0192") a twelfth digit is a slip or a run-on extension, still theirs.
const LABELLED_NUMBER = /^0[123578]\d{8,10}$/;
const NUMBER_LABEL =
  /(?<![\p{L}])(?:DD|Direct(?:[ \t]+(?:dial|line))?|Tel|Telephone|Phone|T|M|Mob|Mobile)[ \t]*[:.][ \t]*$/u;
// Between digit groups: a space or two, or a dash or dot with a space either side or none. Never a
// slash (dates, planning references) or a comma (money).
const GROUP_SEPARATOR = /(?:[ \u00a0]?[-.–][ \u00a0]?|[ \u00a0]{1,2})(?=\d)/y;
const DIGITS = /\d+/y;
const PHONE_START = /\+44|0044|\(0|0/g;

/** A number starts a telephone number only when it is not the tail of another token. */
function canStartTelephoneNumber(text: string, at: number): boolean {
  const before = text[at - 1];
  if (before === undefined) return true;
  // A form's blank filled in: "Phone ___+44 7700 900 590___".
  if (before === '_' && text[at - 2] === '_') return true;
  if (isWordChar(before) || '/\\_£$€#'.includes(before)) return false;
  // An Ordnance Survey grid reference ("TQ 01234 56789") is two letters and two digit groups.
  if (/(?<![\p{L}\p{N}])[HNOST][A-HJ-Z][ \u00a0]$/u.test(text.slice(Math.max(0, at - 4), at))) return false;
  // "12.03.2024", "1,000", "5-07", "HELAA-0123": punctuation glued to a digit, or a dash glued to
  // a word, joins this number to another token ("Tel.01632 960123" still starts one).
  if ('-–'.includes(before)) return !isWordChar(text[at - 2]);
  if ('.,+'.includes(before)) return !/\d/.test(text[at - 2] ?? '');
  return true;
}

function readTelephoneNumber(text: string, from: number): Found | null {
  let at = from;
  let international = false;
  if (text.startsWith('+44', at) || text.startsWith('0044', at)) {
    international = true;
    at += text[at] === '+' ? 3 : 4;
    at += stickyMatch(/[ \u00a0]?[-.]?[ \u00a0]?/y, text, at)?.length ?? 0;
    // "+44 (0)20 …": the trunk 0 written in brackets for readers dialling from inside the UK.
    if (text.startsWith('(0)', at)) at += 3 + (stickyMatch(/[ \u00a0]?/y, text, at + 3)?.length ?? 0);
  }
  let digits = '';
  const ends: { at: number; digits: string }[] = [];
  for (let group = 0; group < 8; group++) {
    const bracketed = text[at] === '(' && group === 0 && !international;
    if (bracketed) at++;
    const run = stickyMatch(DIGITS, text, at);
    if (run === null) break;
    at += run.length;
    digits += run;
    if (bracketed) {
      if (text[at] !== ')') return null;
      at++;
    }
    ends.push({ at, digits });
    if (digits.length > 13) break;
    const separator = stickyMatch(GROUP_SEPARATOR, text, at);
    if (separator !== null) at += separator.length;
    else if (!(bracketed && /\d/.test(text[at] ?? ''))) break;
  }
  // The longest run of groups that makes a UK number: "01632 960123 24 hours a day" is a number
  // followed by another one; "0123 4567 8901 2345" never becomes one.
  for (const end of ends.reverse()) {
    const national = international && !end.digits.startsWith('0') ? `0${end.digits}` : end.digits;
    const labelled = NUMBER_LABEL.test(text.slice(Math.max(0, from - 16), from));
    if (!(labelled ? LABELLED_NUMBER : NATIONAL_NUMBER).test(national)) continue;
    const after = text[end.at];
    if (isWordChar(after) || (after === '/' && /\d/.test(text[end.at + 1] ?? ''))) return null;
    return { kind: 'telephone number', from, to: end.at };
  }
  return null;
}

// A number from abroad: + and a country code other than the UK's, then groups of digits, 9 to 15
// digits in all (E.164's most), as residents away or agents' overseas clients write them.
const FOREIGN_NUMBER =
  /(?<![\p{L}\p{N}+])\+(?!44)[1-9]\d{0,2}(?:[ \u00a0.-]?\(?\d{1,5}\)?){2,6}(?![\p{L}\p{N}])/gu;

function findForeignNumbers(text: string): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(FOREIGN_NUMBER)) {
    const digits = m[0].replace(/\D/g, '').length;
    if (digits >= 9 && digits <= 15)
      found.push({ kind: 'telephone number', from: m.index, to: m.index + m[0].length });
  }
  return found;
}

export function findTelephoneNumbers(text: string): Found[] {
  const found: Found[] = [...findForeignNumbers(text)];
  PHONE_START.lastIndex = 0;
  for (let m = PHONE_START.exec(text); m; m = PHONE_START.exec(text)) {
    if (!canStartTelephoneNumber(text, m.index)) continue;
    // "(07700 900123)": a mobile in brackets after its owner's name or address, not an area code in
    // them. A landline there is as often a body's, after its premises ("… ME14 3EN (01622 …)").
    const number =
      readTelephoneNumber(text, m.index) ??
      (m[0] === '(0' && text[m.index + 2] === '7' ? readTelephoneNumber(text, m.index + 1) : null);
    if (number) {
      found.push(number);
      PHONE_START.lastIndex = number.to;
    } else {
      // Skip the rest of this run of digits: its tail is not a new start.
      PHONE_START.lastIndex = m.index + (stickyMatch(/[+(]?\d+/y, text, m.index)?.length ?? 1);
    }
  }
  return found;
}

// Numbers written out or spaced so robots miss them (issue 26): "zero seven seven zero zero …",
// "oh seven seven oh oh, nine oh oh, one two four", "0 7 7 0 0 9 0 0 3 8 8", "07700 9OO 612".
const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  nought: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const SPELLED_TOKEN =
  /(?:zero|oh|nought|one|two|three|four|five|six|seven|eight|nine|double|treble|triple|[0-9O]+)(?![\p{L}\p{N}])/iuy;
const SPELLED_GAP = /[ \t,.-]{1,3}/y;
const SPELLED_START = /(?<![\p{L}\p{N}])(?:zero|oh|nought|0)(?![\p{L}])/giu;

export function findWrittenOutNumbers(text: string): Found[] {
  const found: Found[] = [];
  SPELLED_START.lastIndex = 0;
  for (let m = SPELLED_START.exec(text); m; m = SPELLED_START.exec(text)) {
    let at = m.index;
    let digits = '';
    let end = at;
    let repeat = 1;
    let tokens = 0;
    let obfuscated = false;
    for (;;) {
      const token = stickyMatch(SPELLED_TOKEN, text, at);
      if (token === null) break;
      const lower = token.toLowerCase();
      if (lower === 'double') repeat = 2;
      else if (lower === 'treble' || lower === 'triple') repeat = 3;
      else {
        const value = DIGIT_WORDS[lower] ?? token.replace(/O/g, '0');
        if (!/^\d+$/.test(value) || (value !== token && !(lower in DIGIT_WORDS) && !/\d/.test(token))) break;
        if (lower in DIGIT_WORDS || value !== token || token.length === 1) obfuscated = true;
        digits += value.repeat(repeat);
        repeat = 1;
      }
      tokens++;
      at += token.length;
      end = at;
      if (digits.length >= 11) break;
      const gap = stickyMatch(SPELLED_GAP, text, at);
      if (gap === null) break;
      at += gap.length;
    }
    if (obfuscated && tokens >= 3 && /^0[1-9]\d{8,9}$/.test(digits)) {
      found.push({ kind: 'telephone number', from: m.index, to: end });
      SPELLED_START.lastIndex = end;
    }
  }
  return found;
}
