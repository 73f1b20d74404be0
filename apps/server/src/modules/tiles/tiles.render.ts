import { createHash } from 'node:crypto';
import type { Feature, Geometry } from 'geojson';
import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { SITE_TILE, type SearchFilter } from '@planning/shared';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import {
  type Dictionary,
  loadDictionary,
  matchingSearchRows,
  matchingSites,
  readsOnlySearchRows,
} from '../search/search.service';

/** Spec 03 §7.3: `ST_AsMVT` where PostGIS has protobuf, our JavaScript encoder where it has not. */
export type TileEncoder = 'postgis' | 'javascript';

export type SiteTileRequest = {
  z: number;
  x: number;
  y: number;
  /** 'sites' draws each site's boundary, 'cut-sites' its cut boundary where it has one. */
  layer: 'sites' | 'cut-sites';
  filters: SearchFilter[];
  scenario?: string;
};

const WORLD = 40075016.685578488;
const HALF_WORLD = WORLD / 2;

/** The tile's square in EPSG:3857 metres. */
export function tileBounds(z: number, x: number, y: number) {
  const size = WORLD / 2 ** z;
  const minX = -HALF_WORLD + x * size;
  const maxY = HALF_WORLD - y * size;
  return { minX, minY: maxY - size, maxX: minX + size, maxY, size };
}

/** The whole Web Mercator square: grid cells are counted from its top-left corner. */
export const WORLD_SQUARE = tileBounds(0, 0, 0);

/**
 * A point's grid cell (`cx` from the left, `cy` from the top of the world) for cells `cell`
 * metres wide: the one formula of clustered tiles and their pre-aggregated base cells.
 */
export function cellOf(point: RawBuilder<unknown>, cell: number) {
  return [
    sql<number>`floor((ST_X(${point}) - ${WORLD_SQUARE.minX}::float8) / ${cell}::float8)::int`.as('cx'),
    sql<number>`floor((${WORLD_SQUARE.maxY}::float8 - ST_Y(${point})) / ${cell}::float8)::int`.as('cy'),
  ] as const;
}

/**
 * One tile of the sites a search matches, encoded as a Mapbox vector tile (layer `sites`), or
 * null when the tile holds none. At zoom ≤ SITE_TILE.clusterMaxZoom a tile carries one point per
 * occupied grid cell with how many sites it stands for (pre-aggregation: full polygons at z8 are
 * megabytes); above it, each site's polygon with the properties the map styles and popups use.
 */
export async function renderSiteTile(
  trx: Transaction<Database>,
  tenantId: string,
  request: SiteTileRequest,
  encoder: TileEncoder,
): Promise<Uint8Array | null> {
  // Without filters there is nothing to check names against: one query fewer per tile.
  const dictionary = request.filters.length > 0 ? await loadDictionary(trx) : new Map();
  const rows = await tileRows(trx, tenantId, request, dictionary);
  if (encoder === 'postgis') return mvtOf(await mvtStatement(rows, request).execute(trx));
  return encodeRows(trx, rows, request);
}

/**
 * A tile without filters, encoded by PostGIS in ONE statement outside any transaction (no
 * begin, set tenant, commit: three round trips of a tile's five). The statement sets the tenant
 * for itself before its subquery reads a row: CASE evaluates its condition first, and the tenant
 * policy's init plan is worked out lazily, when the scan first needs it. A setting made with
 * `true` ends with the statement's own implicit transaction, so nothing outlives it on the
 * pooled connection; and should the order ever differ, the policy would see no tenant and the
 * tile would be empty, never another council's. set_config is parallel-unsafe, so the plan is
 * serial, as a tile should be (see serveSiteTile).
 */
