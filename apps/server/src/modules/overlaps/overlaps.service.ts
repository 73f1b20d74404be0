import { sql, type Transaction } from 'kysely';
import type { LayerOverlap } from '@planning/shared';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

/**
 * The overlap rows of some sites with some layers: for each site a layer meets, the area of the
 * site that the layer's features cover, counted once where features overlap each other (the
 * features meeting the site are unioned first), and that area as a share of the site. Driven from
 * the features, so only pairs whose boxes meet are looked at (GiST on both sides).
 *
 * Not `ST_Union(ST_Intersection(...))`: on PGlite's PostGIS that aggregate over the pieces (mixed
 * collections) answered an empty result, with no error, for a council's worth of sites.
 */
function overlapRows(tenantId: string, where: { layerId?: string; siteId?: string }) {
  return sql`
    with hits as (
      select f.layer_id, s.id as site_id, ST_UnaryUnion(ST_Collect(f.geom)) as cover
      from layer_features f
      join sites s on s.geom && f.geom and ST_Intersects(s.geom, f.geom)
      where not s.is_deleted
        ${where.layerId ? sql`and f.layer_id = ${where.layerId}` : sql``}
        ${where.siteId ? sql`and s.id = ${where.siteId}` : sql``}
      group by f.layer_id, s.id
    )
    select ${tenantId}::uuid, h.site_id, h.layer_id, a.area,
      least(100, greatest(0, 100 * a.area / nullif(ST_Area(s.geom), 0)))
    from hits h
    join sites s on s.id = h.site_id
    cross join lateral (select ST_Area(ST_Intersection(s.geom, h.cover)) as area) a`;
}

/** Works out again every site's overlap with one layer (after its features changed). */
export async function computeLayerOverlaps(trx: Trx, tenantId: string, layerId: string): Promise<number> {
  await trx.deleteFrom('site_layer_overlaps').where('layer_id', '=', layerId).execute();
  const result = await sql`
    insert into site_layer_overlaps (tenant_id, site_id, layer_id, overlap_area_m2, overlap_percent)
    ${overlapRows(tenantId, { layerId })}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Works out again one site's overlap with every layer (its boundary changed, or it was drawn). */
export async function computeSiteOverlaps(trx: Trx, tenantId: string, siteId: string): Promise<void> {
  await trx.deleteFrom('site_layer_overlaps').where('site_id', '=', siteId).execute();
  await sql`
    insert into site_layer_overlaps (tenant_id, site_id, layer_id, overlap_area_m2, overlap_percent)
    ${overlapRows(tenantId, { siteId })}`.execute(trx);
}

/** Spec 01 §7 intersected-layers: the layers a site meets, the most covering first. */
export async function siteOverlaps(trx: Trx, siteId: string): Promise<LayerOverlap[]> {
  const rows = await trx
    .selectFrom('site_layer_overlaps as o')
    .innerJoin('layers as l', 'l.id', 'o.layer_id')
    .select(['o.layer_id', 'l.layer_name', 'l.title', 'o.overlap_percent', 'o.overlap_area_m2'])
    .where('o.site_id', '=', siteId)
    .orderBy('o.overlap_percent', 'desc')
    .orderBy('l.title')
    .execute();
  return rows.map((row) => ({
    layerId: row.layer_id,
    layerName: row.layer_name,
    layerTitle: row.title,
    // Two decimals: a percentage of a site, not of a square millimetre.
    layerOverlapPercent: Math.round(row.overlap_percent * 100) / 100,
    overlapAreaM2: Math.round(row.overlap_area_m2 * 100) / 100,
  }));
}
