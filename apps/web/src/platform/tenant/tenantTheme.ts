import { theme as antdTheme } from 'antd';
import type { TenantData } from '@planning/shared';
import { contrastRatio, MIN_TEXT_CONTRAST, mixHex, readableTextOn } from '../../components/color';

type Branding = Pick<TenantData, 'mainColor' | 'theme'>;

const NEAR_BLACK = '#141414';

// antd's preset tag colours (color="green", "gold"…), as antd/es/theme/interface/presetColors.
const TAG_PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

const tagTextCache = new Map<'light' | 'dark', Record<string, string>>();

/**
 * A preset tag writes shade 7 of its colour on shade 1; for green, gold, orange, cyan, lime,
 * yellow and volcano that is under 4.5:1 (green 3.4:1, gold 2.8:1). Those tags take the first
 * darker shade (lighter in dark mode) of the same colour that reads at 4.5:1 and more.
 */
export function readableTagText(mode: 'light' | 'dark'): Record<string, string> {
  const cached = tagTextCache.get(mode);
  if (cached) return cached;
  const palette = antdTheme.getDesignToken({
    algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
  }) as unknown as Record<string, string>;
  const overrides: Record<string, string> = {};
  for (const colour of TAG_PRESETS) {
    const background = palette[`${colour}1`]!;
    const shades = [7, 8, 9, 10].map((shade) => palette[`${colour}${shade}`]!);
    const readable = shades.find((shade) => contrastRatio(shade, background) >= MIN_TEXT_CONTRAST);
    if (readable && readable !== shades[0]) overrides[`${colour}7`] = readable;
  }
  tagTextCache.set(mode, overrides);
  return overrides;
}

/**
 * antd tokens for a council's colours. antd derives the selected-menu tint from the primary
 * colour, and for some council greens that tint fails WCAG contrast with the primary itself,
 * so the tint is computed here and checked.
 */
export function tenantThemeTokens({ mainColor, theme }: Branding) {
  const readableOnWhite = contrastRatio(mainColor, '#ffffff') >= MIN_TEXT_CONTRAST;
  const selectedBg = theme.mode === 'dark' ? mainColor : mixHex(mainColor, '#ffffff', 0.88);
  const selectedColor =
    theme.mode === 'dark'
      ? readableTextOn(mainColor)
      : contrastRatio(mainColor, selectedBg) >= MIN_TEXT_CONTRAST
        ? mainColor
        : NEAR_BLACK;

  return {
    token: {
      colorPrimary: mainColor,
      // antd's placeholders (#bfbfbf on white, 1.8:1) fail WCAG AA; these read at 5:1 and more.
      colorTextPlaceholder: theme.mode === 'dark' ? '#9a9a9a' : '#6f6f6f',
      // Secondary text, empty states and description labels (#8c8c8c, 3.4:1) and danger buttons
      // (#ff4d4f, 3.3:1) fail AA too; these read at 5:1 and more on white.
      ...(theme.mode === 'light'
        ? {
            colorTextDescription: '#5f6368',
            colorTextSecondary: '#5f6368',
            colorTextTertiary: '#5f6368',
            colorError: '#c5221f',
          }
        : {}),
      // Links in the council colour only where they stay readable.
      ...(readableOnWhite && theme.mode === 'light' ? { colorLink: mainColor } : {}),
    },
    components: {
      // Empty tables say so in colorTextDisabled (#bfbfbf, 1.8:1), as does a table's filter
      // search with nothing found: these are read, so they take the secondary text colour. (An
      // empty list's text sits inside a Spin, which puts the global value back: app.css.)
      Table: { colorTextDisabled: theme.mode === 'dark' ? '#9a9a9a' : '#5f6368' },
      Tag: readableTagText(theme.mode),
      Menu: {
        itemSelectedBg: selectedBg,
        itemSelectedColor: selectedColor,
        // The open section holding the current page, drawn on the plain menu background.
        subMenuItemSelectedColor:
          theme.mode === 'dark' ? '#ffffff' : readableOnWhite ? mainColor : NEAR_BLACK,
      },
    },
  };
}

/** Spec 03: the header uses its own colour when set, else the main colour, with readable text. */
export function headerColors({ mainColor, theme }: Branding): { background: string; color: string } {
  const background = theme.headerColor ?? mainColor;
  return { background, color: readableTextOn(background) };
}
