import { UK_POSTCODE_PATTERN } from '../representations/contacts';

/**
 * How a place's name is compared (issue 27 point 2): small letters, apostrophes dropped ("King's
 * Hill" is "kings hill"), ASCII punctuation, dashes and quotes as one space. The server keeps the
 * same key for each searchable feature in SQL (migration 0050's `layer_place_key`); a test on both
 * drivers checks the two agree. Letters beyond ASCII are kept as written: PostgreSQL's `lower` and
 * character classes depend on the database's locale, so the key leaves them alone on both sides.
 */
export function placeKey(value: string): string {
  return value
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase())
    .replace(/['’‘`]/g, '')
    .replace(/[\s!-/:-@[-^_{-~–—“”]+/g, ' ')
    .trim();
}

/** 'me19 4ab' → 'ME194AB': a postcode with nothing but its letters and digits, as kept for search. */
export const postcodeKey = (value: string): string => value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

// The outward code of the GOV.UK pattern (UK_POSTCODE_PATTERN, anchored whole: DESIGN.md).
const OUTWARD = '(?:[A-Z][0-9]{1,2}|[A-Z][A-HJ-Y][0-9]{1,2}|[A-Z][0-9][A-Z]|[A-Z][A-HJ-Y][0-9][A-Z]?)';
const OUTWARD_ONLY = new RegExp(`^${OUTWARD}$`);
const SECTOR = new RegExp(`^(${OUTWARD}) ([0-9])([A-Z]?)$`);

/**
 * A postcode, or the start of one, typed in a search box:
 * - `unit`: a whole postcode ('ME19 4AB', 'me194ab'); `prefix` is the whole key, `exact`.
 * - `district`: an outward code alone ('ME19'), every postcode in it.
 * - `sector`: an outward code, a space and a digit ('ME19 4'), every postcode in that sector.
 * - `units`: a sector and the inward code's first letter ('ME19 4A'), the postcodes starting so.
 * Every full key is the outward code and 3 characters, so `keyLength` tells ME1 from ME19.
 */
export type PostcodeQuery = {
  level: 'unit' | 'district' | 'sector' | 'units';
  /** The typed part as a postcode key: every match starts with it. */
  prefix: string;
  /** The length of every matching postcode's key. */
  keyLength: number;
  /** As a person writes it: 'ME19', 'ME19 4', 'ME19 4AB'. */
  label: string;
};

export function parsePostcodeQuery(query: string): PostcodeQuery | null {
  const typed = query.trim().replace(/\s+/g, ' ').toUpperCase();
  if (UK_POSTCODE_PATTERN.test(typed)) {
    const key = postcodeKey(typed);
    return {
      level: 'unit',
      prefix: key,
      keyLength: key.length,
      label: `${key.slice(0, -3)} ${key.slice(-3)}`,
    };
  }
  if (OUTWARD_ONLY.test(typed))
    return { level: 'district', prefix: typed, keyLength: typed.length + 3, label: typed };
  // 'ME194' with no space could be ME19 4 or ME1 94: only a space marks the inward code's start.
  const sector = SECTOR.exec(typed);
  if (sector) {
    const [, outward = '', digit = '', letter = ''] = sector;
    return {
      level: letter ? 'units' : 'sector',
      prefix: `${outward}${digit}${letter}`,
      keyLength: outward.length + 3,
      label: `${outward} ${digit}${letter}`,
    };
  }
  return null;
}
