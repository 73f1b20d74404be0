import { describe, expect, it } from 'vitest';
import turfArea from '@turf/area';
import { siteMessages } from '@planning/shared';
import {
  anyOverlap,
  boundaryMessages,
  boundarySummary,
  formatArea,
  hasHoles,
  hectaresOf,
  overlapIndex,
  polygonsOf,
  polygonsOverlap,
  roundedPolygon,
  shapeOf,
  squareMetresOf,
  withPolygon,
  type PolygonRings,
} from './boundaryRules';
import { crossesItself, drawnPolygonProblem, editedBoundaryProblem } from './boundaryChecks';

/** A closed square ring, lower left corner at (x, y), `size` degrees across. */
const ring = (x: number, y: number, size = 0.01) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];
const square = (x: number, y: number, size = 0.01): PolygonRings => [ring(x, y, size)];
const bowTie: PolygonRings = [
  [
    [0, 51],
    [0.01, 51.01],
    [0.01, 51],
    [0, 51.01],
    [0, 51],
  ],
];

describe('the boundary’s area', () => {
  it('is given in hectares to two places, as the staff drawing tool gives it', () => {
    expect(formatArea(0)).toBe('0.00 ha');
    expect(formatArea(23_456)).toBe('2.35 ha');
    expect(formatArea(10_000)).toBe('1.00 ha');
    expect(formatArea(1_234_567)).toBe('123.46 ha');
    expect(formatArea(49)).toBe('0.00 ha');
  });

  it('is turf’s, summed over the areas, holes taken off', () => {
    const one = square(0, 51);
    expect(squareMetresOf([one])).toBeCloseTo(turfArea({ type: 'Polygon', coordinates: one }), 6);
    expect(squareMetresOf([one, square(0.02, 51)])).toBeCloseTo(2 * squareMetresOf([one]), -2);
    const withHole: PolygonRings = [ring(0, 51, 0.02), ring(0.005, 51.005, 0.01)];
    const outer = squareMetresOf([square(0, 51, 0.02)]);
    const hole = squareMetresOf([square(0.005, 51.005, 0.01)]);
    expect(squareMetresOf([withHole])).toBeCloseTo(outer - hole, 0);
    expect(squareMetresOf([])).toBe(0);
  });

  it('is given to the form in hectares, none without a boundary', () => {
    expect(hectaresOf(null)).toBeNull();
    expect(hectaresOf({ type: 'MultiPolygon', coordinates: [] })).toBeNull();
    const one = square(0, 51);
    expect(hectaresOf({ type: 'Polygon', coordinates: one })).toBeCloseTo(squareMetresOf([one]) / 10_000, 9);
  });
});

describe('the summary below the map', () => {
  it('says when there is no boundary yet', () => {
    expect(boundarySummary(null)).toBe('No boundary yet');
    expect(boundarySummary(undefined)).toBe(boundaryMessages.noBoundary);
    expect(boundarySummary({ type: 'MultiPolygon', coordinates: [] })).toBe('No boundary yet');
  });

  it('counts the areas and gives their hectares', () => {
    const one = square(0, 51);
    const hectares = formatArea(squareMetresOf([one]));
    expect(boundarySummary({ type: 'Polygon', coordinates: one })).toBe(`Boundary: 1 area, ${hectares}`);
    expect(boundarySummary({ type: 'MultiPolygon', coordinates: [one] })).toBe(
      `Boundary: 1 area, ${hectares}`,
    );
    const two = boundarySummary({ type: 'MultiPolygon', coordinates: [one, square(0.02, 51)] });
    expect(two).toMatch(/^Boundary: 2 areas, \d+\.\d\d ha$/);
  });

  it('reads a field of about 2.35 hectares as 2.35 ha', () => {
    // 153.3 m square at the equator: 23 501 m² (turf's sphere).
    const side = 153.3 / 111_195;
    const summary = boundarySummary({ type: 'Polygon', coordinates: square(0, 0, side) });
    expect(summary).toBe('Boundary: 1 area, 2.35 ha');
  });
});

