import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import {
  BASEMAP_LIMITS,
  basemapMessages,
  baseMapsConfigSchema,
  PmtilesFormatError,
  type BaseMapChoice,
  type BaseMapsConfig,
  type BaseMapSettings,
  type BoundaryLabels,
  type NewRasterBaseMap,
  type NewStyleBaseMap,
  type PmtilesBaseMap,
  type StyleBaseMap,
  type XyzBaseMap,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import type { Database } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import type { Storage } from '../storage/storage';
import { findTenantRow } from '../tenants/tenants.queries';
import { inspectArchive, type ArchiveSummary } from './basemaps.archive';

type Db = Kysely<Database>;

/** Where an archive can be read from this process, a byte range at a time. */
export type ServableArchive = { filePath: string; size: number; etag: string };

type ArchiveRow = {
  id: string;
  name: string;
  size: string | number;
  etag: string;
  summary: ArchiveSummary;
};

const FOLDER_PREFIX = 'folder-';
const ARCHIVE_FILE = /^([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)\.pmtiles$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The council's PMTiles base maps: archives placed in DATA_DIR/basemaps/{council name}/ by whoever
 * runs the server (OS Open Zoomstack, a Protomaps extract: a few GB, better copied than uploaded),
 * and archives an administrator uploaded, kept in the storage driver's 'basemaps' bucket.
 *
 * Archives are read by byte range, which the storage interface does not offer (it streams whole
 * objects, enough for S3 and local folders alike): an uploaded archive is copied once into a local
 * cache (DATA_DIR/basemaps-cache/{tenant}/{id}.pmtiles) and served from there. A `range` option on
 * Storage.get would make that copy unnecessary.
 */
export class BaseMapArchives {
  private readonly folderSummaries = new Map<string, Promise<ArchiveSummary | null>>();
  private readonly caching = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly dataDir: string,
    private readonly log: { warn: (details: object, message: string) => void },
  ) {}

  folderOf(tenantName: string): string {
    return path.join(this.dataDir, 'basemaps', tenantName);
  }

  private cachePath(tenantId: string, id: string): string {
    return path.join(this.dataDir, 'basemaps-cache', tenantId, `${id}.pmtiles`);
  }

  /** GET /basemaps: uploads first (newest first), then the council's folder, then style documents. */
  async list(tenantId: string, tenantName: string): Promise<BaseMapChoice[]> {
    const uploads = await withTenant(this.db, tenantId, async (trx) => {
      const { rows } = await sql<ArchiveRow>`
        select id, name, size, etag, summary from base_map_archives order by created_at desc, id
      `.execute(trx);
      return rows;
    });
    const choices: BaseMapChoice[] = uploads.map((row) =>
      present(row.id, row.name, 'upload', Number(row.size), row.summary),
    );
    for (const file of await this.folderFiles(tenantName)) {
      const summary = await this.folderSummary(file.filePath, file.size, file.mtimeMs);
      if (!summary) continue;
      choices.push(present(file.id, summary.name ?? file.baseName, 'folder', file.size, summary));
    }
    const config = await councilBaseMaps(this.db, tenantId);
    for (const style of config.styles ?? []) choices.push(presentStyle(style));
    for (const raster of config.rasters ?? []) choices.push(presentRaster(raster));
    return choices;
  }

  /** PATCH /basemaps/{id} for an uploaded archive; null when the id is no upload of the council. */
  async renameUpload(tenantId: string, id: string, name: string): Promise<PmtilesBaseMap | null> {
    if (!UUID.test(id)) return null;
    const row = await withTenant(this.db, tenantId, async (trx) => {
      const { rows } = await sql<ArchiveRow>`
        update base_map_archives set name = ${name} where id = ${id}
        returning id, name, size, etag, summary
      `.execute(trx);
      return rows[0] ?? null;
    });
    return row ? present(row.id, row.name, 'upload', Number(row.size), row.summary) : null;
  }

  /** Whether an id names an archive placed in the council's folder (renamed and removed there). */
  isFolderArchive(id: string): boolean {
    return id.startsWith(FOLDER_PREFIX);
  }

  /** Whether the council has an uploaded archive of this id. */
  async hasUpload(tenantId: string, id: string): Promise<boolean> {
    return UUID.test(id) && (await this.findUpload(tenantId, id)) !== null;
  }

  private async folderFiles(tenantName: string) {
    const folder = this.folderOf(tenantName);
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return [];
    }
    const files = [];
    for (const name of names.sort()) {
      const baseName = name.toLowerCase().replace(/\.pmtiles$/, '');
      const id = `${FOLDER_PREFIX}${baseName.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`.slice(0, 64);
      if (!name.toLowerCase().endsWith('.pmtiles') || !ARCHIVE_FILE.test(`${id}.pmtiles`)) continue;
      const filePath = path.join(folder, name);
      const info = await stat(filePath).catch(() => null);
      if (!info?.isFile()) continue;
      files.push({ id, baseName, filePath, size: info.size, mtimeMs: info.mtimeMs });
    }
    return files;
  }

  /** A folder archive's summary, kept while the file is unchanged; null (and a warning) if broken. */
  private folderSummary(filePath: string, size: number, mtimeMs: number): Promise<ArchiveSummary | null> {
    const key = `${filePath}:${size}:${mtimeMs}`;
    let summary = this.folderSummaries.get(key);
    if (!summary) {
      summary = inspectArchive(filePath).catch((error: unknown) => {
        this.log.warn(
          { file: filePath, reason: String(error) },
          'base map archive skipped: not a valid PMTiles v3 file',
        );
        return null;
      });
      this.folderSummaries.set(key, summary);
    }
    return summary;
  }

  /** The archive `/basemaps/{id}.pmtiles` names, ready to be read by range; 404 when not the council's. */
  async servable(tenantId: string, tenantName: string, id: string): Promise<ServableArchive> {
    if (id.startsWith(FOLDER_PREFIX)) {
      const file = (await this.folderFiles(tenantName)).find((candidate) => candidate.id === id);
      if (!file || !(await this.folderSummary(file.filePath, file.size, file.mtimeMs)))
        throw notFound(basemapMessages.notFound);
      const etag = createHash('sha256').update(`${file.filePath}:${file.size}:${file.mtimeMs}`).digest('hex');
      return { filePath: file.filePath, size: file.size, etag: etag.slice(0, 32) };
    }
    if (!UUID.test(id)) throw notFound(basemapMessages.notFound);
    const row = await this.findUpload(tenantId, id);
    if (!row) throw notFound(basemapMessages.notFound);
    const filePath = this.cachePath(tenantId, id);
    const size = Number(row.size);
    const cached = await stat(filePath).catch(() => null);
    if (cached?.size !== size) await this.fillCache(tenantId, id, filePath);
    return { filePath, size, etag: row.etag };
  }

  private findUpload(tenantId: string, id: string) {
    return withTenant(this.db, tenantId, async (trx) => {
      const { rows } = await sql<ArchiveRow>`
        select id, name, size, etag, summary from base_map_archives where id = ${id}
      `.execute(trx);
      return rows[0] ?? null;
    });
  }

  /** Copies a stored archive to the local cache once, however many requests ask at the same time. */
  private fillCache(tenantId: string, id: string, filePath: string): Promise<void> {
    let filling = this.caching.get(filePath);
    if (!filling) {
      filling = (async () => {
        await mkdir(path.dirname(filePath), { recursive: true });
        const partial = `${filePath}.${randomUUID()}.part`;
        try {
          await pipeline(
            await this.storage.get(tenantId, 'basemaps', `${id}.pmtiles`),
            createWriteStream(partial),
          );
          await rename(partial, filePath);
        } finally {
          await rm(partial, { force: true });
        }
      })().finally(() => this.caching.delete(filePath));
      this.caching.set(filePath, filling);
    }
    return filling;
  }

  /**
   * POST /basemaps/pmtiles: the upload goes to a local file first (counted and hashed), is checked
   * there by its content, then stored; nothing is kept of a refused file.
   */
  async upload(
    tenantId: string,
    userId: string,
    body: Readable,
    fileName: string,
    name: string | null,
  ): Promise<PmtilesBaseMap> {
    const id = randomUUID();
    const filePath = this.cachePath(tenantId, id);
    await mkdir(path.dirname(filePath), { recursive: true });
    const partial = `${filePath}.part`;
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > BASEMAP_LIMITS.maxArchiveBytes) return done(new HttpError(413, basemapMessages.tooLarge));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(partial));
      // @fastify/multipart stops at its own limit without an error: a truncated file is too large.
      if ((body as Readable & { truncated?: boolean }).truncated)
        throw new HttpError(413, basemapMessages.tooLarge);
      if (size === 0) throw new HttpError(400, basemapMessages.noFile);
      let summary: ArchiveSummary;
      try {
        summary = await inspectArchive(partial);
      } catch (error) {
        if (!(error instanceof PmtilesFormatError)) throw error;
        throw new HttpError(
          400,
          error.message.startsWith('not a PMTiles')
            ? basemapMessages.notPmtiles
            : `${basemapMessages.damaged}: ${error.message}`,
        );
      }
      const etag = hash.digest('hex').slice(0, 32);
      const label =
        (name ?? summary.name ?? fileName.replace(/\.pmtiles$/i, '')).trim().slice(0, 100) || 'Base map';
      await this.storage.put(tenantId, 'basemaps', `${id}.pmtiles`, createReadStream(partial), {
        contentType: 'application/vnd.pmtiles',
      });
      try {
        await withTenant(this.db, tenantId, (trx) =>
          sql`
            insert into base_map_archives (id, tenant_id, name, size, etag, summary, uploaded_by)
            values (${id}, ${tenantId}, ${label}, ${size}, ${etag}, ${JSON.stringify(summary)}, ${userId})
          `.execute(trx),
        );
      } catch (error) {
        await this.storage.delete(tenantId, 'basemaps', `${id}.pmtiles`).catch(() => undefined);
        throw error;
      }
      await rename(partial, filePath);
      return present(id, label, 'upload', size, summary);
    } finally {
      await rm(partial, { force: true });
    }
  }

  /** DELETE /basemaps/{id}: an uploaded archive, its stored bytes and its cached copy. */
  async remove(tenantId: string, id: string): Promise<void> {
    if (!UUID.test(id)) throw notFound(basemapMessages.notFound);
    const deleted = await withTenant(this.db, tenantId, async (trx) => {
      const { rows } = await sql<{ id: string }>`
        delete from base_map_archives where id = ${id} returning id
      `.execute(trx);
      return rows.length > 0;
    });
    if (!deleted) throw notFound(basemapMessages.notFound);
    await this.storage.delete(tenantId, 'basemaps', `${id}.pmtiles`);
    await rm(this.cachePath(tenantId, id), { force: true });
  }
}

