import { contrastRatio, MIN_TEXT_CONTRAST, mixHex } from '../../components/color';

/**
 * Spec 03 §3.8: site tags "are assigned colours from a palette of ten". Each is dark enough for
 * the white text antd puts on a coloured tag (WCAG AA, checked in the test).
 */
export const TAG_PALETTE = [
  '#1d70b8',
  '#00703c',
  '#b1251a',
  '#4c2c92',
  '#912b88',
  '#003078',
  '#005a30',
  '#505a5f',
  '#8a4b00',
  '#00625e',
] as const;

/**
 * A tag's colour when it has none of its own: the same tag gets the same colour on every card and
 * every visit. Tags are compared case-insensitively (spec 01 §5), so their colours are too.
 */
export function tagColour(name: string): string {
  // FNV-1a: a cheap, well-spread hash of the name.
  let hash = 0x811c9dc5;
  for (const char of name.trim().toLowerCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return TAG_PALETTE[(hash >>> 0) % TAG_PALETTE.length]!;
}

export type TagChipColours = { background: string; color: string; borderColor: string };

/**
 * How a tag of colour `colour` is drawn: a pale wash of it, with its text in the same hue darkened
 * until it reads on that wash (WCAG AA, 4.5:1). Councils pick light colours too (a yellow, a
 * turquoise): drawn as antd draws them, their text fell to 2–3:1.
 */
export function tagChipColours(colour: string): TagChipColours {
  const background = mixHex(colour, '#ffffff', 0.88);
  let text = colour;
  for (let darker = 0.1; contrastRatio(text, background) < MIN_TEXT_CONTRAST && darker <= 1; darker += 0.1)
    text = mixHex(colour, '#000000', darker);
  return { background, color: text, borderColor: mixHex(colour, '#ffffff', 0.55) };
}
