import { type Personal, type Random, between, chance, pad, pick } from './personalData.corpus.pieces';
import {
  COUNTIES,
  FIRST_NAMES,
  HOUSE_NAMES,
  INWARD_LETTERS,
  POSTCODE_AREAS,
  STREET_TYPES,
  STREET_WORDS,
  SURNAMES,
  TITLES,
  TOWNS,
} from './personalData.corpus.vocabulary';

/** People and their details (names, addresses, telephone numbers, email addresses), each labelled as personal data. */

type Address = {
  house: string | null;
  street: string;
  town: string;
  county: string | null;
  postcode: string | null;
  /** Typed all in lower case, as some people do in emails. */
  lowerCase: boolean;
};
export type Person = {
  title: string;
  first: string;
  last: string;
  email: string;
  phone: string;
  address: Address;
};

export function postcode(random: Random): string {
  const area = pick(random, POSTCODE_AREAS);
  const inward = `${between(random, 0, 9)}${pick(random, [...INWARD_LETTERS])}${pick(random, [...INWARD_LETTERS])}`;
  const special = chance(random, 0.08);
  const outward = special
    ? pick(random, ['SW1A', 'EC1A', 'W1D', 'WC2N', 'EC2M'])
    : `${area}${between(random, 1, area.length === 1 ? 40 : 20)}`;
  const roll = random();
  if (roll < 0.12) return `${outward}${inward}`.toLowerCase().replace(/(.{3})$/, ' $1');
  if (roll < 0.22) return `${outward}${inward}`;
  if (roll < 0.27) return `${outward}${inward}`.toLowerCase();
  return `${outward} ${inward}`;
}

export function address(random: Random, withPostcode = true): Address {
  const number = chance(random, 0.1)
    ? `${between(random, 1, 120)}${pick(random, ['a', 'b', 'A'])}`
    : String(between(random, 1, 240));
  const flat = chance(random, 0.1) ? `Flat ${between(random, 1, 12)}, ` : '';
  const house = chance(random, 0.15) ? pick(random, HOUSE_NAMES) : null;
  // A named house often has no number at all.
  const numbered = house === null || chance(random, 0.4);
  return {
    house,
    street: `${numbered ? `${flat}${number} ` : ''}${pick(random, STREET_WORDS)} ${pick(random, STREET_TYPES)}`,
    lowerCase: chance(random, 0.06),
    town: pick(random, TOWNS),
    county: chance(random, 0.45) ? pick(random, COUNTIES) : null,
    postcode: withPostcode ? postcode(random) : null,
  };
}

// Ofcom's numbers for drama: [digits, how they are grouped when written].
const DRAMA_NUMBERS: (() => (random: Random) => { digits: string; groups: number[] })[] = [
  () => (random) => ({ digits: `01632960${pad(between(random, 0, 999), 3)}`, groups: [5, 6] }),
  () => (random) => ({ digits: `0207946${pad(between(random, 0, 999), 4)}`, groups: [3, 4, 4] }),
  () => (random) => ({ digits: `07700900${pad(between(random, 0, 999), 3)}`, groups: [5, 6] }),
  () => (random) => ({
    digits: `01${pick(random, ['13', '14', '15', '16', '17', '18'])}4960${pad(between(random, 0, 999), 3)}`,
    groups: [4, 3, 4],
  }),
  () => (random) => ({
    digits: `01${pick(random, ['21', '31', '41', '51', '61'])}4960${pad(between(random, 0, 999), 3)}`,
    groups: [4, 3, 4],
  }),
  () => (random) => ({ digits: `0289649${pad(between(random, 6000, 6999), 4)}`, groups: [3, 4, 4] }),
  () => (random) => ({ digits: `0292018${pad(between(random, 0, 999), 4)}`, groups: [3, 4, 4] }),
  () => (random) => ({ digits: `0306999${pad(between(random, 0, 999), 4)}`, groups: [4, 3, 4] }),
];

function split(digits: string, groups: number[]): string[] {
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    out.push(digits.slice(at, at + size));
    at += size;
  }
  return out;
}