describe('polygons and multipolygons', () => {
  it('reads the polygons of either, leaving out anything malformed', () => {
    const one = square(0, 51);
    expect(polygonsOf(null)).toEqual([]);
    expect(polygonsOf({ type: 'Polygon', coordinates: one })).toEqual([one]);
    expect(polygonsOf({ type: 'MultiPolygon', coordinates: [one, square(1, 51)] })).toEqual([
      one,
      square(1, 51),
    ]);
    // An open ring, too few corners, text for numbers, nothing at all.
    const open = [ring(0, 51).slice(0, -1)];
    const tooFew = [
      [
        [0, 51],
        [1, 51],
        [0, 51],
      ],
    ];
    const text = [
      [
        ['0', '51'],
        [1, 51],
        [1, 52],
        ['0', '51'],
      ],
    ];
    expect(polygonsOf({ type: 'Polygon', coordinates: open })).toEqual([]);
    expect(polygonsOf({ type: 'Polygon', coordinates: tooFew })).toEqual([]);
    expect(polygonsOf({ type: 'MultiPolygon', coordinates: [open, one, text, [], null] })).toEqual([one]);
    expect(polygonsOf({ type: 'Polygon', coordinates: [] })).toEqual([]);
  });

  it('makes no boundary of nothing, a Polygon of one area and a MultiPolygon of several', () => {
    const [a, b, c] = [square(0, 51), square(1, 51), square(2, 51)];
    expect(shapeOf([])).toBeNull();
    expect(shapeOf([a])).toEqual({ type: 'Polygon', coordinates: a });
    expect(shapeOf([a, b])).toEqual({ type: 'MultiPolygon', coordinates: [a, b] });
    expect(shapeOf([a, b, c])?.coordinates).toHaveLength(3);
  });

  it('adds each drawn area: the first a Polygon, the second turns it into a MultiPolygon', () => {
    const [a, b, c] = [square(0, 51), square(1, 51), square(2, 51)];
    const first = withPolygon(null, a);
    expect(first).toEqual({ type: 'Polygon', coordinates: a });
    const second = withPolygon(first, b);
    expect(second).toEqual({ type: 'MultiPolygon', coordinates: [a, b] });
    expect(withPolygon(second, c)).toEqual({ type: 'MultiPolygon', coordinates: [a, b, c] });
    // The value given is left as it was.
    expect(first).toEqual({ type: 'Polygon', coordinates: a });
  });

  it('knows a boundary with holes (which the map cannot edit)', () => {
    expect(hasHoles(null)).toBe(false);
    expect(hasHoles({ type: 'Polygon', coordinates: square(0, 51) })).toBe(false);
    const holed = [ring(0, 51, 0.02), ring(0.005, 51.005, 0.01)];
    expect(hasHoles({ type: 'MultiPolygon', coordinates: [square(1, 51), holed] })).toBe(true);
  });

  it('rounds positions to what the drawing library keeps, dropping corners made equal', () => {
    const precise: PolygonRings = [
      [
        [0.1234567891234, 51.0000000001],
        [0.1234567891236, 51.0000000001],
        [0.2, 51],
        [0.2, 51.1],
        [0.1234567891234, 51.0000000001],
      ],
    ];
    expect(roundedPolygon(precise)).toEqual([
      [
        [0.123456789, 51],
        [0.2, 51],
        [0.2, 51.1],
        [0.123456789, 51],
      ],
    ]);
  });
});

