import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { AppDatabase } from '../../db/database';
import { perDatabase } from '../../lib/per-database';
import { withTenant } from '../../db/tenant-transaction';
import { compressionOptions } from '../../lib/response-policy';
import { SITE_TILE } from '@planning/shared';
import { buildSiteCells, renderCellsTile, type SiteCells } from './tiles.cells';
import { renderPlainTileAlone, renderSiteTile, type SiteTileRequest, type TileEncoder } from './tiles.render';

export type ServedTile = {
  etag: string;
  body: Uint8Array | null;
  /** The body compressed, per encoding, made on first demand and kept with the tile. */
  encoded?: Partial<Record<TileEncoding, Buffer>>;
  /** Rendered for the request now being answered, not yet sent. */
  fresh?: boolean;
};

export type TileEncoding = 'br' | 'gzip';

/**
 * The tile's body in `encoding`, compressed once and kept with the cached tile: brotli of a 9 kB
 * tile takes 0.2-0.6 ms here, as much as answering a cached tile, so it is not done per request.
 * A tile rendered for this very request is sent as it is (null): many are asked for once only
 * (a map panned past, an old data version), and a miss has waited for the database already; the
 * copy is made when the tile is asked for again. Settings as for every other compressed answer
 * (lib/response-policy.ts).
 */
export function encodedBody(
  tile: ServedTile,
  body: Uint8Array,
  encoding: TileEncoding,
  justRendered: boolean,
): Buffer | null {
  const kept = tile.encoded?.[encoding];
  if (kept || justRendered) return kept ?? null;
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(body, compressionOptions.brotliOptions)
      : gzipSync(body, compressionOptions.zlibOptions);
  (tile.encoded ??= {})[encoding] = bytes;
  return bytes;
}

/** Whether the tile was rendered for the request now being answered (asked once per request). */
export function takeFresh(tile: ServedTile): boolean {
  const fresh = tile.fresh === true;
  if (fresh) tile.fresh = false;
  return fresh;
}

/**
 * Encoded tiles with their ETags, by tenant, data version, layer, tile and filter set; empty
 * tiles included (body null).
 */
const siteTilesOf = perDatabase(() => tileCacheOf(64 * 1024 * 1024));

/** An LRU of served tiles up to `maxSize` bytes (sites here, geodata layers in modules/layers). */
export function tileCacheOf(maxSize: number): LRUCache<string, ServedTile> {
  return new LRUCache<string, ServedTile>({
    maxSize,
    // The compressed copies come later and are smaller: counted as one more body.
    sizeCalculation: (tile) => 64 + 2 * (tile.body?.byteLength ?? 0),
  });
}

/**
 * Settings of a tile's transaction: on PostgreSQL no parallel workers, each of which would
 * re-initialise PROJ, slower for a single tile (DESIGN.md). Set with the tenant, in one round trip.
 */
export function tileTransactionSettings(database: AppDatabase): Record<string, string> {
  return database.kind === 'postgres' ? { max_parallel_workers_per_gather: '0' } : {};
}

/** Base-cell counts by tenant, data version and scenario: rebuilt after any change to the sites. */
const cellsOf = perDatabase(() => ({
  kept: new LRUCache<string, SiteCells>({ max: 64 }),
  /** Base cells being counted, by the same key. */
  building: new Map<string, Promise<void>>(),
}));

/** Counts a council's base cells once, beside the tiles that need them (one build per key). */
function buildCellsInBackground(
  database: AppDatabase,
  tenantId: string,
  scenario: string | undefined,
  key: string,
): void {
  const cells = cellsOf(database);
  if (cells.building.has(key)) return;
  const build = withTenant(database.db, tenantId, (trx) => buildSiteCells(trx, tenantId, scenario))
    .then((counted) => void cells.kept.set(key, counted))
    // A failed count (the database closing, say) is simply tried again by a later tile; tiles
    // meanwhile group the sites' kept cells directly.
    .catch(() => undefined)
    .finally(() => cells.building.delete(key));
  cells.building.set(key, build);
}

/** For tests and benchmarks: resolves when no base cells are being counted. */
export async function siteCellsSettled(database: AppDatabase): Promise<void> {
  await Promise.all(cellsOf(database).building.values());
}

const encoders = new WeakMap<AppDatabase, Promise<TileEncoder>>();
/** The answer once known: a cached tile then needs no await for it. */
const knownEncoders = new WeakMap<AppDatabase, TileEncoder>();

/** PostgreSQL's PostGIS usually has protobuf (ST_AsMVT); PGlite's has not. Asked once per database. */
export function tileEncoderOf(database: AppDatabase): Promise<TileEncoder> {
  let encoder = encoders.get(database);
  if (!encoder) {
    encoder = (
      database.kind === 'embedded'
        ? Promise.resolve('javascript' as const)
        : sql`select ST_AsMVT(q, 'probe') from (select ST_AsMVTGeom(ST_MakePoint(0, 0), ST_MakeEnvelope(-1, -1, 1, 1)) as geom) q`
            .execute(database.db)
            .then(
              () => 'postgis' as const,
              () => 'javascript' as const,
            )
    ).then((found) => {
      knownEncoders.set(database, found);
      return found;
    });
    encoders.set(database, encoder);
  }
  return encoder;
}

/**
 * A sites tile for one council, from the cache when the council's sites have not changed since
 * it was made. The ETag names the exact data version and filter set, so a browser's copy is
 * revalidated with a 304 and never shown after an edit.
 *
 * `version` is the council's data version as the database gave it on this request (with the
 * session): a cached tile is then answered with no further round trip, and a change made by any
 * server process is seen at once. Without it, it is read in the tile's own transaction.
 */
