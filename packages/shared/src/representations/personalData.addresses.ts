import { isForename } from './personalData.names';
import { matches, stickyMatch, titleCase, titleCaseWhere } from './personalData.text';

/**
 * Postcodes and postal addresses in a representation's text (issue 15 point 4, issue 26): as
 * written in title case, then all in capitals or all in small letters on a title-cased copy.
 */

type Found = { kind: 'address'; from: number; to: number };

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
export const STREET_TYPES = [
  'Road', 'Rd', 'Street', 'St', 'Lane', 'Avenue', 'Ave', 'Close', 'Drive', 'Way', 'Court', 'Crescent',
  'Gardens', 'Place', 'Terrace', 'Grove', 'Hill', 'Park', 'Row', 'Walk', 'Square', 'Mews', 'View', 'Rise',
  'Green', 'Parade', 'Gate', 'Meadow', 'Meadows', 'Cottages', 'Wharf', 'Wynd', 'Drove', 'Brae', 'Loan',
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
export const HOUSE_WORDS = [
  'Cottage', 'Cottages', 'House', 'Farm', 'Farmhouse', 'Barn', 'Lodge', 'Rectory', 'Vicarage', 'Manor',
  'Hall', 'Oast', 'Mill', 'Bungalow',
];
// Words that end a house's name too, but are also surnames ("Mr Croft", "Ms Grange"): kept out of
// the names' stop list that HOUSE_WORDS feeds.
// prettier-ignore
const MORE_HOUSE_WORDS = [
  'Forge', 'Granary', 'Stables', 'Maltings', 'Dairy', 'Croft', 'Grange', 'Villa', 'Smithy', 'Gatehouse',
  'Oasthouse', 'Schoolhouse', 'Coachhouse', 'Byre', 'Convent', 'Presbytery', 'Manse',
];
const HOUSE_NAME = `(?:${CAPITALISED}${GAP}){0,3}(?:${[...HOUSE_WORDS, ...MORE_HOUSE_WORDS].join('|')})`;
const STREET_NAME = `(?:${CAPITALISED}${GAP}){1,3}${STREET_TYPE}`;
// Address lines with no number: "Rose Cottage", "The Old Rectory"; "Mill Lane".
export const HOUSE_LINE = new RegExp(`^${HOUSE_NAME}$`, 'u');
const FLAT_LINE = /^(?:Flat|Apartment|Apt|Unit)\.?[ \t\u00a0]+\d{1,4}[A-Za-z]?$/u;
const UNNUMBERED_LINE = new RegExp(`^(?:${HOUSE_NAME}|${STREET_NAME})$`, 'u');
const STREET_LINE = new RegExp(`^${STREET_NAME}$`, 'u');
// "Rose Cottage, Mill Lane": a named house and its street is an address without a postcode too.
const NAMED_HOUSE_ADDRESS = new RegExp(
  `(?<![\\p{L}\\p{N}])${HOUSE_NAME}(?:,?${GAP}|,?\\r?\\n)${STREET_NAME}(?![\\p{L}\\p{N}])`,
  'u',
);
// Town, county or district lines between the street and the postcode: a few capitalised words.
const PLACE_LINE = /^(?:(?:\p{Lu}[\p{L}'’.-]*|on|upon|in|by|the|le|de|next|under|sea)[ \t\u00a0]*){1,5}$/u;

type Part = { from: number; to: number; text: string };

// Homes that are not a house on a street: "Flat 3", "Basement flat", "Plot 6", "Caravan 2",
// "Mooring 12", "Houseboat 'Kingfisher'", "PO Box 7712".
const DWELLING = `(?:(?:Basement|Ground[ \\t]+floor|First[ \\t]+floor|Second[ \\t]+floor|Top[ \\t]+floor|Attic)[ \\t]+flat|(?:Flat|Apartment|Apt|Unit|Plot|Caravan|Mooring|Pitch|Room|Berth|Maisonette)\\.?[ \\t]+\\d{1,4}[A-Za-z]?|(?:Houseboat|Narrowboat|NB|Boat)[ \\t]+['‘"“][^'’"”\\n]{1,30}['’"”]|P\\.?[ \\t]?O\\.?[ \\t]+Box[ \\t]+\\d{1,6})`;
// At a part's end: "my postal address is PO Box 7712".
const DWELLING_PART = new RegExp(`(?<![\\p{L}\\p{N}])${DWELLING}$`, 'u');
// "Plot 6, Coldharbour Traveller Site, London Road, Aylesford", "Basement flat, 9 Regency Terrace":
// the dwelling, the site or building it is in, and the street or farm.
const DWELLING_ADDRESS = new RegExp(
  `(?<![\\p{L}\\p{N}])${DWELLING}(?:,?${GAP}(?:${CAPITALISED}(?:${GAP})?){1,4})?(?:,${GAP}(?:${CAPITALISED}(?:${GAP})?){1,4}){0,2},${GAP}(?:\\d{1,3}[A-Za-z]?${GAP})?(?:${STREET_NAME}|${HOUSE_NAME})(?![\\p{L}\\p{N}])`,
  'u',
);

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
  // Eight: the empty gaps of "Wrotham,\nSevenoaks.\n" count as parts.
  const parts = partsBefore(text, postcodeFrom, 8);
  let start: number | null = null;
  for (const [index, part] of parts.entries()) {
    const trimmed = part.text.trim();
    if (index === 0 && trimmed === '') continue; // "ME1 2AB" starts its own line or part
    // "Wrotham,\nSevenoaks.": the gap between a line's closing comma and its line break.
    if (trimmed === '' && text[part.from - 1] === ',' && /^\r?\n/.test(text.slice(part.to, part.to + 2)))
      continue;
    const dwelling = DWELLING_PART.exec(part.text.trimEnd());
    if (dwelling) return part.from + dwelling.index;
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
    // "10 Willowside", "2 Church Field": a number and a street with no street type, before a postcode.
    if (index > 0 && /^\d{1,3}[A-Za-z]?[ \t]+\p{Lu}\p{Ll}+(?:[ \t]+\p{Lu}\p{Ll}+)?$/u.test(trimmed))
      return part.from + part.text.indexOf(trimmed);
    if (trimmed !== '' && UNNUMBERED_LINE.test(trimmed) && index > 0) {
      start = part.from + part.text.indexOf(trimmed);
      continue;
    }
    if (trimmed === '' || !PLACE_LINE.test(trimmed)) return start;
  }
  return start;
}

// One part of a line of parts before a postcode: a house's or a street's name in any language ("Chy
// an Mor", "Ffordd yr Eglwys", "Kirk Wynd", "THE LAURELS"), perhaps numbered; short words in small
// letters may join the capitalised ones.
const LINE_PART =
  /^(?:No\.?[ \t]*)?(?:\d{1,4}[A-Za-z]?[ \t]+)?\p{Lu}[\p{L}'’-]*(?:[ \t]+(?:\p{Lu}[\p{L}'’-]*|\p{Ll}{1,4}))*$/u;
const TITLED_PART = /^(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Rev|Revd|Sir|Dame|Cllr|Councillor)\.?[ \t]/u;

/**
 * Where a line of comma-separated parts ending in a postcode starts: "Chy an Mor, Treen, Penzance
 * TR19 6LF", "Bryn Awel, Ffordd yr Eglwys, Llanwrtyd Wells LD5 4RR". Each part is a few capitalised
 * words; a part with a title, a colon or a person's forename first ("Dr Elinor Pughe, …") stops it.
 * Two parts at least, the town's included, or nothing.
 */
function commaLineStart(text: string, postcodeFrom: number): number | null {
  const lineFrom = text.lastIndexOf('\n', postcodeFrom - 1) + 1;
  const parts = text.slice(lineFrom, postcodeFrom).split(',');
  if (parts.length < 2 || parts.at(-1)!.trim() === '') return null;
  let start: number | null = null;
  let at = postcodeFrom - parts.at(-1)!.length;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!.trim();
    const words = part.split(/[ \t]+/u);
    if (!LINE_PART.test(part) || TITLED_PART.test(part) || words.length > 5) break;
    if (i < parts.length - 1 && words.length <= 3 && isForename(words[0]!) && words.length > 1) break;
    if (i < parts.length - 1) start = at + parts[i]!.indexOf(part);
    at -= (parts[i - 1]?.length ?? 0) + 1;
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

function findAddressesAsWritten(text: string): Found[] {
  const found: Found[] = [];
  for (const pattern of [
    STREET_ADDRESS,
    NAMED_HOUSE_ADDRESS,
    QUOTED_HOUSE_ADDRESS,
    DWELLING_ADDRESS,
    HOUSE_STREET_LINE,
  ]) {
    for (const m of matches(pattern, text)) {
      if (pattern === HOUSE_STREET_LINE) {
        const line = m[0].trim();
        const from = m.index + m[0].indexOf(line);
        found.push({ kind: 'address', from, to: from + line.length });
        continue;
      }
      const to = m.index + m[0].length;
      // The town after the street: "2 Chapel Row, East Malling", up to a comma, a stop or the line's end.
      const town = stickyMatch(TOWN_AFTER, text, to);
      found.push({ kind: 'address', from: m.index, to: to + (town?.length ?? 0) });
    }
  }
  for (const postcode of findUkPostcodes(text)) {
    // Only where no street or house was read before it: a line of parts the patterns do not know.
    const start = addressStartBefore(text, postcode.from) ?? commaLineStart(text, postcode.from);
    found.push({ kind: 'address', from: start ?? postcode.from, to: postcode.to });
  }
  return found;
}

// "'Sunnyside', Comp Lane", "\"Rosemead\", Church Road": a house name in quotes and its street.
// A line that is only a house's name, its street and perhaps its town: "Hawkswood, Stonebridge
// Lane, Oakhurst".
const HOUSE_STREET_LINE = new RegExp(
  `^[ \\t]*\\p{Lu}[\\p{Ll}'’-]+(?:${GAP}\\p{Lu}[\\p{Ll}'’-]+)?,${GAP}${STREET_NAME}(?:,${GAP}\\p{Lu}[\\p{Ll}'’-]+(?:${GAP}\\p{Lu}[\\p{Ll}'’-]+)?)?[ \\t]*\\r?$`,
  'mu',
);
const QUOTED_HOUSE_ADDRESS = new RegExp(
  `['‘"“]\\p{Lu}[\\p{L} '’-]{2,30}['’"”],?${GAP}(?:\\d{1,3}${GAP})?${STREET_NAME}(?![\\p{L}\\p{N}])`,
  'u',
);

const TOWN_AFTER =
  /(?:,[ \t]*\p{Lu}[\p{Ll}'’-]+(?:[ \t]+(?:upon|on|under|next|the|\p{Lu}[\p{Ll}'’-]+)){0,3}){1,2}(?=[ \t]*(?:[,.;()\r\n]|$))/uy;