type StyleConfig = NonNullable<BaseMapsConfig['styles']>[number];
type RasterConfig = { id: string; name: string; attribution: string; tileSize?: 256 | 512; maxZoom?: number };

function presentStyle(style: StyleConfig): StyleBaseMap {
  // Those who may read placemaker may have the key: the browser fetches the style itself.
  const url = style.key ? style.url.replaceAll('{key}', encodeURIComponent(style.key)) : style.url;
  return { kind: 'style', id: style.id, name: style.name, url, attribution: style.attribution ?? null };
}

function presentRaster(raster: RasterConfig): XyzBaseMap {
  return {
    kind: 'xyz',
    id: raster.id,
    name: raster.name,
    path: `/basemaps/rasters/${raster.id}/{z}/{x}/{y}`,
    tileSize: raster.tileSize ?? 256,
    maxZoom: raster.maxZoom ?? 19,
    attribution: raster.attribution,
  };
}

/** The stored settings as they are (an object), whatever else they hold. */
function storedConfig(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { ...(value as Record<string, unknown>) }
    : {};
}

const listOf = (config: Record<string, unknown>, name: 'styles' | 'rasters'): Record<string, unknown>[] =>
  Array.isArray(config[name]) ? [...(config[name] as Record<string, unknown>[])] : [];

