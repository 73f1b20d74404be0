import turfArea from '@turf/area';
import type { Position } from 'geojson';

/** A site's boundary (issue 27): a GeoJSON polygon or multipolygon in WGS84, as the submission keeps it. */
export type BoundaryShape = { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] };

/** One polygon's rings: the outline first, then any holes (each ring closed). */
export type PolygonRings = Position[][];

/** What the map tells the submitter, word for word. */
export const boundaryMessages = {
  noBoundary: 'No boundary yet',
  partsOverlap:
    'The new area overlaps an area already drawn, or shares an edge with it. Draw one outline around both instead, or edit the area already drawn.',
  editedOverlap: 'The areas of a boundary must not overlap or share an edge. The change has been undone.',
  holesNotEditable:
    'This boundary has holes in it, which cannot be edited on the map. Remove it and draw it again, or upload a corrected boundary file.',
  notEditable:
    'This boundary cannot be edited on the map. Remove it and draw it again, or upload a corrected boundary file.',
  uploadHint: 'You can also enter grid references or upload a boundary file below.',
  drawingHint:
    'Click on the map to add the corners of the site. To finish, click the first corner, double-click, or press Enter. Press Escape to stop drawing.',
  editingHint:
    'Click an area to select it, then drag its corners; drag a midpoint to add a corner. Press Escape or Done editing when finished.',
} as const;

const isPosition = (value: unknown): value is Position =>
  Array.isArray(value) &&
  value.length >= 2 &&
  value.every((part) => typeof part === 'number' && Number.isFinite(part));

/** A closed ring of at least four positions (three corners and the first again). */
const isRing = (value: unknown): value is Position[] => {
  if (!Array.isArray(value) || value.length < 4 || !value.every(isPosition)) return false;
  const first = value[0] as Position;
  const last = value.at(-1) as Position;
  return first[0] === last[0] && first[1] === last[1];
};

const isPolygon = (value: unknown): value is PolygonRings =>
  Array.isArray(value) && value.length > 0 && value.every(isRing);

/** The boundary's polygons; anything that is not a well-formed polygon is left out. */
export function polygonsOf(shape: BoundaryShape | null | undefined): PolygonRings[] {
  if (!shape) return [];
  if (shape.type === 'Polygon') return isPolygon(shape.coordinates) ? [shape.coordinates] : [];
  return shape.coordinates.filter(isPolygon);
}

/** No polygons: no boundary; one: a Polygon; several: a MultiPolygon. */
export function shapeOf(polygons: readonly PolygonRings[]): BoundaryShape | null {
  if (polygons.length === 0) return null;
  if (polygons.length === 1) return { type: 'Polygon', coordinates: polygons[0]! };
  return { type: 'MultiPolygon', coordinates: [...polygons] };
}

/** The boundary with one more polygon drawn (a second area makes it a MultiPolygon). */
export function withPolygon(shape: BoundaryShape | null, polygon: PolygonRings): BoundaryShape {
  return shapeOf([...polygonsOf(shape), polygon])!;
}

/** The boundary's area in square metres (holes taken off), as turf measures it on the sphere. */
export function squareMetresOf(polygons: readonly PolygonRings[]): number {
  if (polygons.length === 0) return 0;
  return turfArea({ type: 'MultiPolygon', coordinates: [...polygons] });
}

/** The boundary's area in hectares (for the form's areaHa), or null without a boundary. */
export function hectaresOf(shape: BoundaryShape | null | undefined): number | null {
  const polygons = polygonsOf(shape);
  return polygons.length === 0 ? null : squareMetresOf(polygons) / 10_000;
}

/** An area in hectares to two places, as the staff map's drawing tool shows it: '2.35 ha'. */
export function formatArea(squareMetres: number): string {
  return `${(squareMetres / 10_000).toFixed(2)} ha`;
}

/** The text below the map: 'Boundary: 1 area, 2.35 ha', or 'No boundary yet'. */
export function boundarySummary(shape: BoundaryShape | null | undefined): string {
  const polygons = polygonsOf(shape);
  if (polygons.length === 0) return boundaryMessages.noBoundary;
  const count = `${polygons.length} ${polygons.length === 1 ? 'area' : 'areas'}`;
  return `Boundary: ${count}, ${formatArea(squareMetresOf(polygons))}`;
}