// Two or more words in capitals: where a name in capitals may be.
export const CAPITALS_RUN =
  /(?<![\p{L}\p{N}])\p{Lu}[\p{Lu}'’.-]+(?:[ \t]+\p{Lu}[\p{Lu}'’.-]*)+(?![\p{L}\p{N}])/u;

// Only a letter holding something like "19 CASTLE STREET", "KEEPERS COTTAGE" or "41 bramley rd"
// pays for the second pass.
const ANY_CASE_ADDRESS_HINT =
  /\d[ \t]+(?:[A-Z'’-]{2,}[ \t]+){1,3}(?:ROAD|RD|STREET|ST|LANE|AVENUE|CLOSE|DRIVE|WAY|COURT|CRESCENT|GARDENS|PLACE|TERRACE|GROVE|HILL|PARK|ROW|WALK|SQUARE|MEWS|VIEW|RISE|GREEN|PARADE)(?![A-Za-z])|[A-Z]{3,}[ \t]+(?:COTTAGE|FARM|HOUSE|BARN|LODGE)(?![A-Za-z])|FLAT[ \t]+\d|\d[ \t]+(?:[a-z'’-]{2,}[ \t]+){1,3}(?:road|rd|street|st|lane|avenue|ave|close|drive|way|court|crescent|gardens|place|terrace|grove|hill|row|walk|square|mews|view|rise|green|parade)(?![A-Za-z])/;

