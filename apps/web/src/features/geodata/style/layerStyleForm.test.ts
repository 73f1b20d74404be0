import { describe, expect, it } from 'vitest';
import { defaultLayerStyle, layerStyleSchema, type LayerStyle } from '@planning/shared';
import {
  colorFieldProblem,
  colorSetByExpression,
  editableStyle,
  styleValuesOf,
  styleWith,
  swatchOf,
} from './layerStyleForm';

const fill = defaultLayerStyle('polygon', '#d4380d');
const line = defaultLayerStyle('line', '#389e0d');
const circle = defaultLayerStyle('point', '#722ed1');

describe('the style editor’s fields', () => {
  it('reads and writes a fill with its outline, keeping what it has no field for', () => {
    const values = styleValuesOf(fill);
    expect(values).toMatchObject({
      color: '#d4380d',
      opacity: 0.35,
      outlineColor: '#d4380d',
      outlineWidth: 1.5,
    });
    expect(styleWith(fill, values, null)).toEqual(fill);
    const next = styleWith(
      fill,
      { ...values, color: '#00ff00', opacity: 1, outlineColor: '', outlineWidth: null },
      ['==', ['get', 'zone'], 'FZ3'],
    );
    expect(next).toEqual({
      type: 'fill',
      paint: { 'fill-color': '#00ff00', 'fill-opacity': 1 },
      layout: {},
      filter: ['==', ['get', 'zone'], 'FZ3'],
    });
    expect(layerStyleSchema.safeParse(next).success).toBe(true);
    // An outline added where there was none.
    const bare: LayerStyle = { type: 'fill', paint: { 'fill-color': '#123' }, layout: {} };
    expect(
      styleWith(bare, { ...styleValuesOf(bare), outlineColor: '#000', outlineWidth: 2 }, null).outline,
    ).toEqual({
      paint: { 'line-color': '#000', 'line-width': 2 },
    });
  });

  it('reads and writes a line with named dashes', () => {
    const values = styleValuesOf(line);
    expect(values).toMatchObject({ color: '#389e0d', lineWidth: 2, dash: 'solid' });
    const dashed = styleWith(line, { ...values, dash: 'dashed', lineWidth: 3 }, null);
    expect(dashed.paint).toEqual({ 'line-color': '#389e0d', 'line-width': 3, 'line-dasharray': [4, 2] });
    expect(dashed.layout).toEqual({ 'line-join': 'round' });
    expect(styleValuesOf(dashed).dash).toBe('dashed');
    expect(
      styleWith(dashed, { ...styleValuesOf(dashed), dash: 'solid' }, null).paint['line-dasharray'],
    ).toBeUndefined();
    // A dash pattern the editor has no name for is kept.
    const odd: LayerStyle = { ...line, paint: { ...line.paint, 'line-dasharray': [3, 1, 1, 1] } };
    expect(styleValuesOf(odd).dash).toBe('custom');
    expect(styleWith(odd, styleValuesOf(odd), null).paint['line-dasharray']).toEqual([3, 1, 1, 1]);
  });

  it('reads and writes circles', () => {
    const values = styleValuesOf(circle);
    expect(values).toMatchObject({ color: '#722ed1', radius: 5 });
    expect(styleWith(circle, { ...values, radius: 8 }, null).paint).toEqual({
      ...circle.paint,
      'circle-radius': 8,
    });
  });

  it('keeps a colour set by an expression until one is typed over it', () => {
    const byZone: LayerStyle = {
      type: 'fill',
      paint: { 'fill-color': ['match', ['get', 'zone'], 'FZ3', '#f00', '#00f'] },
      layout: {},
    };
    expect(colorSetByExpression(byZone)).toBe(true);
    expect(colorSetByExpression(fill)).toBe(false);
    const values = styleValuesOf(byZone);
    expect(values.color).toBe('');
    expect(styleWith(byZone, values, null).paint['fill-color']).toEqual(byZone.paint['fill-color']);
    expect(styleWith(byZone, { ...values, color: '#abc' }, null).paint['fill-color']).toBe('#abc');
  });

  it('edits the style a new layer gets when the stored one could not be read', () => {
    expect(editableStyle({ style: null, geometryType: 'line', layerName: 'rivers' }).type).toBe('line');
    expect(editableStyle({ style: circle, geometryType: 'polygon', layerName: 'x' })).toBe(circle);
  });

  it('checks colours with the shared rule (spec 03 §5)', () => {
    expect(colorFieldProblem('#abcd', true)).toBe('Invalid HEX color');
    expect(colorFieldProblem('#abc', true)).toBeNull();
    expect(colorFieldProblem('rgb(1, 2, 3)', true)).toBeNull();
    expect(colorFieldProblem('', false)).toBeNull();
    expect(colorFieldProblem('', true)).toBe('Colours are rgb(), rgba() or a hex colour of 3 or 6 digits');
    expect(swatchOf('#abcd')).toBe('transparent');
    expect(swatchOf(' #abc ')).toBe('#abc');
  });
});
