import type { TenantData } from '@planning/shared';
import { contrastRatio, MIN_TEXT_CONTRAST, mixHex, readableTextOn } from '../../components/color';

type Branding = Pick<TenantData, 'mainColor' | 'theme'>;

const NEAR_BLACK = '#141414';

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
