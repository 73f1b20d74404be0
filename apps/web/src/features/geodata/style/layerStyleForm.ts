import { colorProblem, defaultLayerStyle, layerColor, type Layer, type LayerStyle } from '@planning/shared';

/**
 * The style editor's fields for a layer's MapLibre paint (spec 03 §3.6 mbstyle): by the style's
 * type, a fill with its opacity and outline, a line with its width and dashes, or circles with
 * their radius. Paint and layout properties the editor has no field for are kept as they are.
 */
export type StyleValues = {
  /** fill-color, line-color or circle-color; '' when an expression sets it (kept unless typed over). */
  color: string;
  /** fill-opacity */
  opacity: number | null;
  /** The outline of a fill: line-color ('' for none) and line-width. */
  outlineColor: string;
  outlineWidth: number | null;
  /** line-width */
  lineWidth: number | null;
  /** line-dasharray, by name */
  dash: DashName;
  /** circle-radius */
  radius: number | null;
};

export const DASHES = {
  solid: null,
  dashed: [4, 2],
  dotted: [1, 2],
  long: [8, 4],
} as const;
export type DashName = keyof typeof DASHES | 'custom';

export const dashLabels: Record<DashName, string> = {
  solid: 'Solid',
  dashed: 'Dashed',
  dotted: 'Dotted',
  long: 'Long dashes',
  custom: 'As stored',
};

export const styleTypeLabels: Record<LayerStyle['type'], string> = {
  fill: 'Filled areas with an outline',
  line: 'Lines',
  circle: 'Circles',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' ? value : null);
const colorKey = (style: LayerStyle) => `${style.type}-color`;

/** The style to edit: the stored one, or for an unreadable one the style a new layer gets. */
export function editableStyle(layer: Pick<Layer, 'style' | 'geometryType' | 'layerName'>): LayerStyle {
  return layer.style ?? defaultLayerStyle(layer.geometryType, layerColor(layer.layerName));
}

function dashOf(value: unknown): DashName {
  if (value === undefined || value === null) return 'solid';
  for (const [name, dash] of Object.entries(DASHES))
    if (dash && JSON.stringify(dash) === JSON.stringify(value)) return name as DashName;
  return 'custom';
}

export function styleValuesOf(style: LayerStyle): StyleValues {
  const { paint } = style;
  const outline = style.outline?.paint ?? {};
  return {
    color: text(paint[colorKey(style)]),
    opacity: number(paint['fill-opacity']),
    outlineColor: text(outline['line-color']),
    outlineWidth: number(outline['line-width']),
    lineWidth: number(paint['line-width']),
    dash: dashOf(paint['line-dasharray']),
    radius: number(paint['circle-radius']),
  };
}

/** Sets a property, or takes it off when the field is empty (MapLibre's default then applies). */
function put(target: Record<string, unknown>, name: string, value: unknown) {
  if (value === null || value === undefined || value === '') delete target[name];
  else target[name] = value;
}

/** The style with the fields' values and the filter (null: every feature is drawn). */
export function styleWith(style: LayerStyle, values: StyleValues, filter: unknown[] | null): LayerStyle {
  const paint: Record<string, unknown> = { ...style.paint };
  // A colour set by an expression stays until a colour is typed over it.
  if (values.color || typeof paint[colorKey(style)] === 'string') put(paint, colorKey(style), values.color);
  const next: LayerStyle = { type: style.type, paint, layout: { ...style.layout } };
  if (style.type === 'fill') {
    put(paint, 'fill-opacity', values.opacity);
    if (values.outlineColor) {
      const outline: Record<string, unknown> = { ...style.outline?.paint, 'line-color': values.outlineColor };
      put(outline, 'line-width', values.outlineWidth);
      next.outline = { paint: outline };
    }
  } else if (style.type === 'line') {
    put(paint, 'line-width', values.lineWidth);
    if (values.dash !== 'custom') put(paint, 'line-dasharray', DASHES[values.dash]);
  } else {
    put(paint, 'circle-radius', values.radius);
  }
  if (style.type !== 'fill' && style.outline) next.outline = style.outline;
  if (filter) next.filter = filter;
  return next;
}

/** The message under a colour field (spec 03 §5), or null. An empty outline colour means none. */
export function colorFieldProblem(value: string, required: boolean): string | null {
  if (!value.trim()) return required ? colorProblem('') : null;
  return colorProblem(value);
}

/** The colour a swatch shows for a field: the value when it is a valid colour. */
export const swatchOf = (value: string) => (value && !colorProblem(value) ? value.trim() : 'transparent');

/** Whether the style's main colour is a MapLibre expression (by zone, say) rather than one colour. */
export function colorSetByExpression(style: LayerStyle): boolean {
  const value = style.paint[colorKey(style)];
  return value !== undefined && typeof value !== 'string';
}