// A heading naming a site, not where someone lives: "LAND AT 14 STATION ROAD".
const SITE_HEADING =
  /(?:(?:LAND|SITE|FIELD|PLOT|RE:?|PROPERTY|DEVELOPMENT|SCHEME|APPLICATION|PROPOSAL|PROPOSALS|HOUSING|HOMES|DWELLINGS|NORTH|SOUTH|EAST|WEST)(?:[ \t]+(?:AT|OF|ON))?|OFF|NEAR|ADJACENT(?:[ \t]+TO)?|ADJOINING|BEHIND|OPPOSITE)[ \t]+$/;
// Small letters after "at" or "live in": "my nan lives in the bungalows at 3 church view", "at no 8
// the crescent", "at number 12 the avenue".
const HOME_BEFORE = /(?:\bat|\bliv(?:e|es|ed|ing)[ \t]+(?:in|on))[ \t]+(?:(?:no\.?|number)[ \t]*)?$/iu;

/**
 * Addresses written all in capitals or all in small letters (issue 26): found on a title-cased copy
 * of the text, kept when the original is a capitals block that is not a site heading, or small
 * letters with a postcode or a short street type ("41 bramley rd snodland").
 */
function findAddressesInAnyCase(text: string): Found[] {
  const kept: Found[] = [];
  // A block in small letters above its postcode ("the granary\nchurch lane\nbrayford\ntn27 9jd").
  for (const postcode of findUkPostcodes(text)) {
    const written = text.slice(postcode.from, postcode.to);
    if (written !== written.toLowerCase() || text[postcode.from - 1] !== '\n') continue;
    const blockStart = Math.max(0, postcode.from - 200);
    const titled = text.slice(0, blockStart) + titleCase(text.slice(blockStart, postcode.to));
    const from = addressStartBefore(titled, postcode.from);
    if (from !== null) kept.push({ kind: 'address', from, to: postcode.to });
  }
  if (!ANY_CASE_ADDRESS_HINT.test(text)) return kept;
  for (const f of findAddressesAsWritten(titleCaseWhere(text, ANY_CASE_ADDRESS_HINT, { lines: true }))) {
    const original = text.slice(f.from, f.to);
    const letters = original.replace(/[^\p{L}]/gu, '');
    const upper = letters === letters.toUpperCase();
    const lower = letters === letters.toLowerCase();
    if (upper) {
      const lineStart = text.lastIndexOf('\n', f.from - 1) + 1;
      if (SITE_HEADING.test(text.slice(lineStart, f.from))) continue;
      if (
        !/\d|FLAT/.test(original) &&
        ![...HOUSE_WORDS, ...MORE_HOUSE_WORDS].some((word) => original.includes(word.toUpperCase()))
      )
        continue;
      kept.push(f);
    } else if (lower) {
      const line = text.slice(
        f.from,
        text.indexOf('\n', f.to) === -1 ? text.length : text.indexOf('\n', f.to),
      );
      const before = text.slice(Math.max(0, f.from - 30), f.from);
      if (
        findUkPostcodes(line).length > 0 ||
        /(?<![\p{L}])(?:rd|st|ave|cl|ln|dr)(?![\p{L}])/u.test(original) ||
        HOME_BEFORE.test(before)
      )
        kept.push(f);
    }
  }
  return kept;
}