/** One number in one of the ways people write them. */
function telephone(random: Random): string {
  const { digits, groups } = pick(random, DRAMA_NUMBERS)()(random);
  const parts = split(digits, groups);
  const [area, ...rest] = parts as [string, ...string[]];
  const mobile = digits.startsWith('07');
  const style = between(random, 0, 17);
  switch (style) {
    case 14:
      return `+44 (0) ${area.slice(1)} ${rest.join(' ')}`;
    case 15:
      return `+44-${area.slice(1)}-${rest.join('-')}`;
    case 16:
      return `0044 (0)${area.slice(1)} ${rest.join(' ')}`;
    case 0:
      return digits;
    case 1:
      return `(${area}) ${rest.join(' ')}`;
    case 2:
      return `(${area}) ${rest.join('')}`;
    case 3:
      return parts.join('-');
    case 4:
      return parts.join('.');
    case 5:
      return `+44 ${area.slice(1)} ${rest.join(' ')}`;
    case 6:
      return `+44 (0)${area.slice(1)} ${rest.join(' ')}`;
    case 7:
      return `+44${digits.slice(1)}`;
    case 8:
      return `0044 ${area.slice(1)} ${rest.join(' ')}`;
    case 9:
      // 07700 900 123: a six-digit block split in threes.
      return mobile || groups.length === 2
        ? `${area} ${digits.slice(5, 8)} ${digits.slice(8)}`
        : parts.join(' ');
    case 10:
      return `${area} ${rest.join('')}`;
    default:
      return parts.join(' ');
  }
}

function emailAddress(random: Random, first: string, last: string): string {
  const f = first
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
  const l = last.replace(/[^A-Za-z]/g, '').toLowerCase();
  const local = pick(random, [
    `${f}.${l}`,
    `${f}${l}`,
    `${f[0]}.${l}`,
    `${f}_${l}`,
    `${f}.${l}+planning`,
    `${f}${between(random, 10, 99)}`,
    `${l}.${f}`,
    `${f[0]}${l[0]}${between(random, 1950, 2001)}`,
    `${l}-family`,
    `${f}.${l}${between(random, 1, 9)}`,
  ]);
  const domain = pick(random, [
    'example.com',
    'example.org',
    'example.net',
    'mail.example.com',
    'post.example.net',
    'example.co.uk',
  ]);
  return `${local}@${domain === 'example.co.uk' ? 'home.example.com' : domain}`;
}

export function person(random: Random): Person {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, SURNAMES);
  return {
    title: pick(random, TITLES),
    first,
    last,
    email: emailAddress(random, first, last),
    phone: telephone(random),
    address: address(random, chance(random, 0.9)),
  };
}

export const name = (text: string): Personal => ({ kind: 'name', text });
export const phone = (p: Person): Personal => ({ kind: 'telephone number', text: p.phone });
export const email = (p: Person): Personal => ({ kind: 'email address', text: p.email });

/** An address as one labelled piece: lines joined by `separator`, the postcode last. */
export function addressPiece(a: Address, separator: ', ' | '\n', random: Random): Personal {
  const lines = [a.house, a.street, a.town, a.county].filter((line): line is string => line !== null);
  let text = lines.join(separator);
  if (a.lowerCase) text = text.toLowerCase();
  if (a.postcode === null) return { kind: 'address', text };
  text += separator === '\n' ? '\n' : chance(random, 0.5) ? ', ' : ' ';
  return {
    kind: 'address',
    text: text + a.postcode,
    postcodeAt: text.length,
    postcodeLength: a.postcode.length,
  };
}

export const streetPiece = (a: Address): Personal => ({
  kind: 'address',
  text: [a.house, a.street].filter((line) => line !== null).join(', '),
});

/** How the writer signs: mostly a full name, sometimes a title, initials, capitals or a first name. */
export function signature(random: Random, p: Person, { casual }: { casual: boolean }): string {
  const roll = random();
  if (casual && roll < 0.3) return p.first;
  if (roll < 0.45) return `${p.first} ${p.last}`;
  if (roll < 0.6) return `${p.title} ${p.first} ${p.last}`;
  if (roll < 0.7) return `${p.title} ${p.first[0]}. ${p.last}`;
  if (roll < 0.76) return `${p.first[0]} ${p.last}`;
  if (roll < 0.82) return `${p.first} ${p.last}`.toUpperCase();
  if (roll < 0.86) return `${p.first} ${p.last}`.toLowerCase();
  if (roll < 0.92) return `${p.first} and ${pick(random, FIRST_NAMES)} ${p.last}`;
  return `Mr and Mrs ${p.last}`;
}
