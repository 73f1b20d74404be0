import type { CSSProperties } from 'react';
import type { LayerStyle } from '@planning/shared';
import { styleValuesOf, swatchOf } from '../style/layerStyleForm';

const dashBorder = {
  solid: 'solid',
  dashed: 'dashed',
  long: 'dashed',
  dotted: 'dotted',
  custom: 'dashed',
} as const;

/**
 * A layer's key entry as drawn: a filled square with its outline, a line with its dashes, or a
 * dot. A colour set by an expression shows as grey.
 */
export function StyleSwatch({
  style,
  size = 'small',
}: {
  style: LayerStyle | null;
  size?: 'small' | 'large';
}) {
  const values = style ? styleValuesOf(style) : null;
  const colour = values?.color ? swatchOf(values.color) : '#8c8c8c';
  let look: CSSProperties;
  if (!style || !values || style.type === 'fill') {
    const outline = values?.outlineColor ? swatchOf(values.outlineColor) : 'transparent';
    look = {
      background: colour,
      opacity: values?.opacity ?? 1,
      border: `${Math.min(values?.outlineWidth ?? 1, 3)}px solid ${outline}`,
    };
  } else if (style.type === 'line') {
    look = {
      borderTop: `${Math.min(Math.max(values.lineWidth ?? 1, 1), 6)}px ${dashBorder[values.dash]} ${colour}`,
      height: 0,
      alignSelf: 'center',
    };
  } else {
    look = { background: colour, borderRadius: '50%' };
  }
  return (
    <span
      className={`style-swatch style-swatch--${size} style-swatch--${style?.type ?? 'fill'}`}
      style={look}
      aria-hidden="true"
    />
  );
}