export async function serveSiteTile(
  database: AppDatabase,
  tenantId: string,
  request: SiteTileRequest,
  known: { version?: string; encoder?: TileEncoder } = {},
): Promise<ServedTile> {
  const use = known.encoder ?? knownEncoders.get(database) ?? (await tileEncoderOf(database));
  const { version } = known;
  if (version !== undefined) {
    const tile = siteTilesOf(database).get(tileKey(tenantId, version, use, request));
    if (tile) return tile;
    // Without filters PostGIS encodes the tile in one statement that scopes itself to the
    // tenant: no transaction (a filtered tile first reads the council's dictionary).
    if (use === 'postgis' && request.filters.length === 0) {
      return renderAndKeep(database, tenantId, request, use, version, () =>
        renderPlainTileAlone(database.db, tenantId, request, database.prepared),
      );
    }
  }
  const serial = tileTransactionSettings(database);
  return withTenant(
    database.db,
    tenantId,
    async (trx) => {
      let readVersion = version;
      if (readVersion === undefined) {
        const { rows } = await sql<{ version: string | null }>`
          select (select version::text from site_data_versions) as version`.execute(trx);
        readVersion = rows[0]?.version ?? '1';
        const tile = siteTilesOf(database).get(tileKey(tenantId, readVersion, use, request));
        if (tile) return tile;
      }
      return renderAndKeep(database, tenantId, request, use, readVersion, () =>
        renderSiteTile(trx, tenantId, request, use),
      );
    },
    serial,
  );
}

/**
 * Renders a tile missing from the cache and keeps it under `version`. It is drawn from data at
 * least as new as that version: a change meanwhile bumped the version, so no later request looks
 * this tile up under the older one.
 */
async function renderAndKeep(
  database: AppDatabase,
  tenantId: string,
  request: SiteTileRequest,
  encoder: TileEncoder,
  version: string,
  renderSites: () => Promise<Uint8Array | null>,
): Promise<ServedTile> {
  const key = tileKey(tenantId, version, encoder, request);
  let body: Uint8Array | null;
  if (request.layer === 'sites' && request.filters.length === 0 && request.z <= SITE_TILE.clusterMaxZoom) {
    // The unfiltered overview: summed from pre-aggregated cells. After a change they are counted
    // again in the background, and until then each tile groups its own sites' kept cells (tens
    // of milliseconds, where counting every cell of a million sites takes hundreds).
    const cellsKey = [tenantId, version, request.scenario ?? ''].join('|');
    const cells = cellsOf(database).kept.get(cellsKey);
    if (cells) {
      body = renderCellsTile(cells, request.z, request.x, request.y);
    } else {
      buildCellsInBackground(database, tenantId, request.scenario, cellsKey);
      body = await renderSites();
    }
  } else {
    body = await renderSites();
  }
  const tile: ServedTile = { etag: etagOf(key), body, fresh: true };
  siteTilesOf(database).set(key, tile);
  return tile;
}

function tileKey(tenantId: string, version: string, encoder: TileEncoder, request: SiteTileRequest): string {
  // A template, not an array joined: built for every request, cached tile or not.
  const filters = request.filters.length === 0 ? '[]' : JSON.stringify(request.filters);
  return `${tenantId}|${version}|${encoder}|${request.layer}|${request.z}|${request.x}|${request.y}|${request.scenario ?? ''}|${filters}`;
}

/** A tile's ETag: a digest of its cache key (council, version, tile and what it was drawn for). */
export const etagOf = (key: string) =>
  `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

/** For tests and benchmarks that must measure rendering, not the cache. */
export function clearTileCache(database: AppDatabase, { cells = false } = {}): void {
  siteTilesOf(database).clear();
  if (cells) cellsOf(database).kept.clear();
}

/** Answers a tile: ETag, 304 when unchanged, 204 when empty, compressed from the kept copies. */
export function sendTile(request: FastifyRequest, reply: FastifyReply, tile: ServedTile) {
  // Tiles are council data behind a sign-in: the browser may keep them but must ask each time.
  reply
    .header('ETag', tile.etag)
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Cookie, X-Tenant, Accept-Encoding');
  const justRendered = takeFresh(tile);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(tile.etag)) return reply.status(304).send();
  if (!tile.body) return reply.status(204).send();
  reply.type('application/vnd.mapbox-vector-tile');
  // Compressed like any answer (the ETag names the content, whatever its encoding), but from
  // copies kept with the cached tile: the compression hook would do it again every time.
  const encoding =
    tile.body.byteLength >= (compressionOptions.threshold ?? 0) ? acceptedEncoding(request) : null;
  const encoded = encoding && encodedBody(tile, tile.body, encoding, justRendered);
  if (encoding && encoded) return reply.header('Content-Encoding', encoding).send(encoded);
  // A view of the cached bytes, not a copy.
  return reply.send(Buffer.from(tile.body.buffer, tile.body.byteOffset, tile.body.byteLength));
}

/**
 * Accept-Encoding values seen, with the encoding each one picks: a browser sends the same one on
 * every request, so it is read once, not split and matched per tile. Bounded: cleared when full.
 */
const encodingOfHeader = new Map<string, TileEncoding | null>();
const ENCODING_HEADERS_KEPT = 100;

/** brotli, else gzip, when the request accepts it (a q of 0 refuses). */
function acceptedEncoding(request: FastifyRequest): TileEncoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  const known = encodingOfHeader.get(header);
  if (known !== undefined) return known;
  const accepted = new Set(
    header
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*/),
      )
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([name]) => name),
  );
  const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
  if (encodingOfHeader.size >= ENCODING_HEADERS_KEPT) encodingOfHeader.clear();
  encodingOfHeader.set(header, encoding);
  return encoding;
}