describe('areas that overlap', () => {
  it('overlap when edges cross, or one lies inside the other', () => {
    const a = square(0, 51, 0.02);
    expect(polygonsOverlap(a, square(0.01, 51.01, 0.02))).toBe(true); // corners crossing
    expect(polygonsOverlap(a, square(0.005, 51.005, 0.005))).toBe(true); // inside
    expect(polygonsOverlap(square(0.005, 51.005, 0.005), a)).toBe(true); // around
    expect(polygonsOverlap(a, a)).toBe(true); // the same
    expect(polygonsOverlap(a, [[...a[0]!].reverse()])).toBe(true); // the same, the other way round
  });

  it('clash when they share an edge, or part of one (PostGIS: Self-intersection)', () => {
    const a = square(0, 51, 0.02);
    expect(polygonsOverlap(a, square(0.02, 51, 0.02))).toBe(true); // side by side
    expect(polygonsOverlap(a, square(0.02, 51.005, 0.01))).toBe(true); // along part of the side
    expect(polygonsOverlap(square(0.02, 51.005, 0.01), a)).toBe(true);
  });

  it('do not when apart, meeting at a corner, or a corner touching an edge', () => {
    const a = square(0, 51, 0.02);
    expect(polygonsOverlap(a, square(0.05, 51, 0.02))).toBe(false);
    expect(polygonsOverlap(a, square(0.02, 51.02, 0.02))).toBe(false); // corner to corner
    const arrow: PolygonRings = [
      [
        [0.02, 51.01],
        [0.04, 51],
        [0.04, 51.02],
        [0.02, 51.01],
      ],
    ];
    expect(polygonsOverlap(a, arrow)).toBe(false); // its point on the square's side
    expect(polygonsOverlap(a, square(0.02, 51.02 + 1e-7, 0.02))).toBe(false); // a hair apart
  });

  it('overlap when a cross shape lies over a square with no corner inside it', () => {
    // A long thin bar across a square: every corner of each lies outside the other.
    const bar: PolygonRings = [
      [
        [-0.01, 51.009],
        [0.03, 51.009],
        [0.03, 51.011],
        [-0.01, 51.011],
        [-0.01, 51.009],
      ],
    ];
    expect(polygonsOverlap(square(0, 51, 0.02), bar)).toBe(true);
  });

  it('overlap when a triangle’s corners lie on the square’s edges', () => {
    const triangle: PolygonRings = [
      [
        [0, 51],
        [0.02, 51.01],
        [0, 51.02],
        [0, 51],
      ],
    ];
    expect(polygonsOverlap(square(0, 51, 0.02), triangle)).toBe(true);
  });

  it('finds which area a new one overlaps, and any overlap among several', () => {
    const areas = [square(0, 51), square(1, 51), square(2, 51)];
    expect(overlapIndex(square(1.005, 51.005), areas)).toBe(1);
    expect(overlapIndex(square(5, 51), areas)).toBe(-1);
    expect(anyOverlap(areas)).toBe(false);
    expect(anyOverlap([...areas, square(2.005, 51.005)])).toBe(true);
    expect(anyOverlap([])).toBe(false);
  });
});

describe('a drawn or edited boundary refused', () => {
  it('when its edges cross, with the staff map’s own words', () => {
    expect(crossesItself(bowTie)).toBe(true);
    expect(crossesItself(square(0, 51))).toBe(false);
    expect(drawnPolygonProblem(bowTie, [])).toBe(siteMessages.selfIntersection);
    expect(drawnPolygonProblem(bowTie, [])).toBe(
      'Self intersection errors have been detected in the polygon. Please draw again.',
    );
    expect(editedBoundaryProblem([square(1, 51), bowTie])).toBe(siteMessages.selfIntersection);
  });

  it('when a new area overlaps one already drawn', () => {
    expect(drawnPolygonProblem(square(0.005, 51.005), [square(0, 51)])).toBe(boundaryMessages.partsOverlap);
    expect(editedBoundaryProblem([square(0, 51), square(0.005, 51.005)])).toBe(
      boundaryMessages.editedOverlap,
    );
  });

  it('not when it is a plain outline apart from the others', () => {
    expect(drawnPolygonProblem(square(0, 51), [])).toBeNull();
    expect(drawnPolygonProblem(square(0.05, 51), [square(0, 51)])).toBeNull();
    expect(editedBoundaryProblem([square(0, 51), square(0.05, 51)])).toBeNull();
    expect(editedBoundaryProblem([])).toBeNull();
  });
});