/** Whether any polygon has a hole (the drawing library edits outlines only). */
export const hasHoles = (shape: BoundaryShape | null | undefined) =>
  polygonsOf(shape).some((polygon) => polygon.length > 1);

/**
 * The polygon's positions rounded to `digits` decimal places (the drawing library refuses more
 * than it keeps: 9 places, well under a millimetre), with corners made equal by rounding dropped.
 */
export function roundedPolygon(polygon: PolygonRings, digits = 9): PolygonRings {
  const factor = 10 ** digits;
  const round = (value: number) => Math.round(value * factor) / factor;
  return polygon.map((ring) =>
    ring
      .map(([x, y]) => [round(x!), round(y!)])
      .filter((position, index, all) => {
        const before = all[index - 1];
        return !before || before[0] !== position[0] || before[1] !== position[1];
      }),
  );
}

type Point = readonly [number, number];
const xy = (position: Position): Point => [position[0]!, position[1]!];

/** Which side of the line a→b the point c lies: positive left, negative right, zero on it. */
const side = (a: Point, b: Point, c: Point) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** Whether two segments cross at a point inside both (touching at an end or along a line does not count). */
function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = side(c, d, a);
  const d2 = side(c, d, b);
  const d3 = side(a, b, c);
  const d4 = side(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** Whether two segments lie along one line and share a stretch of it (not just an end). */
function segmentsShareStretch(a: Point, b: Point, c: Point, d: Point): boolean {
  if (side(a, b, c) !== 0 || side(a, b, d) !== 0) return false;
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = dx * dx + dy * dy;
  if (length === 0) return false;
  const along = (p: Point) => ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length;
  const [from, to] = [along(c), along(d)].sort((x, y) => x - y) as [number, number];
  return Math.min(1, to) - Math.max(0, from) > 1e-9;
}

/** Whether the point lies strictly inside the ring (even-odd rule; on the edge is not inside). */
function insideRing(point: Point, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = xy(ring[i]!);
    const b = xy(ring[j]!);
    if (side(a, b, point) === 0 && Math.min(a[0], b[0]) <= point[0] && point[0] <= Math.max(a[0], b[0])) {
      if (Math.min(a[1], b[1]) <= point[1] && point[1] <= Math.max(a[1], b[1])) return false;
    }
    if (a[1] > point[1] !== b[1] > point[1]) {
      const x = ((b[0] - a[0]) * (point[1] - a[1])) / (b[1] - a[1]) + a[0];
      if (point[0] < x) inside = !inside;
    }
  }
  return inside;
}

const insidePolygon = (point: Point, polygon: PolygonRings) =>
  insideRing(point, polygon[0]!) && !polygon.slice(1).some((hole) => insideRing(point, hole));

const edgesOf = (polygon: PolygonRings) =>
  polygon.flatMap((ring) => ring.slice(1).map((end, index) => [xy(ring[index]!), xy(end)] as const));

/**
 * Whether two areas of one boundary clash: an edge of one crosses or runs along an edge of the
 * other, or one lies inside the other. The server keeps a boundary only if they do not (its
 * MultiPolygon must be a valid geometry, whose parts may touch at points but not share an edge);
 * areas meeting at a corner are fine.
 */
export function polygonsOverlap(a: PolygonRings, b: PolygonRings): boolean {
  const edgesB = edgesOf(b);
  for (const [p, q] of edgesOf(a))
    for (const [r, s] of edgesB)
      if (segmentsCross(p, q, r, s) || segmentsShareStretch(p, q, r, s)) return true;
  // A corner, or the middle of an edge, strictly inside the other: the edge runs through its inside.
  const inside = (points: readonly Point[], polygon: PolygonRings) =>
    points.some((point) => insidePolygon(point, polygon));
  const probes = (polygon: PolygonRings) => [
    ...polygon[0]!.map(xy),
    ...edgesOf([polygon[0]!]).map(([p, q]) => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2] as const),
  ];
  return inside(probes(a), b) || inside(probes(b), a);
}

/** The index of the first of `others` the polygon overlaps, or -1. */
export function overlapIndex(polygon: PolygonRings, others: readonly PolygonRings[]): number {
  return others.findIndex((other) => polygonsOverlap(polygon, other));
}

/** Whether any two of the boundary's areas overlap. */
export function anyOverlap(polygons: readonly PolygonRings[]): boolean {
  return polygons.some((polygon, index) => overlapIndex(polygon, polygons.slice(index + 1)) >= 0);
}
