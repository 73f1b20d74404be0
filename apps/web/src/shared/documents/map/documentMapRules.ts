import type { DocumentSite } from '@planning/shared';
import type { Geometry } from 'geojson';

export type Bounds = [number, number, number, number];

/** The box around every position of the geometries (WGS84), or null when there are none. */
export function boundsOf(geometries: readonly (DocumentSite['geometry'] | undefined)[]): Bounds | null {
  let box: Bounds | null = null;
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number') {
      const [x, y] = value as [number, number];
      box = box
        ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)]
        : [x, y, x, y];
      return;
    }
    for (const item of value) visit(item);
  };
  for (const geometry of geometries) {
    if (!geometry) continue;
    if (geometry.type === 'GeometryCollection' && Array.isArray(geometry.geometries))
      for (const part of geometry.geometries as { coordinates?: unknown }[]) visit(part.coordinates);
    else visit(geometry.coordinates);
  }
  return box;
}

/** Spec 02 §4: the popup's previous and next wrap around. */
export function stepIndex(index: number, total: number, delta: 1 | -1): number {
  if (total <= 0) return 0;
  return (((index + delta) % total) + total) % total;
}

/** The sites as GeoJSON features for the map (the id as a property: clicks read it back). */
export function siteFeatures(sites: readonly DocumentSite[]) {
  return {
    type: 'FeatureCollection' as const,
    features: sites
      .filter((site) => site.geometry)
      .map((site) => ({
        type: 'Feature' as const,
        geometry: site.geometry as unknown as Geometry,
        properties: { siteId: site.id, name: site.name ?? '' },
      })),
  };
}
