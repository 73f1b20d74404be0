import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../components/color';
import { headerColors, readableTagText, tenantThemeTokens } from './tenantTheme';

describe('tenantThemeTokens', () => {
  it.each(['#1d4f91', '#0b6e4f', '#ffdd00', '#d4351c', '#000000'])(
    'selected menu text on %s keeps 4.5:1 contrast in both modes',
    (mainColor) => {
      for (const mode of ['light', 'dark'] as const) {
        const { token, components } = tenantThemeTokens({ mainColor, theme: { mode } });
        expect(token.colorPrimary).toBe(mainColor);
        const { itemSelectedBg, itemSelectedColor, subMenuItemSelectedColor } = components.Menu;
        expect(contrastRatio(itemSelectedBg, itemSelectedColor)).toBeGreaterThanOrEqual(4.5);
        // antd's menu background: white in light mode, #141414 in dark mode.
        const menuBg = mode === 'dark' ? '#141414' : '#ffffff';
        expect(contrastRatio(menuBg, subMenuItemSelectedColor)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('uses the main colour for links only when it reads on white', () => {
    expect(tenantThemeTokens({ mainColor: '#1d4f91', theme: { mode: 'light' } }).token).toHaveProperty(
      'colorLink',
    );
    expect(tenantThemeTokens({ mainColor: '#ffdd00', theme: { mode: 'light' } }).token).not.toHaveProperty(
      'colorLink',
    );
  });
});

describe('readableTagText', () => {
  it.each(['light', 'dark'] as const)('gives every preset tag 4.5:1 text on its own tint (%s)', (mode) => {
    const palette = theme.getDesignToken({
      algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    }) as unknown as Record<string, string>;
    const overrides = readableTagText(mode);
    for (const colour of ['blue', 'cyan', 'green', 'gold', 'orange', 'lime', 'yellow', 'volcano', 'red']) {
      const text = overrides[`${colour}7`] ?? palette[`${colour}7`]!;
      expect(contrastRatio(text, palette[`${colour}1`]!), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves the colours that already read alone, and darkens green and gold in light mode', () => {
    const overrides = readableTagText('light');
    expect(overrides).not.toHaveProperty('blue7');
    expect(overrides).not.toHaveProperty('red7');
    expect(overrides.green7).toBe('#237804');
    expect(overrides.gold7).toBe('#874d00');
    expect(tenantThemeTokens({ mainColor: '#1d4f91', theme: { mode: 'light' } }).components.Tag).toBe(
      overrides,
    );
  });
});

describe('headerColors', () => {
  it.each([
    [{ mainColor: '#1d4f91', theme: { mode: 'light' as const } }, '#1d4f91', '#ffffff'],
    [
      { mainColor: '#0b6e4f', theme: { mode: 'light' as const, headerColor: '#083d2d' } },
      '#083d2d',
      '#ffffff',
    ],
    [
      { mainColor: '#1d4f91', theme: { mode: 'light' as const, headerColor: '#ffdd00' } },
      '#ffdd00',
      '#141414',
    ],
  ])('%o → %s with %s text', (branding, background, color) => {
    expect(headerColors(branding)).toEqual({ background, color });
  });
});
