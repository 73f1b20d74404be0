/*
 * British National Grid (EPSG:27700) positions, branded so that an easting and northing cannot be
 * passed where a longitude and latitude belong. Kept apart from the projection (bngToWgs84.ts) so
 * that reading grid references does not bring in the projection library.
 */

declare const bngBrand: unique symbol;
/** A position on the British National Grid (EPSG:27700): [easting, northing] in metres; never a WGS84 one by mistake. */
export type BngPosition = readonly [easting: number, northing: number] & { readonly [bngBrand]: true };

/** A position read as eastings and northings (the one place a pair of numbers becomes one). */
export const bngPosition = (easting: number, northing: number) =>
  [easting, northing] as unknown as BngPosition;
