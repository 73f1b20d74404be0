import type { Feature, Geometry } from 'geojson';
import { sql, type Transaction } from 'kysely';
import { LAYER_TILE, layerMapMessages } from '@planning/shared';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { notFound } from '../../lib/errors';
import { perDatabase } from '../../lib/per-database';
import { encodeUnitSquare, tileBounds, type TileEncoder } from '../tiles/tiles.render';
import {
  etagOf,
  tileCacheOf,
  tileEncoderOf,
  tileTransactionSettings,
  type ServedTile,
} from '../tiles/tiles.service';

export type LayerTileRequest = { layerId: string; z: number; x: number; y: number };

/** Layer tiles by council, layer, layer version and tile: a changed layer is a new version. */
const layerTilesOf = perDatabase(() => tileCacheOf(32 * 1024 * 1024));

/**
 * One tile of a council's geodata layer (issue 13 point 3), from the cache while the layer's
 * version is unchanged. The ETag names the layer version, so a browser revalidates and never shows
 * a replaced layer's old shapes.
 */
export async function serveLayerTile(
  database: AppDatabase,
  tenantId: string,
  request: LayerTileRequest,
  /** The public web map's tiles: a layer not shown there is not found. */
  options: { publicOnly?: boolean } = {},
): Promise<ServedTile> {
  const encoder = await tileEncoderOf(database);
  const serial = tileTransactionSettings(database);
  return withTenant(
    database.db,
    tenantId,
    async (trx) => {
      const layer = await trx
        .selectFrom('layers')
        .select(['id', 'layer_name', 'version'])
        .where('id', '=', request.layerId)
        .$if(options.publicOnly === true, (query) => query.where('public_webmap_visibility', '=', true))
        .executeTakeFirst();
      if (!layer) throw notFound(layerMapMessages.notFound);
      const key = [tenantId, layer.id, layer.version, encoder, request.z, request.x, request.y].join('|');
      const kept = layerTilesOf(database).get(key);
      if (kept) return kept;
      const body = await renderLayerTile(trx, layer, request, encoder);
      const tile: ServedTile = { etag: etagOf(key), body, fresh: true };
      layerTilesOf(database).set(key, tile);
      return tile;
    },
    serial,
  );
}

/**
 * The layer's features in one tile as a Mapbox vector tile whose one layer is named after the
 * layer (`layer_name`), each feature with its id and attributes. Zoomed out, outlines are
 * simplified to about half a pixel. `ST_AsMVT` where PostGIS has it, else the JavaScript encoder.
 */
export async function renderLayerTile(
  trx: Transaction<Database>,
  layer: { id: string; layer_name: string },
  { z, x, y }: LayerTileRequest,
  encoder: TileEncoder,
): Promise<Uint8Array | null> {
  const bounds = tileBounds(z, x, y);
  const envelope = sql`ST_TileEnvelope(${z}::int, ${x}::int, ${y}::int)`;
  const margin = (bounds.size * LAYER_TILE.buffer) / LAYER_TILE.extent;
  const pixel = bounds.size / LAYER_TILE.tileSize;
  const geometry =
    z < LAYER_TILE.simplifyBelowZoom
      ? sql`ST_SimplifyPreserveTopology(f.geom_3857, ${pixel / 2}::float8)`
      : sql`f.geom_3857`;
  const rows = sql`
    select f.id, f.properties, ${geometry} as geom
    from layer_features f
    where f.layer_id = ${layer.id}
      and f.geom_3857 && ST_Expand(${envelope}, ${margin}::float8)`;

  if (encoder === 'postgis') {
    const { rows: result } = await sql<{ tile: Uint8Array | null }>`
      select ST_AsMVT(q, ${layer.layer_name}, ${LAYER_TILE.extent}::int, 'geom', 'id') as tile
      from (
        select r.id, r.properties,
          ST_AsMVTGeom(r.geom, ${envelope}, ${LAYER_TILE.extent}::int, ${LAYER_TILE.buffer}::int, true) as geom
        from (${rows}) r
        offset 0
      ) q
      where q.geom is not null`.execute(trx);
    const tile = result[0]?.tile;
    return tile && tile.length > 0 ? new Uint8Array(tile) : null;
  }

  const clipped = sql`ST_ClipByBox2D(r.geom, ST_Expand(${envelope}, ${margin}::float8))`;
  const unitSquare = sql`ST_Affine(${clipped}, ${1 / bounds.size}::float8, 0, 0, ${-1 / bounds.size}::float8,
    ${-bounds.minX / bounds.size}::float8, ${bounds.maxY / bounds.size}::float8)`;
  const { rows: result } = await sql<{
    id: string;
    properties: Record<string, unknown>;
    geojson: string | null;
  }>`
    select r.id, r.properties, ST_AsGeoJSON(${unitSquare}, 9) as geojson from (${rows}) r`.execute(trx);
  const features: Feature[] = [];
  for (const row of result) {
    if (!row.geojson) continue;
    const geometry = JSON.parse(row.geojson) as Geometry;
    // ST_ClipByBox2D may leave an empty collection for a shape that only touched the margin.
    if (geometry.type === 'GeometryCollection' && geometry.geometries.length === 0) continue;
    features.push({
      type: 'Feature',
      id: Number(row.id),
      geometry,
      properties: flatProperties(row.properties),
    });
  }
  return encodeUnitSquare(features, layer.layer_name);
}

/** Vector tile attributes are scalars: a nested value travels as its JSON text (as ST_AsMVT does). */
function flatProperties(properties: Record<string, unknown>): Record<string, string | number | boolean> {
  const flat: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (value === null || value === undefined) continue;
    flat[key] =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : JSON.stringify(value);
  }
  return flat;
}
