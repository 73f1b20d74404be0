import { describe, expect, it } from 'vitest';
import { gridReferenceMessages as M } from '@planning/shared';
import { boundarySummary, polygonsOf } from './boundaryRules';
import { typedBoundary } from './typedBoundary';

describe('a boundary typed as grid references', () => {
  it('becomes one polygon in WGS84, closed, with its area as a drawn boundary has it', () => {
    // A square 100 m across on the grid: a hectare, give or take the grid's scale there.
    const result = typedBoundary('TQ 6210 5380\nTQ 6220 5380\n562200, 153900\nTQ6210053900');
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(result.corners).toBe(4);
    expect(result.boundary.type).toBe('Polygon');
    const [ring] = polygonsOf(result.boundary)[0]!;
    expect(ring).toHaveLength(5);
    expect(ring![4]).toEqual(ring![0]);
    // TQ 6210 5380 (562100, 153800): gdaltransform -s_srs EPSG:27700 -t_srs EPSG:4326 says
    // 0.32182667643306, 51.2603173871452; the map keeps 9 decimal places.
    expect(ring![0]![0]).toBeCloseTo(0.32182667643306, 7);
    expect(ring![0]![1]).toBeCloseTo(51.2603173871452, 7);
    expect(ring!.every((position) => position.every((value) => Number(value.toFixed(9)) === value))).toBe(
      true,
    );
    expect(result.areaHa).toBeCloseTo(1, 2);
    expect(boundarySummary(result.boundary)).toBe('Boundary: 1 area, 1.00 ha');
  });

  it('is refused when the lines between its corners cross, as a drawn one is', () => {
    expect(typedBoundary('562100, 153800\n562200, 153900\n562200, 153800\n562100, 153900')).toEqual({
      ok: false,
      problems: [M.crossing],
    });
  });

  it('passes on what is wrong with the lines typed', () => {
    expect(typedBoundary('TQ 6210 5380\nnowhere')).toEqual({
      ok: false,
      problems: [M.format(2)],
    });
    expect(typedBoundary('TQ 6210 5380\nTQ 6220 5380')).toEqual({ ok: false, problems: [M.tooFew] });
  });
});
