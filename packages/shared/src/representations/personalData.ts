import { isOrganisationContact } from './personalData.context';
import type { RedactionType } from './statuses';

/**
 * Personal data in a representation's text, proposed for redaction (issue 15 point 4).
 *
 * Everything here only proposes: an officer accepts or dismisses each proposal in the editor, which
 * turns accepted ones into redaction marks. So the rules lean towards finding things (a missed
 * telephone number is published; a wrong proposal costs one click), but stay narrow enough that the
 * list is worth reading: names are looked for only after a cue (a title, a sign-off, "My name is"),
 * never by guessing which capitalised words are people.
 *
 * Offsets are UTF-16 code units into the text, `to` exclusive, as String.prototype.slice takes them.
 */

/** The spec's redaction types (spec 02 §3) less 'other', which needs a person's judgement. */
export type PersonalDataKind = Exclude<RedactionType, 'other'>;
export const personalDataKinds = [
  'name',
  'telephone number',
  'email address',
  'address',
] as const satisfies readonly PersonalDataKind[];

export type PersonalDataProposal = { kind: PersonalDataKind; from: number; to: number; text: string };
type Found = { kind: PersonalDataKind; from: number; to: number };

export const personalDataMessages = {
  proposalsFound: (count: number) =>
    count === 1
      ? '1 possible piece of personal data found'
      : `${count} possible pieces of personal data found`,
  noneFound: 'No personal data found',
} as const;

export function detectPersonalData(text: string, known?: { names?: string[] }): PersonalDataProposal[] {
  const found: Found[] = [...findEmailAddresses(text), ...findTelephoneNumbers(text), ...findAddresses(text)];
  found.push(...findNames(text, known?.names ?? []), ...findSenderBlocks(text, found));
  return keepLongest(found)
    .filter((f) => f.kind === 'name' || !isOrganisationContact(text, f, f.kind))
    .map((f) => ({ ...f, text: text.slice(f.from, f.to) }));
}

// When two finds overlap the longer one is kept (an address with its postcode beats the postcode;
// an email address beats a known name inside it). On equal length the more specific kind wins.
const specificity: Record<PersonalDataKind, number> = {
  'email address': 0,
  'telephone number': 1,
  address: 2,
  name: 3,
};

function keepLongest(found: Found[]): Found[] {
  // Only finds that overlap, directly or through others, compete: resolve each such cluster alone
  // so a long text with thousands of finds is not compared all against all.
  const kept: Found[] = [];
  const byStart = [...found].sort((a, b) => a.from - b.from);
  let cluster: Found[] = [];
  let clusterEnd = -1;
  for (const candidate of [...byStart, null]) {
    if (candidate === null || candidate.from >= clusterEnd) {
      const byPreference = cluster.sort(
        (a, b) =>
          b.to - b.from - (a.to - a.from) || specificity[a.kind] - specificity[b.kind] || a.from - b.from,
      );
      const chosen: Found[] = [];
      for (const c of byPreference) if (chosen.every((k) => c.to <= k.from || c.from >= k.to)) chosen.push(c);
      kept.push(...chosen.sort((a, b) => a.from - b.from));
      cluster = [];
    }
    if (candidate === null) break;
    cluster.push(candidate);
    clusterEnd = Math.max(clusterEnd, candidate.to);
  }
  return kept;
}

// A letter or digit on either side means the match is part of a longer token ("HELAA-0123" is not
// the start of a telephone number; "SW1A 1AAB" is no postcode).
const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);

function* matches(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  for (let m = global.exec(text); m; m = global.exec(text)) {
    yield m;
    if (m[0] === '') global.lastIndex++;
  }
}

// ---------------------------------------------------------------------------------------------
// Email addresses

