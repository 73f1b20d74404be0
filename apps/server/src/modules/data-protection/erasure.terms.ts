/**
 * The person's details as PostgreSQL regular expressions (ARE, matched case-insensitively): each
 * written the ways people write it, so a letter's "NEL  NEIGHBOUR", "me141xx" or "01632 960 123"
 * is found as well as the record's own spelling.
 */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole words only where the term starts or ends with a letter or digit. */
const bounded = (term: string, body: string) =>
  `${/^\w/.test(term) ? '\\m' : ''}${body}${/\w$/.test(term) ? '\\M' : ''}`;

/** A name or an address line: its words in order, any run of spaces between them. */
export function wordsTerm(text: string | null | undefined): string | null {
  const words = (text ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.join('').replace(/[^\p{L}\p{N}]/gu, '').length < 3) return null;
  return bounded(words.join(' '), words.map(escape).join('\\s+'));
}

export function emailTerm(email: string | null | undefined): string | null {
  const trimmed = (email ?? '').trim();
  return trimmed.includes('@') ? bounded(trimmed, escape(trimmed)) : null;
}

/** A UK number with or without spaces, dashes and brackets, from 0 or +44. */
export function phoneTerm(phone: string | null | undefined): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.startsWith('44')) digits = `0${digits.slice(2)}`;
  if (digits.length < 7) return null;
  const gap = '[\\s().-]*';
  const rest = digits.slice(1).split('').join(gap);
  const start = digits.startsWith('0') ? `(?:0|\\+44${gap}(?:0${gap})?)` : digits[0]!;
  return `(?<![0-9])${start}${gap}${rest}(?![0-9])`;
}

/** A postcode with or without its space. */
export function postcodeTerm(postcode: string | null | undefined): string | null {
  const compact = (postcode ?? '').replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z0-9]{5,7}$/.test(compact)) return null;
  return `\\m${escape(compact.slice(0, -3))}\\s*${escape(compact.slice(-3))}\\M`;
}

/** One expression matching any of the terms, or null when there are none. */
export function anyOf(terms: (string | null)[]): string | null {
  const unique = [...new Set(terms.filter((term): term is string => term !== null))];
  return unique.length === 0 ? null : `(?:${unique.join('|')})`;
}
