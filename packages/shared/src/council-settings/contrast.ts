/**
 * WCAG 2 contrast for council colours (issue 16 point 4): the main colour and the header colour
 * carry white text (the header, the selected menu entry, primary buttons), so each must give white
 * text at least AA's 4.5:1 for normal-size text.
 */

/** WCAG 2.x AA for normal-size text. */
export const WCAG_AA_NORMAL_TEXT = 4.5;

/** The text colour drawn on the council's main and header colours. */
export const BRAND_TEXT_COLOUR = '#ffffff';

type Rgb = [number, number, number];

/** '#rgb' or '#rrggbb' (hexColorSchema) as 0–255 channels; null for anything else. */
export function parseHexColour(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** WCAG 2 relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const rgb = parseHexColour(hex);
  if (!rgb) throw new Error(`not a hex colour: ${JSON.stringify(hex)}`);
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * A ratio as people read it, rounded DOWN to two decimals so a colour shown as passing never
 * fails: 4.499 shows as 4.49, not 4.50.
 */
export function formatContrastRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

export function meetsAaForText(foreground: string, background: string): boolean {
  return contrastRatio(foreground, background) >= WCAG_AA_NORMAL_TEXT;
}