const EMAIL =
  /(?<![\p{L}\p{N}._%+-])[A-Za-z0-9](?:[A-Za-z0-9._%+'-]*[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}(?![\p{L}\p{N}-])/u;

function findEmailAddresses(text: string): Found[] {
  return [...matches(EMAIL, text)].map((m) => ({
    kind: 'email address',
    from: m.index,
    to: m.index + m[0].length,
  }));
}

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

function stickyMatch(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? null;
}

/** A number starts a telephone number only when it is not the tail of another token. */
function canStartTelephoneNumber(text: string, at: number): boolean {
  const before = text[at - 1];
  if (before === undefined) return true;
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

function findTelephoneNumbers(text: string): Found[] {
  const found: Found[] = [];
  PHONE_START.lastIndex = 0;
  for (let m = PHONE_START.exec(text); m; m = PHONE_START.exec(text)) {
    if (!canStartTelephoneNumber(text, m.index)) continue;
    const number = readTelephoneNumber(text, m.index);
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

// ---------------------------------------------------------------------------------------------
// Postcodes and addresses

/** The GOV.UK bulk-data postcode pattern, anchored whole (as published its ^ and $ bind loosely). */
const POSTCODE_EXACT =
  /^(?:GIR ?0AA|(?:[A-Z][0-9]{1,2}|[A-Z][A-HJ-Y][0-9]{1,2}|[A-Z][0-9][A-Z]|[A-Z][A-HJ-Y][0-9][A-Z]?) ?[0-9][A-Z]{2})$/i;
const POSTCODE_CANDIDATE =
  /(?<![\p{L}\p{N}])[A-Za-z]{1,2}[0-9][A-Za-z0-9]?[ \u00a0]?[0-9][A-Za-z]{2}(?![\p{L}\p{N}])/u;
// "the M2 3rd exit": an inward code that is an ordinal, written in lower case, is English.
const ORDINAL_INWARD = /(?:1st|2nd|3rd|[04-9]th)$/; // case-sensitive: "ME1 1ST" is a postcode

export function findUkPostcodes(text: string): { from: number; to: number }[] {
  const found: { from: number; to: number }[] = [];
  for (const m of matches(POSTCODE_CANDIDATE, text)) {
    const candidate = m[0].replace('\u00a0', ' ');
    if (!POSTCODE_EXACT.test(candidate) || ORDINAL_INWARD.test(candidate)) continue;
    found.push({ from: m.index, to: m.index + m[0].length });
  }
  return found;
}

// prettier-ignore
const STREET_TYPES = [
  'Road', 'Rd', 'Street', 'St', 'Lane', 'Avenue', 'Ave', 'Close', 'Drive', 'Way', 'Court', 'Crescent',
  'Gardens', 'Place', 'Terrace', 'Grove', 'Hill', 'Park', 'Row', 'Walk', 'Square', 'Mews', 'View', 'Rise',
  'Green', 'Parade', 'Gate', 'Meadow', 'Meadows', 'Cottages', 'Wharf',
];
const STREET_TYPE = `(?:${STREET_TYPES.join('|')})`;
const CAPITALISED = `(?:The|St\\.?|\\p{Lu}[\\p{Ll}'’]+(?:-\\p{Lu}[\\p{Ll}'’]+)*)`;
const GAP = '[ \\t\\u00a0]+';
// A house number (1 to 3 digits: "In 2021 Station Road flooded" is a year, not an address), then at
// least one capitalised word before the street type ("15 Park and Ride spaces" is no address).
const STREET_ADDRESS = new RegExp(
  `(?<![\\p{L}\\p{N}£$./,-])(?:(?:Flat|Apartment|Apt|Unit)\\.?${GAP}\\d{1,4}[A-Za-z]?,?${GAP})?` +
    `\\d{1,3}[A-Za-z]?(?:${GAP}?[-–]${GAP}?\\d{1,3}[A-Za-z]?)?,?${GAP}` +
    `(?:${CAPITALISED}${GAP}){1,3}${STREET_TYPE}(?![\\p{L}\\p{N}])`,
  'u',
);
// prettier-ignore
const HOUSE_WORDS = [
  'Cottage', 'Cottages', 'House', 'Farm', 'Farmhouse', 'Barn', 'Lodge', 'Rectory', 'Vicarage', 'Manor',
  'Hall', 'Oast', 'Mill', 'Bungalow',
];
const HOUSE_NAME = `(?:${CAPITALISED}${GAP}){0,3}(?:${HOUSE_WORDS.join('|')})`;
const STREET_NAME = `(?:${CAPITALISED}${GAP}){1,3}${STREET_TYPE}`;
// Address lines with no number: "Rose Cottage", "The Old Rectory"; "Mill Lane".
const HOUSE_LINE = new RegExp(`^${HOUSE_NAME}$`, 'u');
const FLAT_LINE = /^(?:Flat|Apartment|Apt|Unit)\.?[ \t\u00a0]+\d{1,4}[A-Za-z]?$/u;
const UNNUMBERED_LINE = new RegExp(`^(?:${HOUSE_NAME}|${STREET_NAME})$`, 'u');
// "Rose Cottage, Mill Lane": a named house and its street is an address without a postcode too.
const NAMED_HOUSE_ADDRESS = new RegExp(
  `(?<![\\p{L}\\p{N}])${HOUSE_NAME}(?:,?${GAP}|,?\\r?\\n)${STREET_NAME}(?![\\p{L}\\p{N}])`,
  'u',
);
// Town, county or district lines between the street and the postcode: a few capitalised words.
const PLACE_LINE = /^(?:(?:\p{Lu}[\p{L}'’.-]*|on|upon|in|by|the|le|de|next|under|sea)[ \t\u00a0]*){1,5}$/u;

type Part = { from: number; to: number; text: string };

/** The comma- or line-separated parts of the text before `at`, nearest first, at most `limit`. */
function partsBefore(text: string, at: number, limit: number): Part[] {
  const parts: Part[] = [];
  let end = at;
  for (let i = at - 1; i >= -1 && parts.length < limit; i--) {
    const char = i >= 0 ? text[i] : '\n';
    if (char === ',' || char === '\n' || char === '\r' || i === -1) {
      parts.push({ from: i + 1, to: end, text: text.slice(i + 1, end) });
      // A blank line ends an address block.
      if (char === '\n' && text[i - 1] === '\n') break;
      if (char === '\n' && text[i - 1] === '\r' && text[i - 2] === '\n') break;
      end = i;
    }
  }
  return parts;
}

function addressStartBefore(text: string, postcodeFrom: number): number | null {
  const parts = partsBefore(text, postcodeFrom, 5);
  let start: number | null = null;
  for (const [index, part] of parts.entries()) {
    const trimmed = part.text.trim();
    if (index === 0 && trimmed === '') continue; // "ME1 2AB" starts its own line or part
    const street = [...matches(STREET_ADDRESS, part.text)].at(-1);
    if (street) {
      const rest = part.text.slice(street.index + street[0].length).trim();
      if (rest !== '' && !PLACE_LINE.test(rest)) return start;
      // A named house or a flat on the line or part above belongs to it: "Apple Tree Cottage\n158
      // Willow Avenue", "Flat 3, 22 High Street".
      const above = parts[index + 1];
      const aboveText = above?.text.trim() ?? '';
      if (
        above &&
        part.text.slice(0, street.index).trim() === '' &&
        (HOUSE_LINE.test(aboveText) || FLAT_LINE.test(aboveText))
      ) {
        return above.from + above.text.indexOf(above.text.trim());
      }
      return part.from + street.index;
    }
    if (trimmed !== '' && UNNUMBERED_LINE.test(trimmed) && index > 0) {
      start = part.from + part.text.indexOf(trimmed);
      continue;
    }
    if (trimmed === '' || !PLACE_LINE.test(trimmed)) return start;
  }
  return start;
}

/** Overlapping address finds are one address ("Rose Cottage, Mill Lane" and "Mill Lane, ME1 2AB"). */
function mergeOverlapping(addresses: Found[]): Found[] {
  const merged: Found[] = [];
  for (const address of [...addresses].sort((a, b) => a.from - b.from)) {
    const last = merged.at(-1);
    if (last && address.from < last.to) last.to = Math.max(last.to, address.to);
    else merged.push({ ...address });
  }
  return merged;
}

function findAddresses(text: string): Found[] {
  const found: Found[] = [];
  for (const pattern of [STREET_ADDRESS, NAMED_HOUSE_ADDRESS]) {
    for (const m of matches(pattern, text))
      found.push({ kind: 'address', from: m.index, to: m.index + m[0].length });
  }
  for (const postcode of findUkPostcodes(text)) {
    found.push({
      kind: 'address',
      from: addressStartBefore(text, postcode.from) ?? postcode.from,
      to: postcode.to,
    });
  }
  return mergeOverlapping(found);
}

// ---------------------------------------------------------------------------------------------
// Names

// prettier-ignore
const TITLES = [
  'Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Prof', 'Professor', 'Cllr', 'Councillor', 'Sir', 'Dame', 'Rev',
  'Revd',
];
const TITLE = `(?:Mr\\.?[ \\t]+(?:and|&)[ \\t]+Mrs|${TITLES.join('|')})\\.?`;
const TITLE_AT = new RegExp(`(?<![\\p{L}\\p{N}])${TITLE}[ \\t\\u00a0]+`, 'gu');

// Words that end a name when they follow it ("Mr Smith Planning Officer") and that never make a
// sign-off line a person's name ("Kent Wildlife Trust").
// prettier-ignore
const NOT_NAME_WORDS = [
  'Council', 'Borough', 'District', 'County', 'Parish', 'Town', 'City', 'Planning', 'Plan', 'Local',
  'Policy', 'Policies', 'Officer', 'Officers', 'Inspector', 'Team', 'Department', 'Committee', 'Trust',
  'Society', 'Association', 'Group', 'Forum', 'Partnership', 'Network', 'Campaign', 'Action', 'Alliance',
  'Federation', 'Residents', 'Resident', 'Ltd', 'Limited', 'LLP', 'PLC', 'Homes', 'Developments',
  'Estates', 'Consultants', 'Consulting', 'Associates', 'Agency', 'England', 'Kent', 'Water', 'Wildlife',
  'Woodland', 'Highways', 'School', 'Surgery', 'Practice', 'Hospital', 'Church', 'Station', 'Regulation',
  'Consultation', 'Objection', 'Objector', 'Objectors', 'Representation', 'MP', 'Chair', 'Chairman',
  'Secretary', 'Clerk', 'Director', 'Manager', 'Sent', 'Enc', 'Encl', 'Attachments', 'Attachment',
  'Sincerely', 'Faithfully', 'Regards', 'Thanks', 'Thank', 'Best', 'Kind', 'Yours', 'Dear', 'Please',
  'The', 'This', 'That', 'We', 'My', 'Our', 'It', 'Green', 'Belt', 'January', 'February', 'March',
  'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December', 'Monday',
  'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
];
const NOT_NAMES = new Set(
  [...NOT_NAME_WORDS, ...STREET_TYPES, ...HOUSE_WORDS].map((word) => word.toLowerCase()),
);
// "Mrs Green", "Dr Hill", "Jane Green": after a title, or after a first name, these are surnames.
// prettier-ignore
const SURNAMES_TOO = new Set([
  'green', 'hill', 'park', 'wood', 'street', 'may', 'lane', 'best', 'kind', 'church', 'town', 'march',
]);

// A capitalised word (O'Brien, McDonald, Smith-Jones, Siân) or an initial (J, J.).
const NAME_WORD =
  /(?:\p{Lu}['’]\p{Lu}\p{Ll}+|\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?)(?:-\p{Lu}\p{Ll}+)*(?![\p{L}\p{N}])/uy;
const INITIAL = /\p{Lu}(?:\.|(?![\p{L}\p{N}]))/uy;
const NAME_GAP = /[ \t\u00a0]+|(?<=\.)(?=\p{Lu})/uy;

type NameRun = { from: number; to: number; words: string[] };
type NameOptions = { maxWords: number; afterTitle?: boolean; allowAnd?: boolean };

const isNameWord = (word: string, position: number, { afterTitle = false }: { afterTitle?: boolean }) => {
  const lower = word.toLowerCase();
  // The word straight after a title is a name whatever it is ("Mrs Green"); later words that could
  // be surnames are too ("Jane Green"); any other non-name word ends the name.
  return (afterTitle && position === 0) || !NOT_NAMES.has(lower) || (position > 0 && SURNAMES_TOO.has(lower));
};

/**
 * The name starting at `from`: up to `maxWords` capitalised words or initials on one line, ending
 * on a word (not an initial) and before any word that is not a name. With `allowAnd`, a couple
 * signing together: "Jane and Peter Doe".
 */
function readName(
  text: string,
  from: number,
  { maxWords, afterTitle = false, allowAnd = false }: NameOptions,
): NameRun | null {
  let at = from;
  let end: number | null = null;
  const words: string[] = [];
  while (words.length < maxWords) {
    const word = stickyMatch(NAME_WORD, text, at);
    if (word !== null) {
      if (!isNameWord(word, words.length, { afterTitle })) break;
      at += word.length;
      end = at;
      words.push(word);
    } else {
      const initial = stickyMatch(INITIAL, text, at);
      if (initial === null) break;
      at += initial.length;
      words.push(initial);
    }
    const gap = stickyMatch(NAME_GAP, text, at);
    if (gap === null) break;
    at += gap.length;
    const and = allowAnd && end !== null ? stickyMatch(/(?:and|&)[ \t\u00a0]+(?=\p{Lu})/uy, text, at) : null;
    if (and !== null) at += and.length;
  }
  return end === null ? null : { from, to: end, words };
}

const SIGN_OFF =
  /^[ \t]*(?:Yours(?:[ \t]+(?:sincerely|faithfully|truly))?|(?:(?:Kind|Best|Warm|Many)[ \t]+)?(?:regards|thanks)|Thank[ \t]+you|Best[ \t]+wishes|Best|With[ \t]+thanks|Sincerely|Cheers)[ \t]*[,.!]?[ \t]*\r?\n(?:[ \t]*\r?\n){0,2}/gimu;
const INTRODUCTION = /(?<![\p{L}])[Mm]y[ \t]+name[ \t]+is[ \t]+/gu;
// "I, Jane Doe, wish to object": the name must be closed by a comma too ("I, for one, …" has none).
const I_COMMA = /(?<![\p{L}])I,[ \t]+(?=\p{Lu})/gu;
const FIELD_LABEL =
  /^[ \t]*(?:From|Name|Full name|Your name|Sender|Signed|Submitted by|Respondent)[ \t]*:[ \t]*"?/gimu;
const RELATIVE =
  /(?<![\p{L}])[Mm]y[ \t]+(?:late[ \t]+)?(?:husband|wife|partner|son|daughter|neighbour|neighbours|mother|father|mum|dad|brother|sister|friend)[ \t]*,?[ \t]+(?=\p{Lu})/gu;
const TITLE_THEN_GAP = new RegExp(`${TITLE}[ \\t\\u00a0]+`, 'uy');
// What may follow a signature on its line: nothing, a comma and a role, or "(Mrs)".
const SIGNATURE_END = /^[ \t]*(?:,.*|\((?:Mr|Mrs|Ms|Miss|Dr)\)[ \t]*)?\r?$/u;
// A signature in capitals or in lower case: two or three plain words, perhaps a role after a comma.
const PLAIN_SIGNATURE = /^([\p{L}'’-]+(?:[ \t]+[\p{L}'’-]+){1,2})[ \t]*(?:,.*)?\r?$/u;
// A lower-case signature ("jane doe") is taken only after a sign-off, and only if no word is common
// English ("sent from my iphone").
// prettier-ignore
const COMMON_WORDS = new Set([
  'sent', 'from', 'my', 'iphone', 'ipad', 'the', 'and', 'for', 'of', 'to', 'a', 'an', 'in', 'on', 'again',
  'all', 'you', 'very', 'much',
]);

type Line = { from: number; text: string };

function lineAt(text: string, from: number): Line {
  const end = text.indexOf('\n', from);
  return { from, text: text.slice(from, end === -1 ? text.length : end) };
}

/** The line above the one starting at `lineStart`, unless there is none or it is blank. */
function lineAbove(text: string, lineStart: number): Line | null {
  if (lineStart < 2 || text[lineStart - 1] !== '\n') return null;
  const from = text.lastIndexOf('\n', lineStart - 2) + 1;
  const line = lineAt(text, from);
  return line.text.trim() === '' ? null : line;
}

/** A whole line that is a name, possibly with a title: "Jane Doe", "Mrs J. Doe", "JANE DOE". */
function nameLine(text: string, from: number, { lowerCase }: { lowerCase: boolean }): NameRun | null {
  const line = lineAt(text, from);
  const lead = line.text.length - line.text.trimStart().length;
  const start = from + lead;
  const title = stickyMatch(TITLE_THEN_GAP, text, start);
  const run = readName(text, start + (title?.length ?? 0), {
    maxWords: 4,
    afterTitle: title !== null,
    allowAnd: true,
  });
  if (run !== null && SIGNATURE_END.test(text.slice(run.to, from + line.text.length)))
    return { ...run, from: start };
  const plain = PLAIN_SIGNATURE.exec(line.text.slice(lead));
  if (plain === null) return null;
  const words = plain[1]!.split(/[ \t]+/);
  const allUpper = words.every((w) => w === w.toUpperCase() && w.length > 1);
  const allLower = lowerCase && words.every((w) => w === w.toLowerCase());
  if (!allUpper && !allLower) return null;
  const capitalised = words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase());
  if (capitalised.some((w, i) => !isNameWord(w, i, {}) || COMMON_WORDS.has(w.toLowerCase()))) return null;
  return { from: start, to: start + plain[1]!.length, words };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function findKnownNames(text: string, names: string[]): Found[] {
  const found: Found[] = [];
  for (const name of names) {
    const words = name
      .trim()
      .split(/\s+/)
      .filter((w) => w.length > 0);
    if (words.length === 0) continue;
    const whole = new RegExp(
      `(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join('[\\s\\u00a0]+')}(?![\\p{L}\\p{N}])`,
      'giu',
    );
    for (const m of matches(whole, text))
      found.push({ kind: 'name', from: m.index, to: m.index + m[0].length });
    // The surname on its own is too often a word ("Mrs Green", "Mr Hill"), so only after a title.
    const surname = words.at(-1)!;
    if (words.length > 1 && surname.length > 1) {
      const titled = new RegExp(
        `(?<![\\p{L}\\p{N}])${TITLE}[ \\t\\u00a0]+(?:\\p{Lu}\\.?[ \\t\\u00a0]*){0,3}${escapeRegExp(surname)}(?![\\p{L}\\p{N}])`,
        'giu',
      );
      for (const m of matches(titled, text))
        found.push({ kind: 'name', from: m.index, to: m.index + m[0].length });
    }
  }
  return found;
}

function findNames(text: string, knownNames: string[]): Found[] {
  const found: Found[] = findKnownNames(text, knownNames);
  const add = (run: NameRun | null) => {
    if (run) found.push({ kind: 'name', from: run.from, to: run.to });
  };
  // A title and the words after it: "Mrs Doe", "Cllr J. Smith", "Mr and Mrs Patel".
  for (const m of matches(TITLE_AT, text)) {
    const run = readName(text, m.index + m[0].length, { maxWords: 3, afterTitle: true });
    if (run) add({ ...run, from: m.index });
  }
  for (const m of matches(SIGN_OFF, text)) add(nameLine(text, m.index + m[0].length, { lowerCase: true }));
  for (const m of matches(FIELD_LABEL, text)) {
    const at = m.index + m[0].length;
    add(nameLine(text, at, { lowerCase: false }) ?? readName(text, at, { maxWords: 4 }));
  }
  for (const m of matches(INTRODUCTION, text)) {
    const at = m.index + m[0].length;
    const title = stickyMatch(TITLE_THEN_GAP, text, at);
    const run = readName(text, at + (title?.length ?? 0), { maxWords: 4, afterTitle: title !== null });
    if (run) add({ ...run, from: at });
  }
  for (const m of matches(I_COMMA, text)) {
    const run = readName(text, m.index + m[0].length, { maxWords: 4 });
    if (run && text[run.to] === ',') add(run);
  }
  for (const m of matches(RELATIVE, text)) add(readName(text, m.index + m[0].length, { maxWords: 2 }));
  return found;
}

/**
 * The sender's block at the head or foot of a letter: a line that is only a name, straight above
 * an address ("Jane Doe\n14 Mill Lane\nNewtown ME1 2AB"). When two such lines stand above the
 * address, the upper one is the name and the lower one the house's name ("Jane Doe\nLittle
 * Oaks\n14 Mill Lane"), which joins the address.
 */
function findSenderBlocks(text: string, found: readonly Found[]): Found[] {
  const blocks: Found[] = [];
  for (const address of found) {
    if (address.kind !== 'address') continue;
    let above = lineAbove(text, address.from);
    // Step over a house name that is not a name: "Rose Cottage", "Fairview".
    if (above && (HOUSE_LINE.test(above.text.trim()) || /^\p{Lu}\p{Ll}+$/u.test(above.text.trim()))) {
      above = lineAbove(text, above.from);
    }
    if (above === null) continue;
    const run = nameLine(text, above.from, { lowerCase: false });
    if (run === null || run.words.length < 2) continue;
    const higher = lineAbove(text, above.from);
    const higherName = higher && nameLine(text, higher.from, { lowerCase: true });
    if (higherName) {
      blocks.push({ kind: 'name', from: higherName.from, to: higherName.to });
      blocks.push({ kind: 'address', from: run.from, to: address.to });
    } else {
      blocks.push({ kind: 'name', from: run.from, to: run.to });
    }
  }
  return blocks;
}
