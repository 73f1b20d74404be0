import { ValidateNotSelfIntersecting, type GeoJSONStoreFeatures } from 'terra-draw';
import { siteMessages } from '@planning/shared';
import { anyOverlap, boundaryMessages, overlapIndex, type PolygonRings } from './boundaryRules';

// With the drawing library (the map's chunk): the same check the staff map makes of a drawn site.

/** Whether the polygon's edges cross (terra-draw's check, as the staff map's Draw site makes it). */
export function crossesItself(polygon: PolygonRings): boolean {
  const feature = {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: polygon },
    properties: {},
  } as GeoJSONStoreFeatures;
  return !ValidateNotSelfIntersecting(feature).valid;
}

/** Why a newly drawn area is refused (its edges cross, or it overlaps an area already drawn), or null. */
export function drawnPolygonProblem(polygon: PolygonRings, existing: readonly PolygonRings[]): string | null {
  if (crossesItself(polygon)) return siteMessages.selfIntersection;
  if (overlapIndex(polygon, existing) >= 0) return boundaryMessages.partsOverlap;
  return null;
}

/** Why an edited boundary is refused, or null. */
export function editedBoundaryProblem(polygons: readonly PolygonRings[]): string | null {
  if (polygons.some(crossesItself)) return siteMessages.selfIntersection;
  if (anyOverlap(polygons)) return boundaryMessages.editedOverlap;
  return null;
}
