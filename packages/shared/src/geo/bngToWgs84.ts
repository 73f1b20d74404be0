import proj4 from 'proj4';
import type { Wgs84Position } from '../search/coordinates';
import type { BngPosition } from './britishNationalGrid';

// PostGIS's and epsg.io's definition of EPSG:27700: Airy 1830 on a transverse Mercator, with the
// seven-parameter shift to WGS84 that the server's ST_Transform uses (good to about 2 metres).
const BRITISH_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';
let converter: proj4.Converter | null = null;

/** A British National Grid position in WGS84: [longitude, latitude]. */
export function bngToWgs84(position: BngPosition): Wgs84Position {
  converter ??= proj4(BRITISH_NATIONAL_GRID, 'EPSG:4326');
  const [longitude, latitude] = converter.forward([position[0], position[1]]);
  return [longitude!, latitude!];
}

/** Twice the area the corners enclose, in square metres: positive when they run anticlockwise. */
const twiceSignedArea = (corners: readonly BngPosition[]) =>
  corners.reduce((sum, [x, y], index) => {
    const [nextX, nextY] = corners[(index + 1) % corners.length]!;
    return sum + x * nextY - nextX * y;
  }, 0);

/**
 * A polygon's corners on the grid as its GeoJSON ring in WGS84: closed, anticlockwise as RFC 7946
 * asks (the order given, or its reverse).
 */
export function bngRingToWgs84(corners: readonly BngPosition[]): Wgs84Position[] {
  const ordered = twiceSignedArea(corners) < 0 ? [...corners].reverse() : [...corners];
  const ring = ordered.map(bngToWgs84);
  return [...ring, ring[0]!];
}
