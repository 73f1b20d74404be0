import { type PersonalDataKind } from './personalData';

/** The corpus's building blocks: its labelled types, a seeded generator and the pieces letters are joined from. */

export type LabelledSpan = {
  kind: PersonalDataKind;
  from: number;
  to: number;
  /** For an address that ends in a postcode: where the postcode is. */
  postcode?: { from: number; to: number };
};
export type LabelledRepresentation = {
  text: string;
  spans: LabelledSpan[];
  /** The representee's name as the council records it (what `known.names` would be given). */
  author: string;
};

// ---------------------------------------------------------------------------------------------
// A small seeded generator (a Weyl sequence through murmur3's finaliser): Math.random cannot be
// seeded, and the corpus must be the same on every run.

export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 0x1_0000_0000;
  };
}

export const between = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
export const chance = (random: Random, p: number) => random() < p;
export const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const thousands = (n: number) => n.toLocaleString('en-GB');

export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Pieces of text, some of them personal data; offsets are worked out when they are joined.

export type Personal = { kind: PersonalDataKind; text: string; postcodeAt?: number; postcodeLength?: number };
export type Piece = string | Personal;

export function assemble(pieces: readonly Piece[]): { text: string; spans: LabelledSpan[] } {
  let text = '';
  const spans: LabelledSpan[] = [];
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      text += piece;
      continue;
    }
    const from = text.length;
    text += piece.text;
    const span: LabelledSpan = { kind: piece.kind, from, to: text.length };
    if (piece.postcodeAt !== undefined && piece.postcodeLength !== undefined) {
      span.postcode = { from: from + piece.postcodeAt, to: from + piece.postcodeAt + piece.postcodeLength };
    }
    spans.push(span);
  }
  return { text, spans };
}
