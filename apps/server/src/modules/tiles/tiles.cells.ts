import type { Feature } from 'geojson';
import { sql, type Transaction } from 'kysely';
import { SITE_TILE } from '@planning/shared';
import type { Database } from '../../db/schema';
import { DEFAULT_SCENARIO } from '../search/search.service';
import { encodeUnitSquare } from './tiles.render';

/**
 * Pre-aggregation for low zooms: a council's live sites counted once per base cell (the grid
 * cells of the finest overview zoom, 1/32 of a z11 tile, about 610 m), so an unfiltered z8–z11
 * tile sums cells instead of grouping every site. Base cells nest exactly in the cells of every
 * lower zoom (both grids start at the world's corner), so the answer is the same as grouping the
 * sites themselves. A finer base (z13) gave nothing more: where sites are spread out each one
 * had a cell of its own, and recounting after a change took 3.6 s at 1,000,000 sites.
 */
export const BASE_CELL_ZOOM = SITE_TILE.clusterMaxZoom;

export type SiteCells = {
  cx: Int32Array;
  cy: Int32Array;
  count: Int32Array;
  capacity: Float64Array;
  /** The smallest site id in the cell: the cluster's feature id, as the SQL path gives it. */
  minId: Float64Array;
};

/** Counts every live site of a scenario by base cell: one pass over the council's sites. */
export async function buildSiteCells(
  trx: Transaction<Database>,
  tenantId: string,
  scenario: string | undefined,
): Promise<SiteCells> {
  // Every site's base cell is kept in `site_search_rows` (migration 0010): no geometry is read.
  const rows = await trx
    .selectFrom('site_search_rows')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', false)
    .where('scenario_name', '=', scenario ?? DEFAULT_SCENARIO)
    .select([
      'cell_x as cx',
      'cell_y as cy',
      sql<number>`count(*)::int`.as('count'),
      sql<number>`sum(coalesce(optimised_unit_capacity, 0))::float8`.as('capacity'),
      sql<string>`min(site_id)::text`.as('min_id'),
    ])
    .groupBy(['cell_x', 'cell_y'])
    .execute();
  const cells: SiteCells = {
    cx: new Int32Array(rows.length),
    cy: new Int32Array(rows.length),
    count: new Int32Array(rows.length),
    capacity: new Float64Array(rows.length),
    minId: new Float64Array(rows.length),
  };
  rows.forEach((row, i) => {
    cells.cx[i] = row.cx;
    cells.cy[i] = row.cy;
    cells.count[i] = row.count;
    cells.capacity[i] = row.capacity;
    cells.minId[i] = Number(row.min_id);
  });
  return cells;
}

/** The clustered tile z/x/y (z ≤ BASE_CELL_ZOOM) from base cells, encoded like the SQL path. */
export function renderCellsTile(cells: SiteCells, z: number, x: number, y: number): Uint8Array | null {
  const per = 2 ** (BASE_CELL_ZOOM - z); // base cells per tile cell, along each axis
  const n = SITE_TILE.clusterCells;
  const sums = new Map<number, { count: number; capacity: number; minId: number }>();
  for (let k = 0; k < cells.cx.length; k += 1) {
    const i = Math.floor(cells.cx[k]! / per);
    const j = Math.floor(cells.cy[k]! / per);
    if (Math.floor(i / n) !== x || Math.floor(j / n) !== y) continue;
    const key = (j - y * n) * n + (i - x * n);
    const sum = sums.get(key);
    if (sum) {
      sum.count += cells.count[k]!;
      sum.capacity += cells.capacity[k]!;
      sum.minId = Math.min(sum.minId, cells.minId[k]!);
    } else {
      sums.set(key, { count: cells.count[k]!, capacity: cells.capacity[k]!, minId: cells.minId[k]! });
    }
  }
  const features: Feature[] = [...sums].map(([key, sum]) => ({
    type: 'Feature',
    id: sum.minId,
    geometry: { type: 'Point', coordinates: [((key % n) + 0.5) / n, (Math.floor(key / n) + 0.5) / n] },
    properties: { count: sum.count, capacity: Math.round(sum.capacity) },
  }));
  return encodeUnitSquare(features);
}