export async function renderPlainTileAlone(
  db: Kysely<Database>,
  tenantId: string,
  request: SiteTileRequest,
  prepared?: AppDatabase['prepared'],
): Promise<Uint8Array | null> {
  const rows = await tileRows(db, tenantId, { ...request, filters: [] }, new Map());
  const query = sql<{ tile: Uint8Array | null }>`
      select case when set_config('app.tenant_id', ${tenantId}, true) is not null
        then (${mvtStatement(rows, request)}) end as tile`.compile(db);
  if (!prepared) return mvtOf(await db.executeQuery(query));
  // A cold tile's own cost was mostly PostgreSQL planning this statement again on every request
  // (bench:tiles); prepared, each connection plans it once per shape. The text differs only by
  // the tile's shape (polygons or cells, layer, scenario), so there are a handful of names.
  const name = `tile_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
  return mvtOf({ rows: await prepared<{ tile: Uint8Array | null }>(name, query.sql, query.parameters) });
}

/** Each row: the feature id, its properties, and a geometry in EPSG:3857. */
async function tileRows(
  trx: Kysely<Database>,
  tenantId: string,
  request: SiteTileRequest,
  dictionary: Dictionary,
) {
  const { z, x, y } = request;
  const bounds = tileBounds(z, x, y);
  const matching = await matchingSites(trx, tenantId, dictionary, request.filters, request.scenario);
  // The cut layer draws (and, zoomed out, counts) only the sites that have a cut boundary.
  const sites = request.layer === 'cut-sites' ? matching.where('sites.geom_cut', 'is not', null) : matching;
  const envelope = envelopeOf(request);
  const margin = marginOf(request);
  // The GiST index finds candidates by bounding box; the buffer keeps edges seamless.
  const near = (column: string) =>
    sql<boolean>`${sql.ref(column)} && ST_Expand(${envelope}, ${margin}::float8)`;

  if (z <= SITE_TILE.clusterMaxZoom) {
    const cell = bounds.size / SITE_TILE.clusterCells;
    let cells;
    if (request.layer === 'sites' && readsOnlySearchRows(request.filters, dictionary)) {
      // Each site's cell on the z11 grid is kept in the narrow copy, and nests exactly in this
      // zoom's cells: integer division, no geometry read (decision 0006).
      const per = 2 ** (SITE_TILE.clusterMaxZoom - z);
      const span = SITE_TILE.clusterCells * per;
      cells = matchingSearchRows(trx, tenantId, dictionary, request.filters, request.scenario)
        .where('sites.cell_x', '>=', x * span)
        .where('sites.cell_x', '<', (x + 1) * span)
        .where('sites.cell_y', '>=', y * span)
        .where('sites.cell_y', '<', (y + 1) * span)
        .select([
          sql<number>`sites.cell_x / ${per}::int`.as('cx'),
          sql<number>`sites.cell_y / ${per}::int`.as('cy'),
          'sites.site_id as id',
          'sites.optimised_unit_capacity',
        ]);
    } else {
      // Half-open bounds: a site on a tile edge is counted in exactly one tile.
      cells = sites
        .where(near('sites.point_3857'))
        .where(
          sql<boolean>`ST_X(sites.point_3857) >= ${bounds.minX}::float8 and ST_X(sites.point_3857) < ${bounds.maxX}::float8
          and ST_Y(sites.point_3857) > ${bounds.minY}::float8 and ST_Y(sites.point_3857) <= ${bounds.maxY}::float8`,
        )
        .select([...cellOf(sql`sites.point_3857`, cell), 'sites.id', 'sites.optimised_unit_capacity']);
    }
    // Grouped by two integers (a hash table of at most 32 × 32 cells), not by snapped points,
    // which sorted every matching site (to disk for half a million); the base cells use the
    // same indices, so both paths put a site in the same cell.
    return trx
      .selectFrom(cells.as('c'))
      .select([
        sql<string>`min(c.id)`.as('id'),
        sql<number>`count(*)::int`.as('count'),
        sql<number>`round(sum(coalesce(c.optimised_unit_capacity, 0)))::int`.as('capacity'),
        sql`ST_SetSRID(ST_MakePoint(${WORLD_SQUARE.minX}::float8 + (c.cx + 0.5) * ${cell}::float8,
          ${WORLD_SQUARE.maxY}::float8 - (c.cy + 0.5) * ${cell}::float8), 3857)`.as('geom'),
      ])
      .groupBy(['c.cx', 'c.cy']);
  }
  const geometry =
    request.layer === 'cut-sites' ? sql`ST_Transform(sites.geom_cut, 3857)` : sql`sites.geom_3857`;
  return sites
    .where(near('sites.geom_3857'))
    .select([
      'sites.id',
      'sites.id_unique',
      'sites.site_name',
      'sites.status',
      'sites.suitability_assessment_result',
      sql<number>`sites.size_ha::float8`.as('size_ha'),
      'sites.optimised_unit_capacity',
      sql`${geometry}`.as('geom'),
    ]);
}

type TileRows = Awaited<ReturnType<typeof tileRows>>;

const envelopeOf = ({ z, x, y }: SiteTileRequest) => sql`ST_TileEnvelope(${z}::int, ${x}::int, ${y}::int)`;
const marginOf = ({ z, x, y }: SiteTileRequest) =>
  (tileBounds(z, x, y).size * SITE_TILE.buffer) / SITE_TILE.extent;

/** The statement that encodes the rows as a Mapbox vector tile with PostGIS. */
function mvtStatement(rows: TileRows, request: SiteTileRequest) {
  return sql<{ tile: Uint8Array | null }>`
    select ST_AsMVT(q, 'sites', ${SITE_TILE.extent}::int, 'geom', 'id') as tile
    from (
      select ${sql.raw(mvtColumns(request.z))},
        ST_AsMVTGeom(r.geom, ${envelopeOf(request)}, ${SITE_TILE.extent}::int, ${SITE_TILE.buffer}::int, true) as geom
      from (${rows}) r
      -- Keeps the subquery whole: flattened, the planner would push the test below into the
      -- scan and run ST_AsMVTGeom twice per site (31 ms -> 21 ms for a packed z14 tile).
      offset 0
    ) q
    where q.geom is not null`;
}

function mvtOf(result: { rows: { tile: Uint8Array | null }[] }): Uint8Array | null {
  const tile = result.rows[0]?.tile;
  return tile && tile.length > 0 ? new Uint8Array(tile) : null;
}

/**
 * JavaScript: the geometry leaves SQL clipped and already in the tile's own unit square, so
 * geojson-vt only has to quantise and encode it.
 */
async function encodeRows(trx: Transaction<Database>, rows: TileRows, request: SiteTileRequest) {
  const { z, x, y } = request;
  const envelope = envelopeOf(request);
  const margin = marginOf(request);
  const { minX, maxY, size } = tileBounds(z, x, y);
  const clipped = sql`ST_ClipByBox2D(r.geom, ST_Expand(${envelope}, ${margin}::float8))`;
  const unitSquare = sql`ST_Affine(${clipped}, ${1 / size}::float8, 0, 0, ${-1 / size}::float8, ${-minX / size}::float8, ${maxY / size}::float8)`;
  const result = await sql<Record<string, unknown> & { id: string; geojson: string | null }>`
    select ${sql.raw(mvtColumns(z))}, ST_AsGeoJSON(${unitSquare}, 9) as geojson from (${rows}) r`.execute(
    trx,
  );
  const features: Feature[] = [];
  for (const row of result.rows) {
    if (!row.geojson) continue;
    const { geojson, id, ...properties } = row;
    features.push({
      type: 'Feature',
      id: Number(id),
      geometry: JSON.parse(geojson) as Geometry,
      properties,
    });
  }
  return encodeUnitSquare(features);
}

/** Features whose coordinates are in the tile's own unit square (y down), as one layer (`sites`). */
export function encodeUnitSquare(features: Feature[], layerName = 'sites'): Uint8Array | null {
  if (features.length === 0) return null;
  const tile = geoJSONToTile({ type: 'FeatureCollection', features }, 0, 0, 0, {
    coordinates: 'unitSquare',
    extent: SITE_TILE.extent,
    buffer: SITE_TILE.buffer,
    clip: true,
    wrap: false,
    // ST_AsMVTGeom does not simplify beyond the tile grid; neither do we.
    tolerance: 0,
  });
  if (!tile || tile.features.length === 0) return null;
  return fromGeojsonVt({ [layerName]: tile }, { version: 2, extent: SITE_TILE.extent });
}

/** The id and properties each kind of tile carries, the same for both encoders. */
function mvtColumns(z: number): string {
  return z <= SITE_TILE.clusterMaxZoom
    ? 'r.id, r.count, r.capacity'
    : 'r.id, r.id_unique, r.site_name, r.status, r.suitability_assessment_result, r.size_ha, r.optimised_unit_capacity';
}
