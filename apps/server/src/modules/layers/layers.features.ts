import { sql, type Transaction } from 'kysely';
import { layerMapMessages, type LayerFeature } from '@planning/shared';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';

type Trx = Transaction<Database>;
type Bbox = [number, number, number, number];

const bboxOf = (geometry: ReturnType<typeof sql>) => sql<Bbox | null>`(
  select case when e is null then null else
    array[ST_XMin(e), ST_YMin(e), ST_XMax(e), ST_YMax(e)]::float8[] end
  from (select ST_Transform(ST_Envelope(${geometry}), 4326) as e) b)`;

async function layerOf(trx: Trx, layerId: string) {
  const layer = await trx
    .selectFrom('layers')
    .select(['id', 'layer_name', 'title', 'fields', 'feature_count'])
    .where('id', '=', layerId)
    .executeTakeFirst();
  if (!layer) throw notFound(layerMapMessages.notFound);
  return layer;
}

/**
 * One feature's data for the map's metadata card (spec 03 §7.3): its attributes in the layer's own
 * field order, only the named ones when `fields` is given (names the layer does not have are
 * ignored), and its WGS84 bounding box to zoom to.
 */
export async function readLayerFeature(
  trx: Trx,
  layerId: string,
  featureId: string,
  fields?: string[],
): Promise<LayerFeature> {
  const layer = await layerOf(trx, layerId);
  const row = await trx
    .selectFrom('layer_features as f')
    .select(['f.id', 'f.properties', bboxOf(sql`f.geom`).as('bbox')])
    .where('f.layer_id', '=', layer.id)
    .where('f.id', '=', featureId)
    .executeTakeFirst();
  if (!row || !row.bbox) throw notFound(layerMapMessages.featureNotFound);
  const order = layer.fields.map((field) => field.name);
  const wanted = fields && fields.length > 0 ? new Set(fields) : null;
  const names = [...order, ...Object.keys(row.properties).filter((name) => !order.includes(name))];
  const properties: Record<string, unknown> = {};
  for (const name of names) {
    if (wanted && !wanted.has(name)) continue;
    if (name in row.properties) properties[name] = row.properties[name];
  }
  return {
    id: String(row.id),
    layerId: layer.id,
    layerName: layer.layer_name,
    layerTitle: layer.title,
    properties,
    bbox: row.bbox,
  };
}

/**
 * Features whose attribute text contains the term (case-insensitive), for the map's search box:
 * which field matched and where the feature is. The term is a parameter, and LIKE's own wildcards
 * in it are escaped, so `%` finds a percent sign.
 */
export async function searchLayerFeatures(trx: Trx, layerId: string, term: string, limit: number) {
  const layer = await layerOf(trx, layerId);
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql<{ id: string; field: string; value: string; bbox: Bbox | null }>`
    select f.id::text as id, m.key as field, m.value as value, ${bboxOf(sql`f.geom`)} as bbox
    from layer_features f
    cross join lateral (
      select p.key, p.value from jsonb_each_text(f.properties) p
      where p.value ilike ${pattern}
      order by p.key
      limit 1
    ) m
    where f.layer_id = ${layer.id}
    order by length(m.value), f.id
    limit ${limit}::int`.execute(trx);
  return { features: rows.flatMap((row) => (row.bbox ? [{ ...row, bbox: row.bbox }] : [])) };
}

/** The layer's extent in WGS84 (spec 03 §7.3 "tenant extent"), and how many features it has. */
export async function layerExtent(trx: Trx, layerId: string) {
  const layer = await layerOf(trx, layerId);
  const { rows } = await sql<{ bbox: Bbox | null; count: number }>`
    select ${bboxOf(sql`(select ST_SetSRID(ST_Extent(geom)::geometry, 27700) from layer_features where layer_id = ${layer.id})`)} as bbox,
      (select count(*)::int from layer_features where layer_id = ${layer.id}) as count`.execute(trx);
  return { bbox: rows[0]?.bbox ?? null, featureCount: rows[0]?.count ?? 0 };
}

/** The layer, when the public web map shows it; any other is "not found" to the public. */
export async function requirePublicLayer(trx: Trx, layerId: string): Promise<void> {
  const layer = await trx
    .selectFrom('layers')
    .select('id')
    .where('id', '=', layerId)
    .where('public_webmap_visibility', '=', true)
    .executeTakeFirst();
  if (!layer) throw notFound(layerMapMessages.notFound);
}
