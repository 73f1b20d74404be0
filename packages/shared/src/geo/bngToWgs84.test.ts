import { describe, expect, it } from 'vitest';
import { bngPosition } from './britishNationalGrid';
import { bngRingToWgs84, bngToWgs84 } from './bngToWgs84';

describe('a British National Grid position in WGS84', () => {
  // Expected values from GDAL 3.6 / PROJ, not this code:
  //   gdaltransform -s_srs EPSG:27700 -t_srs EPSG:4326 -output_xy
  it.each([
    [562_100, 153_800, 0.32182667643306, 51.2603173871452],
    [530_080, 180_150, -0.127146693575408, 51.5053204351163],
    [216_600, 771_200, -5.00471190618282, 56.7960882199835],
    [440_000, 1_140_000, -1.28158294793519, 60.1425610738679],
    [90_000, 10_000, -6.31938096552048, 49.9096707142491],
    [500_000, 500_000, -0.461660299329062, 54.3856788570174],
  ])('puts %d, %d at %f, %f', (easting, northing, longitude, latitude) => {
    const [lon, lat] = bngToWgs84(bngPosition(easting, northing));
    // Seven decimal places of a degree: about a centimetre.
    expect(lon).toBeCloseTo(longitude, 7);
    expect(lat).toBeCloseTo(latitude, 7);
  });
});

describe('a ring of grid corners in WGS84', () => {
  const grid = (...corners: [number, number][]) => corners.map(([e, n]) => bngPosition(e, n));
  const square = grid([562_100, 153_800], [562_200, 153_800], [562_200, 153_900], [562_100, 153_900]);
  const anticlockwise = square.map(bngToWgs84);

  it('is closed, in WGS84, anticlockwise', () => {
    expect(bngRingToWgs84(square)).toEqual([...anticlockwise, anticlockwise[0]]);
  });

  it('is turned anticlockwise when the corners were given clockwise', () => {
    const ring = bngRingToWgs84([...square].reverse());
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    // Shoelace over longitude and latitude: positive is anticlockwise.
    const twiceArea = ring
      .slice(0, -1)
      .reduce((sum, [x, y], index) => sum + x * ring[index + 1]![1] - ring[index + 1]![0] * y, 0);
    expect(twiceArea).toBeGreaterThan(0);
    expect(new Set(ring.map(String))).toEqual(new Set(anticlockwise.map(String)));
  });
});