export function findAddresses(text: string): Found[] {
  const found = [
    ...findAddressesAsWritten(text),
    ...findAddressesInAnyCase(text),
    ...findStreetLines(text),
  ].map((address) => withBlockLines(text, address));
  const addresses = mergeOverlapping([...found, ...findAddressFields(text)]);
  return mergeOverlapping([...addresses, ...findAddressRepeats(text, addresses)]);
}

// "Address Line 1: 3 The Paddocks", "House name/number: KEEPERS COTTAGE", "Town/Village: BIRLING": a
// form's address fields hold an address whatever its case or shape. At a line's start only ("Site
// address:" names land, "Email address:" a mailbox).
const ADDRESS_FIELD =
  /^[ \t]*(?:(?:home|postal|correspondence|your|full)[ \t]+)?(?:address(?:[ \t]*(?:line)?[ \t]*\d)?|house[ \t]+(?:name|number|name[ \t]*\/[ \t]*number|name or number|number[ \t]*\/[ \t]*name)|street(?:[ \t]+name)?|town(?:[ \t]*\/[ \t]*(?:village|city))?|village|city)(?:[ \t]*:|[ \t]+[-–][ \t]|[ \t]*\|[ \t]*|[ \t]*\.{3,}|[ \t]{3,})[ \t]*(?=[\p{L}\p{N}'"‘“])/gimu;
const NO_ANSWER =
  /^(?:n\/?a|none|no|yes|-+|same as above|as above|see above|not given|not provided|not stated|withheld|same as (?:the )?site(?: address)?)\.?$/iu;

function findAddressFields(text: string): Found[] {
  const found: Found[] = [];
  for (const m of matches(ADDRESS_FIELD, text)) {
    const from = m.index + m[0].length;
    const lineEnd = text.indexOf('\n', from);
    // A table's cell or a form's first column ends at a bar or a wide gap ("Address line 1 | 19 Kiln
    // Way |", "Address line 1      Apartment 14             1 Riverside Quay": the agent's column).
    const value = text
      .slice(from, lineEnd === -1 ? text.length : lineEnd)
      .split(/[ \t]*\||[ \t]{3,}/u)[0]!
      .trimEnd();
    if (value === '' || value.length > 150 || NO_ANSWER.test(value)) continue;
    let to = from + value.length;
    // Lines below, indented to the value's column, continue it ("Address ..... 12 Saltings Row\n
    // ................................. Ashby Marsh").
    const column = from - (text.lastIndexOf('\n', from - 1) + 1);
    for (let next = lineEnd; next !== -1 && column >= 8;) {
      const end = text.indexOf('\n', next + 1);
      const line = text.slice(next + 1, end === -1 ? text.length : end);
      const indent = line.length - line.trimStart().length;
      if (line.trim() === '' || indent < column - 2 || /:/.test(line)) break;
      to = next + 1 + indent + line.trim().length;
      next = end;
    }
    found.push({ kind: 'address', from, to });
  }
  return found;
}

// A street named on a line of its own in a block of short lines ("Wyndham\nBrook Street\nOakhurst"
// at a letter's head): the block is an address even without a number or a postcode.
function findStreetLines(text: string): Found[] {
  const found: Found[] = [];
  let lineStart = 0;
  const lines: { from: number; text: string }[] = [];
  for (const line of text.split('\n')) {
    lines.push({ from: lineStart, text: line.replace(/\r$/, '') });
    lineStart += line.length + 1;
  }
  const short = (line: { text: string } | undefined) =>
    line !== undefined &&
    line.text.trim() !== '' &&
    line.text.trim().split(/[ \t]+/u).length <= 5 &&
    !/[.!?;:]$|[.!?;:][ \t]/u.test(line.text.trim());
  lines.forEach((line, index) => {
    const trimmed = line.text.trim();
    const probe = /\p{Ll}/u.test(trimmed) ? trimmed : titleCase(trimmed);
    if (!STREET_LINE.test(probe)) return;
    // Another short line beside it, and the block bounded by blank lines or the text's edges.
    if (!short(lines[index - 1]) && !short(lines[index + 1])) return;
    const from = line.from + line.text.indexOf(trimmed);
    found.push({ kind: 'address', from, to: from + trimmed.length });
  });
  return found;
}

// The lines of an address block that the patterns leave out: a house's or a block's name above the
// street ("The Granary", "\"Rosemead\"", "Castle Court", "Flat 7"), and the village or town below
// it when the block ends there ("27 Lunsford Lane\nLarkfield\n\n").
const QUOTED_NAME = /^['‘"“]\p{Lu}[\p{L} '’-]{1,30}['’"”]$/u;
const THE_NAME = /^The[ \t]+\p{Lu}[\p{Ll}'’-]+(?:[ \t]+\p{Lu}[\p{Ll}'’-]+)?$/u;
const ONE_WORD = /^\p{Lu}\p{Ll}{3,}$/u;
const DWELLING_LINE =
  /^(?:Flat|Apartment|Apt|Unit|Plot|Mooring|Maisonette|Room|Caravan|Pitch)\.?[ \t\u00a0]+\d{1,4}[A-Za-z]?$/iu;
// Words that start a letter's lines but never a house's name.
const NOT_HOUSE_NAMES = new Set([
  'dear',
  'hello',
  'regards',
  'thanks',
  'objection',
  'object',
  'subject',
  'from',
  'address',
  'sent',
  'date',
  'comment',
  'comments',
  'support',
  'representation',
  'response',
  'planning',
  'policy',
  'yours',
  'sincerely',
  'faithfully',
  'signed',
  'name',
  'council',
]);
const TOWN_LINE = /^\p{Lu}[\p{Ll}'’-]+(?:[ \t]+(?:upon|on|under|next|the|\p{Lu}[\p{Ll}'’-]+)){0,2}[,.]?$/u;
const TITLE_START = /^(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Rev|Sir|Dame|Cllr|Councillor)\b/u;

