import { bngRingToWgs84, gridReferenceMessages, readCorners } from '@planning/shared';
import { crossesItself } from './boundaryChecks';
import { hectaresOf, roundedPolygon, shapeOf, type BoundaryShape } from './boundaryRules';

/**
 * Issue 27 point 7: a boundary from grid references typed one corner a line: shared reads the
 * lines and turns the corners into WGS84; this holds the polygon to the drawn boundary's rules (its
 * edges must not cross, terra-draw's check) and rounds it as the map keeps a drawn one.
 */
export type TypedBoundary =
  { ok: true; boundary: BoundaryShape; areaHa: number; corners: number } | { ok: false; problems: string[] };

export function typedBoundary(text: string): TypedBoundary {
  const read = readCorners(text);
  if (!read.ok) return read;
  const polygon = roundedPolygon([bngRingToWgs84(read.corners)]);
  if (crossesItself(polygon)) return { ok: false, problems: [gridReferenceMessages.crossing] };
  const boundary = shapeOf([polygon])!;
  return { ok: true, boundary, areaHa: hectaresOf(boundary)!, corners: read.corners.length };
}
