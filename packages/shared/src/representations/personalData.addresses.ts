import { matches, stickyMatch, titleCaseWhere } from './personalData.text';

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
export const HOUSE_WORDS = [
  'Cottage', 'Cottages', 'House', 'Farm', 'Farmhouse', 'Barn', 'Lodge', 'Rectory', 'Vicarage', 'Manor',
  'Hall', 'Oast', 'Mill', 'Bungalow',
];
const HOUSE_NAME = `(?:${CAPITALISED}${GAP}){0,3}(?:${HOUSE_WORDS.join('|')})`;
const STREET_NAME = `(?:${CAPITALISED}${GAP}){1,3}${STREET_TYPE}`;
// Address lines with no number: "Rose Cottage", "The Old Rectory"; "Mill Lane".
export const HOUSE_LINE = new RegExp(`^${HOUSE_NAME}$`, 'u');
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
  for (const pattern of [STREET_ADDRESS, NAMED_HOUSE_ADDRESS, QUOTED_HOUSE_ADDRESS]) {
    for (const m of matches(pattern, text)) {
      const to = m.index + m[0].length;
      // The town after the street: "2 Chapel Row, East Malling", up to a comma, a stop or the line's end.
      const town = stickyMatch(TOWN_AFTER, text, to);
      found.push({ kind: 'address', from: m.index, to: to + (town?.length ?? 0) });
    }
  }
  for (const postcode of findUkPostcodes(text)) {
    found.push({
      kind: 'address',
      from: addressStartBefore(text, postcode.from) ?? postcode.from,
      to: postcode.to,
    });
  }
  return found;
}

// "'Sunnyside', Comp Lane", "\"Rosemead\", Church Road": a house name in quotes and its street.
const QUOTED_HOUSE_ADDRESS = new RegExp(
  `['‘"“]\\p{Lu}[\\p{L} '’-]{2,30}['’"”],?${GAP}(?:\\d{1,3}${GAP})?${STREET_NAME}(?![\\p{L}\\p{N}])`,
  'u',
);

const TOWN_AFTER =
  /(?:,[ \t]*\p{Lu}[\p{Ll}'’-]+(?:[ \t]+(?:upon|on|under|next|the|\p{Lu}[\p{Ll}'’-]+)){0,3}){1,2}(?=[ \t]*(?:[,.;)\r\n]|$))/uy;

// Two or more words in capitals: where a name in capitals may be.
export const CAPITALS_RUN =
  /(?<![\p{L}\p{N}])\p{Lu}[\p{Lu}'’.-]+(?:[ \t]+\p{Lu}[\p{Lu}'’.-]*)+(?![\p{L}\p{N}])/u;

// Only a letter holding something like "19 CASTLE STREET", "KEEPERS COTTAGE" or "41 bramley rd"
// pays for the second pass.
const ANY_CASE_ADDRESS_HINT =
  /\d[ \t]+(?:[A-Z'’-]{2,}[ \t]+){1,3}(?:ROAD|RD|STREET|ST|LANE|AVENUE|CLOSE|DRIVE|WAY|COURT|CRESCENT|GARDENS|PLACE|TERRACE|GROVE|HILL|PARK|ROW|WALK|SQUARE|MEWS|VIEW|RISE|GREEN|PARADE)(?![A-Za-z])|[A-Z]{3,}[ \t]+(?:COTTAGE|FARM|HOUSE|BARN|LODGE)(?![A-Za-z])|FLAT[ \t]+\d|\d[ \t]+(?:[a-z'’-]{2,}[ \t]+){1,3}(?:road|rd|street|st|lane|avenue|ave|close|drive|way|court|crescent|gardens|place|terrace|grove|hill|row|walk|square|mews|view|rise|green|parade)(?![A-Za-z])/;

// A heading naming a site, not where someone lives: "LAND AT 14 STATION ROAD".
const SITE_HEADING =
  /(?:LAND|SITE|FIELD|RE:?|OFF|NEAR|ADJACENT|ADJOINING|AT|OF|BEHIND|NORTH|SOUTH|EAST|WEST)[ \t]+$/;

/**
 * Addresses written all in capitals or all in small letters (issue 26): found on a title-cased copy
 * of the text, kept when the original is a capitals block that is not a site heading, or small
 * letters with a postcode or a short street type ("41 bramley rd snodland").
 */
function findAddressesInAnyCase(text: string): Found[] {
  if (!ANY_CASE_ADDRESS_HINT.test(text)) return [];
  const kept: Found[] = [];
  for (const f of findAddressesAsWritten(titleCaseWhere(text, ANY_CASE_ADDRESS_HINT, { lines: true }))) {
    const original = text.slice(f.from, f.to);
    const letters = original.replace(/[^\p{L}]/gu, '');
    const upper = letters === letters.toUpperCase();
    const lower = letters === letters.toLowerCase();
    if (upper) {
      const lineStart = text.lastIndexOf('\n', f.from - 1) + 1;
      if (SITE_HEADING.test(text.slice(lineStart, f.from))) continue;
      if (!/\d|COTTAGE|HOUSE|FARM|BARN|LODGE|FLAT/.test(original)) continue;
      kept.push(f);
    } else if (lower) {
      const line = text.slice(
        f.from,
        text.indexOf('\n', f.to) === -1 ? text.length : text.indexOf('\n', f.to),
      );
      if (findUkPostcodes(line).length > 0 || /(?<![\p{L}])(?:rd|st|ave|cl|ln|dr)(?![\p{L}])/u.test(original))
        kept.push(f);
    }
  }
  return kept;
}

export function findAddresses(text: string): Found[] {
  return mergeOverlapping([...findAddressesAsWritten(text), ...findAddressesInAnyCase(text)]);
}