/**
 * A line that names a dwelling above its street. A part of a line ("Flat 1, The Old Forge, …")
 * must say so itself (a house word, quotes, a flat's number); a line of its own may also be a
 * name with no such word ("The Granary", "Castle Court", "Rosemead").
 */
function isHouseLine(written: string, { wholeLine }: { wholeLine: boolean }): boolean {
  // A block in capitals ("FLAT 7\nCASTLE COURT") is read as if title-cased.
  const line = /\p{Ll}/u.test(written) ? written : titleCase(written);
  if (QUOTED_NAME.test(line) || DWELLING_LINE.test(line) || HOUSE_LINE.test(line)) return true;
  if (!wholeLine || TITLE_START.test(line)) return false;
  if (THE_NAME.test(line) || UNNUMBERED_LINE.test(line)) return true;
  return ONE_WORD.test(line) && !NOT_HOUSE_NAMES.has(line.toLowerCase()) && !isForename(line);
}

function lineBounds(text: string, at: number) {
  const from = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return { from, to: end === -1 ? text.length : end };
}

function withBlockLines(text: string, address: Found): Found {
  let { from, to } = address;
  // Upwards, over at most two lines or comma-separated parts ("Flat 1, The Old Forge, Mill Street").
  for (let step = 0; step < 2 && from > 0; step++) {
    const lineStart = text.lastIndexOf('\n', from - 1) + 1;
    const before = text.slice(lineStart, from);
    let part: { from: number; text: string; wholeLine: boolean } | null = null;
    if (before.trim() === '' && lineStart > 0) {
      const above = lineBounds(text, lineStart - 1);
      part = { from: above.from, text: text.slice(above.from, above.to), wholeLine: true };
    } else if (/,[ \t]*$/.test(before)) {
      const comma = before.replace(/,[ \t]*$/, '');
      const partStart = Math.max(comma.lastIndexOf(',') + 1, 0);
      part = { from: lineStart + partStart, text: comma.slice(partStart), wholeLine: false };
    }
    const line = part?.text.replace(/\r$/, '').trim() ?? '';
    if (!part || line === '' || !isHouseLine(line, part)) break;
    from = part.from + part.text.indexOf(line);
  }
  // Downwards: a town line or two, when the block then ends (a blank line, the text's end, a postcode).
  let end = to;
  for (let step = 0; step < 2; step++) {
    if (text.slice(end, lineBounds(text, end).to).trim() !== '') break;
    const next = lineBounds(text, lineBounds(text, end).to + 1);
    if (next.from >= text.length || next.from <= end) break;
    const written = text.slice(next.from, next.to).replace(/\r$/, '').trim();
    // "WRENBURY HEATH\nKENT" under a block in capitals.
    const line = /\p{Ll}/u.test(written) ? written : titleCase(written);
    if (!TOWN_LINE.test(line) || TITLE_START.test(line) || isForename(line.split(/[ \t]/)[0]!)) break;
    const below = text.slice(next.to + 1, lineBounds(text, next.to + 1).to).trim();
    const after = /\p{Ll}/u.test(below) ? below : titleCase(below);
    if (after !== '' && !TOWN_LINE.test(after) && findUkPostcodes(after).length === 0) break;
    end = next.from + line.length;
    to = end;
  }
  return { kind: 'address', from, to };
}