/**
 * Changes the council's base map settings (`tenants.base_maps`) in one transaction, the row
 * locked, and stores the result only if it is still a valid configuration.
 */
async function changeSettings<T>(
  db: Db,
  tenantId: string,
  change: (config: Record<string, unknown>) => T,
): Promise<T> {
  return withTenant(db, tenantId, async (trx) => {
    const row = await trx
      .selectFrom('tenants')
      .select('base_maps')
      .where('id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
    const config = storedConfig(row?.base_maps);
    const result = change(config);
    const checked = baseMapsConfigSchema.safeParse(config);
    if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? basemapMessages.notConfigured);
    await trx
      .updateTable('tenants')
      .set({ base_maps: JSON.stringify(config) })
      .where('id', '=', tenantId)
      .execute();
    return result;
  });
}

/** A new id for a style or XYZ entry, unlike any of the council's others. */
function newEntryId(prefix: 'style' | 'xyz', config: Record<string, unknown>): string {
  const taken = new Set(
    [...listOf(config, 'styles'), ...listOf(config, 'rasters')].map((entry) => entry['id']),
  );
  for (;;) {
    const id = `${prefix}-${randomUUID().slice(0, 8)}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * The council's base map settings (`tenants.base_maps`): its raster services and style documents.
 * Settings that no longer fit their schema are read as none, never half-used.
 */
export async function councilBaseMaps(
  db: Db,
  tenantId: string,
): Promise<z.output<typeof baseMapsConfigSchema>> {
  const tenant = await findTenantRow(db, tenantId);
  const parsed = baseMapsConfigSchema.safeParse(tenant?.base_maps ?? {});
  return parsed.success ? parsed.data : {};
}

/** GET /basemaps/settings: addresses for administrators, never keys. */
export async function baseMapSettings(db: Db, tenantId: string): Promise<BaseMapSettings> {
  const config = await councilBaseMaps(db, tenantId);
  return {
    styles: (config.styles ?? []).map((style) => ({
      id: style.id,
      name: style.name,
      url: style.url,
      attribution: style.attribution ?? null,
      hasKey: Boolean(style.key),
    })),
    rasters: (config.rasters ?? []).map((raster) => ({
      id: raster.id,
      name: raster.name,
      tiles: raster.tiles,
      attribution: raster.attribution,
      tileSize: raster.tileSize,
      maxZoom: raster.maxZoom,
      hasKey: Boolean(raster.key),
    })),
    providers: (['os', 'satellite', 'terrain'] as const).flatMap((layer) => {
      const source = config[layer];
      return source
        ? [
            {
              layer,
              tileSize: source.tileSize,
              maxZoom: source.maxZoom,
              attribution: source.attribution,
              ...(source.encoding ? { encoding: source.encoding } : {}),
            },
          ]
        : [];
    }),
  };
}

/** POST /basemaps/styles. */
export function addStyle(db: Db, tenantId: string, input: NewStyleBaseMap): Promise<StyleBaseMap> {
  return changeSettings(db, tenantId, (config) => {
    const styles = listOf(config, 'styles');
    if (styles.length >= BASEMAP_LIMITS.maxStyles) throw badRequest(basemapMessages.tooManyStyles);
    const style = {
      id: newEntryId('style', config),
      name: input.name,
      url: input.url,
      ...(input.key ? { key: input.key } : {}),
      ...(input.attribution ? { attribution: input.attribution } : {}),
    };
    config['styles'] = [...styles, style];
    return presentStyle(style);
  });
}

/** POST /basemaps/rasters. */
export function addRaster(db: Db, tenantId: string, input: NewRasterBaseMap): Promise<XyzBaseMap> {
  return changeSettings(db, tenantId, (config) => {
    const rasters = listOf(config, 'rasters');
    if (rasters.length >= BASEMAP_LIMITS.maxRasters) throw badRequest(basemapMessages.tooManyRasters);
    const raster = {
      id: newEntryId('xyz', config),
      name: input.name,
      tiles: input.tiles,
      ...(input.key ? { key: input.key } : {}),
      attribution: input.attribution,
      tileSize: input.tileSize ?? 256,
      maxZoom: input.maxZoom ?? 19,
    };
    config['rasters'] = [...rasters, raster];
    return presentRaster(raster);
  });
}

/** Renames a style document or XYZ service; null when the council has none of that id. */
export function renameEntry(
  db: Db,
  tenantId: string,
  id: string,
  name: string,
): Promise<StyleBaseMap | XyzBaseMap | null> {
  return changeSettings(db, tenantId, (config) => {
    for (const list of ['styles', 'rasters'] as const) {
      const entries = listOf(config, list);
      const index = entries.findIndex((entry) => entry['id'] === id);
      if (index < 0) continue;
      const renamed = { ...entries[index], name };
      entries[index] = renamed;
      config[list] = entries;
      return list === 'styles'
        ? presentStyle(renamed as unknown as StyleConfig)
        : presentRaster(renamed as unknown as RasterConfig);
    }
    return null;
  });
}

/** Removes a style document or XYZ service; false when the council has none of that id. */
export function removeEntry(db: Db, tenantId: string, id: string): Promise<boolean> {
  return changeSettings(db, tenantId, (config) => {
    for (const list of ['styles', 'rasters'] as const) {
      const entries = listOf(config, list);
      const kept = entries.filter((entry) => entry['id'] !== id);
      if (kept.length === entries.length) continue;
      config[list] = kept;
      return true;
    }
    return false;
  });
}

/** The XYZ service behind `/basemaps/rasters/{id}/…`, with the key in its address, or null. */
export async function rasterTemplate(db: Db, tenantId: string, id: string): Promise<string | null> {
  const config = await councilBaseMaps(db, tenantId);
  const raster = config.rasters?.find((entry) => entry.id === id);
  if (!raster) return null;
  return raster.tiles.replaceAll('{key}', encodeURIComponent(raster.key ?? ''));
}

function present(
  id: string,
  name: string,
  origin: 'upload' | 'folder',
  size: number,
  summary: ArchiveSummary,
): PmtilesBaseMap {
  return {
    kind: 'pmtiles',
    id,
    name,
    origin,
    path: `/basemaps/${id}.pmtiles`,
    tileType: summary.tileType,
    minZoom: summary.minZoom,
    maxZoom: summary.maxZoom,
    bounds: summary.bounds,
    attribution: summary.attribution,
    vectorLayers: summary.vectorLayers,
    size,
  };
}

/** GET /basemaps/labels: a point inside each named ward, parish and neighbourhood, in WGS84. */
export async function boundaryLabels(db: Db, tenantId: string): Promise<BoundaryLabels> {
  const rows = await withTenant(db, tenantId, async (trx) => {
    const { rows } = await sql<{
      kind: BoundaryLabels['features'][number]['properties']['kind'];
      name: string;
      lon: number;
      lat: number;
    }>`
      select kind, name,
             round(ST_X(p)::numeric, 6)::float8 as lon, round(ST_Y(p)::numeric, 6)::float8 as lat
      from (
        select kind, name, ST_Transform(ST_PointOnSurface(geom), 4326) as p
        from boundaries where kind in ('ward', 'parish', 'neighbourhood')
      ) labelled
      order by kind, name
    `.execute(trx);
    return rows;
  });
  return {
    type: 'FeatureCollection',
    features: rows.map((row) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [row.lon, row.lat] },
      properties: { kind: row.kind, name: row.name },
    })),
  };
}
