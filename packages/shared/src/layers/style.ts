import { z } from 'zod';
import { commonMessages } from '../common/schemas';
import { filterExpressionProblem } from './expressions';

/** Spec 03 §5 and §8: the words a style editor shows. */
export const layerStyleMessages = {
  invalidHexColor: commonMessages.invalidHexColor,
  invalidColor: 'Colours are rgb(), rgba() or a hex colour of 3 or 6 digits',
  invalidProperty: 'Style properties are lower-case MapLibre names such as fill-color',
  invalidValue: 'A style value is a number, text, true or false, or a MapLibre expression',
} as const;

const channel = String.raw`\s*(25[0-5]|2[0-4]\d|1\d\d|\d?\d)\s*`;
const alpha = String.raw`\s*(0|1|0?\.\d+|1\.0*)\s*`;
const RGB = new RegExp(`^rgb\\(${channel},${channel},${channel}\\)$`);
const RGBA = new RegExp(`^rgba\\(${channel},${channel},${channel},${alpha}\\)$`);

/**
 * Spec 03 §5: a colour is rgb(), rgba() (channels integers up to 255, alpha 0 to 1) or hex with 3
 * or 6 digits. Returns the message to show, or null for a valid colour; a hex colour of any other
 * length is 'Invalid HEX color'.
 */
export function colorProblem(value: string): string | null {
  const text = value.trim();
  if (text.startsWith('#'))
    return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(text) ? null : layerStyleMessages.invalidHexColor;
  if (RGB.test(text) || RGBA.test(text)) return null;
  return layerStyleMessages.invalidColor;
}

export const colorSchema = z
  .string()
  .max(64)
  .superRefine((value, context) => {
    const problem = colorProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const PROPERTY = /^[a-z][a-z0-9-]{0,63}$/;
const MAX_EXPRESSION_DEPTH = 8;

/** A paint or layout value: a scalar, or a MapLibre expression (a JSON array) of bounded depth. */
function valueProblem(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return false;
  if (typeof value === 'number') return !Number.isFinite(value);
  if (Array.isArray(value))
    return (
      depth >= MAX_EXPRESSION_DEPTH ||
      value.length > 256 ||
      value.some((item) => valueProblem(item, depth + 1))
    );
  return true;
}

/** MapLibre paint or layout properties: every `*-color` given as a plain colour is checked (spec 03 §5). */
const propertiesSchema = z.record(z.string(), z.unknown()).superRefine((properties, context) => {
  const entries = Object.entries(properties);
  if (entries.length > 64) context.addIssue({ code: 'custom', message: layerStyleMessages.invalidProperty });
  for (const [name, value] of entries) {
    if (!PROPERTY.test(name)) {
      context.addIssue({ code: 'custom', path: [name], message: layerStyleMessages.invalidProperty });
      continue;
    }
    if (valueProblem(value)) {
      context.addIssue({ code: 'custom', path: [name], message: layerStyleMessages.invalidValue });
      continue;
    }
    if (name.endsWith('-color') && typeof value === 'string') {
      const problem = colorProblem(value);
      if (problem) context.addIssue({ code: 'custom', path: [name], message: problem });
    }
  }
});

export const layerStyleTypes = ['fill', 'line', 'circle'] as const;

/**
 * A layer's mbstyle (spec 03 §3.6): the MapLibre layer type with its paint and layout, an
 * optional filter expression, and for polygons an outline drawn as a line on top of the fill.
 */
export const layerStyleSchema = z.object({
  type: z.enum(layerStyleTypes),
  paint: propertiesSchema.default({}),
  layout: propertiesSchema.default({}),
  /** Which features are drawn: a filter expression checked as spec 03 §5 says (expressions.ts). */
  filter: z
    .array(z.unknown())
    .max(256)
    .superRefine((value, context) => {
      const problem = valueProblem(value) ? layerStyleMessages.invalidValue : filterExpressionProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  outline: z.object({ paint: propertiesSchema.default({}) }).optional(),
});
export type LayerStyle = z.infer<typeof layerStyleSchema>;

export type LayerGeometryKind = 'polygon' | 'line' | 'point' | 'mixed';

// Colours that read on the light base map and differ from the sites' own blue.
const PALETTE = ['#d4380d', '#389e0d', '#722ed1', '#d48806', '#08979c', '#c41d7f', '#7cb305', '#531dab'];

/** The palette colour for a layer name: the same name always gets the same colour. */
export function layerColor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#d4380d';
}

/** The style a new layer gets (issue 13): a translucent fill with an outline, a line, or circles. */
export function defaultLayerStyle(geometry: LayerGeometryKind, color: string): LayerStyle {
  if (geometry === 'line')
    return {
      type: 'line',
      paint: { 'line-color': color, 'line-width': 2 },
      layout: { 'line-join': 'round' },
    };
  if (geometry === 'point')
    return {
      type: 'circle',
      paint: {
        'circle-color': color,
        'circle-radius': 5,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
      },
      layout: {},
    };
  return {
    type: 'fill',
    paint: { 'fill-color': color, 'fill-opacity': 0.35 },
    layout: {},
    outline: { paint: { 'line-color': color, 'line-width': 1.5 } },
  };
}