/**
 * Another mention of a found address's house or street line in the letter ("The listed barn at
 * Hawthorn Barn…"): once it is known to be someone's home, each mention is. Only lines that
 * name one dwelling (a house name, a number and street), not a bare street or town.
 */
function findAddressRepeats(text: string, addresses: Found[]): Found[] {
  const firstLines = new Set<string>();
  for (const address of addresses) {
    const first = text
      .slice(address.from, address.to)
      .split(/,|\r?\n/)[0]!
      .trim();
    const unquoted = first.replace(/^['‘"“](.*)['’"”]$/u, '$1');
    if (unquoted.length < 5) continue;
    const probe = /\p{Ll}/u.test(unquoted) ? unquoted : titleCase(unquoted);
    if (HOUSE_LINE.test(probe) || QUOTED_NAME.test(first)) firstLines.add(unquoted);
    else if ([...matches(STREET_ADDRESS, unquoted)].some((m) => m.index === 0 && m[0] === unquoted))
      firstLines.add(unquoted);
  }
  const found: Found[] = [];
  for (const line of firstLines) {
    const pattern = new RegExp(
      `(?<![\\p{L}\\p{N}])${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
      // "THE OLD FORGE" at the head is "The Old Forge" in the text.
      line === line.toUpperCase() ? 'giu' : 'gu',
    );
    for (const m of matches(pattern, text))
      found.push({ kind: 'address', from: m.index, to: m.index + m[0].length });
  }
  return found;
}

// A home named after its owner or a phrase that says someone lives there: "Mrs Okonjo at Lavender
// Cottage", "Mr Prothero of Glebe End", "lives at Cherry Garth", "owners of Orchard View, Back Lane".
const HOME_CUE =
  /(?<![\p{L}])(?:(?:lives?|living|lived)[ \t]+at|(?:[Mm]y|[Oo]ur)[ \t]+(?:house|home|cottage|bungalow|farmhouse)(?:[ \t]+is)?,?|the[ \t]+(?:lady|man|couple|family|people)[ \t]+(?:from|at)|owners?[ \t]+of|who[ \t]+owns?|(?:neighbouring|next-door|adjoining)[ \t]+(?:property|house|cottage|bungalow)[ \t]*,?|(?:I|[Ww]e)[ \t]+live[ \t]+in[ \t]+[^.\n]{0,40}?[ \t]at)[ \t]+(?=\p{Lu})/gu;
// "Mrs Okonjo at …", "Mr Prothero of …"; in a list "Harry Fenwick – Pippins, Teston Road",
// "| Gary Burrell | Saltmarsh, Ferry Lane |", "Graeme Wilson, 7 Hillcrest, Borough Green".
const AFTER_NAME = /^(?:[ \t]+(?:at|of|from)[ \t]+|[ \t]*[,–|][ \t]*|[ \t]+-[ \t]+)(?=\p{Lu}|\d)/u;
// "No. 3 the Close": the number's word and a small "the" after a number belong to the home.
const HOME_NAME = new RegExp(
  `(?:(?:No\\.?|Number)[ \\t\\u00a0]*(?=\\d))?(?:\\d{1,3}[A-Za-z]?${GAP}(?:the${GAP})?)?(?:The${GAP})?\\p{Lu}[\\p{Ll}'’-]+(?:${GAP}\\p{Lu}[\\p{Ll}'’-]+){0,3}(?:,${GAP}${STREET_NAME}(?:,${GAP}\\p{Lu}[\\p{Ll}'’-]+(?:${GAP}\\p{Lu}[\\p{Ll}'’-]+)?)?)?(?:${GAP}[A-Z]{1,2}\\d[A-Z\\d]?${GAP}\\d[A-Z]{2})?(?![\\p{L}\\p{N}])`,
  'uy',
);
const HOME_WORD = new RegExp(
  `(?<![\\p{L}])(?:${[...HOUSE_WORDS, ...MORE_HOUSE_WORDS, 'Oast', 'End', 'Garth', 'View', 'Park', 'Place', 'Croft'].join('|')})(?![\\p{L}])|,`,
  'u',
);
const HOUSE_WORD_AT_END = new RegExp(`(?:${[...HOUSE_WORDS, ...MORE_HOUSE_WORDS].join('|')})$`, 'u');
// A firm's or a body's premises: "Kapadia Motors", "Marsh Road Industrial Estate", "the Trust".
const NOT_A_HOME =
  /(?<![\p{L}])(?:Ltd|Limited|LLP|PLC|Motors|Planning|Council|Trust|Society|Association|Group|Estate|Industrial|Business|Centre|Hall|Church|School|Surgery|Agency|Authority|Consultants|Architects|Partners|Homes|Developments|Properties|Club|Site|Land|Council)(?![\p{L}])/u;

function homeAt(
  text: string,
  at: number,
  { cue, separator = false }: { cue: boolean; separator?: boolean },
): Found | null {
  HOME_NAME.lastIndex = at;
  const m = HOME_NAME.exec(text);
  if (!m) return null;
  const home = m[0];
  if (NOT_A_HOME.test(home) || STREET_LINE.test(home)) return null;
  // "my house is No more", "I live at No. 3 …" with the number unread: a word, not a home's name.
  if (/^(?:No|Not|Now|None|Number|Nothing)$/u.test(home)) return null;
  // After a list's separator the home must have its street or town after a comma: "Chair, Newtown
  // Society" has neither, "Pippins, Teston Road" has.
  if (separator && !/,/.test(home) && !HOUSE_WORD_AT_END.test(home)) return null;
  // After a person's name a house word, a street or a postcode must say it is a home ("Mr Hill of
  // Kent" is no address); after "lives at" any name is one.
  if (!cue && !HOME_WORD.test(home)) return null;
  return { kind: 'address', from: at, to: at + home.length };
}

export function findHomesNamed(text: string, names: readonly { from: number; to: number }[]): Found[] {
  const found: Found[] = [];
  for (const m of matches(HOME_CUE, text)) {
    const home = homeAt(text, m.index + m[0].length, { cue: true });
    if (home) found.push(home);
  }
  for (const name of names) {
    const cue = AFTER_NAME.exec(text.slice(name.to, name.to + 12));
    const home =
      cue &&
      homeAt(text, name.to + cue[0].length, {
        cue: false,
        separator: !/^[ \t]+(?:at|of|from)/u.test(cue[0]),
      });
    if (home) found.push(home);
  }
  return found;
}
