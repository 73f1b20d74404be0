import { sql, type Transaction } from 'kysely';
import type { DocumentEntity, SiteInfoItem } from '@planning/shared';
import type { Database } from '../../db/schema';
import { loadDictionary, matchingSites } from '../search/search.service';
import { fitExtent, type Extent, type Geometry, type MapScene } from './document-export.draw';

type Trx = Transaction<Database>;
type MapBlock = Extract<DocumentEntity, { type: 'map' }>;

/** The most sites one map block draws and lists (the schema allows 10,000 ids). */
const SITES_MAX = 10_000;
/** The most features of the block's layers drawn in its extent. */
const LAYER_FEATURES_MAX = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type MapSite = {
  id: string;
  name: string;
  helaaReference: string | null;
  geometry: Geometry;
  label: number[] | null;
  /** The site's row (every column and its attributes), for its site info. */
  row: Record<string, unknown>;
};

/**
 * The live sites a map block shows: its ids, and those its filters find (the same sites as the
 * page's map and its 'Select site' list).
 */
export async function mapBlockSites(trx: Trx, tenantId: string, block: MapBlock): Promise<MapSite[]> {
  const ids = new Set(block.sites.ids ?? []);
  if (block.sites.filters && block.sites.filters.length > 0) {
    const dictionary = await loadDictionary(trx);
    const found = await (
      await matchingSites(trx, tenantId, dictionary, block.sites.filters, undefined)
    )
      .select('sites.id')
      .orderBy('sites.id')
      .limit(SITES_MAX)
      .execute();
    for (const row of found) ids.add(String(row.id));
  }
  if (ids.size === 0) return [];
  const { rows } = await sql<{
    id: string;
    site_name: string | null;
    helaa_reference: string | null;
    geometry: string;
    label: string | null;
    row: Record<string, unknown>;
  }>`select s.id::text as id, s.site_name, s.helaa_reference,
      ST_AsGeoJSON(s.geom, 1) as geometry,
      ST_AsGeoJSON(ST_PointOnSurface(s.geom), 1) as label,
      to_jsonb(s) - 'geom' - 'geom_cut' - 'geom_3857' - 'point_3857' - 'tenant_id' as row
    from sites s
    where s.id = any(${[...ids].slice(0, SITES_MAX)}::bigint[]) and not s.is_deleted
    order by s.id`.execute(trx);
  return rows.map((row) => ({
    id: row.id,
    name: row.site_name ?? '',
    helaaReference: row.helaa_reference,
    geometry: JSON.parse(row.geometry) as Geometry,
    label: row.label ? (JSON.parse(row.label) as { coordinates: number[] }).coordinates : null,
    row: row.row,
  }));
}

const boxOf = (sites: MapSite[]): Extent | null => {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') {
      const [x, y] = value as number[];
      box.minX = Math.min(box.minX, x!);
      box.maxX = Math.max(box.maxX, x!);
      box.minY = Math.min(box.minY, y!);
      box.maxY = Math.max(box.maxY, y!);
    } else value.forEach(visit);
  };
  for (const site of sites) visit('coordinates' in site.geometry ? site.geometry.coordinates : []);
  return Number.isFinite(box.minX) ? box : null;
};

/** A layer's own colour, when its style names one (MapLibre paint names). */
function colourOf(style: Record<string, unknown>): string | null {
  for (const key of ['fill-color', 'line-color', 'circle-color', 'color']) {
    const found = findKey(style, key, 0);
    if (typeof found === 'string' && /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(found)) return found;
  }
  return null;
}
function findKey(value: unknown, key: string, depth: number): unknown {
  if (!value || typeof value !== 'object' || depth > 4) return undefined;
  if (key in value) return (value as Record<string, unknown>)[key];
  for (const inner of Object.values(value)) {
    const found = findKey(inner, key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * What a map block's picture holds: the council's district as the base, ward and parish lines,
 * the block's layers (public web map layers only, for the public) clipped to the extent, and the
 * sites on top. With no sites, the whole district.
 */
export async function mapScene(
  trx: Trx,
  block: MapBlock,
  sites: MapSite[],
  audience: 'public' | 'staff',
): Promise<MapScene> {
  let box = boxOf(sites);
  if (!box) {
    const { rows } = await sql<{ minx: number; miny: number; maxx: number; maxy: number }>`
      select ST_XMin(e) as minx, ST_YMin(e) as miny, ST_XMax(e) as maxx, ST_YMax(e) as maxy
      from (select ST_Extent(geom)::geometry as e from boundaries where kind = 'district') b
      where e is not null`.execute(trx);
    const found = rows[0];
    box = found
      ? { minX: found.minx, minY: found.miny, maxX: found.maxx, maxY: found.maxy }
      : { minX: 0, minY: 0, maxX: 1000, maxY: 1000 };
  }
  const extent = fitExtent(box);
  const envelope = sql`ST_MakeEnvelope(${extent.minX}, ${extent.minY}, ${extent.maxX}, ${extent.maxY}, 27700)`;
  const clipped = sql<string>`ST_AsGeoJSON(ST_ClipByBox2D(geom, ${envelope}), 1)`;
  const { rows: boundaryRows } = await sql<{ kind: string; geometry: string }>`
    select kind, ${clipped} as geometry from boundaries
    where kind in ('district', 'ward', 'parish') and geom && ${envelope}`.execute(trx);
  const layerIds = block.layerIds.filter((id) => UUID.test(id));
  const layers: MapScene['layers'] = [];
  if (layerIds.length > 0) {
    const found = await trx
      .selectFrom('layers')
      .select(['id', 'title', 'style'])
      .where('id', 'in', layerIds)
      .$if(audience === 'public', (query) => query.where('public_webmap_visibility', '=', true))
      .execute();
    for (const layer of found) {
      const { rows } = await sql<{ geometry: string }>`
        select ${clipped} as geometry from layer_features
        where layer_id = ${layer.id} and geom && ${envelope}
        limit ${LAYER_FEATURES_MAX}`.execute(trx);
      layers.push({
        title: layer.title,
        colour: colourOf(layer.style),
        geometries: rows.map((row) => JSON.parse(row.geometry) as Geometry),
      });
    }
  }
  const tenant = await trx.selectFrom('tenants').select(['raw_name', 'map_license']).executeTakeFirst();
  const attribution = [tenant?.raw_name, tenant?.map_license].filter(Boolean).join(' · ');
  return {
    extent,
    district: boundaryRows
      .filter((row) => row.kind === 'district')
      .map((row) => JSON.parse(row.geometry) as Geometry),
    boundaries: boundaryRows
      .filter((row) => row.kind !== 'district')
      .map((row) => JSON.parse(row.geometry) as Geometry),
    layers,
    sites: sites.map((site) => ({ name: site.name, geometry: site.geometry, label: site.label })),
    attribution: attribution || 'Map data: the council',
  };
}

/** Spec 02 §9: numbers in the spreadsheet are rounded to 2 decimals. */
export const round2 = (value: number) => Math.round(value * 100) / 100;

function cellValue(value: unknown): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? round2(value) : null;
  if (typeof value === 'string' && /^-?\d+(?:\.\d+)?$/.test(value.trim())) return round2(Number(value));
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((item) => String(cellValue(item) ?? '')).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A column's value: a column of the site, else one of its attributes. */
export function siteValue(site: MapSite, columnName: string): string | number | null {
  const attributes = (site.row.attributes ?? {}) as Record<string, unknown>;
  const value = columnName in site.row ? site.row[columnName] : attributes[columnName];
  return cellValue(value);
}

const columnsOf = (items: SiteInfoItem[]) =>
  items.flatMap((item) =>
    item.type === 'field'
      ? [{ header: item.title, columnName: item.columnName }]
      : item.columns.map((column) => ({
          header: `${item.title}: ${column.title}`,
          columnName: column.columnName,
        })),
  );

/**
 * Spec 02 §2 "a spreadsheet of site info": a sheet per map block with its sites (id, name,
 * reference) and the columns of its site info configuration, numbers rounded to 2 decimals.
 */
export async function siteInfoWorkbook(
  maps: { caption: string; siteInfo: SiteInfoItem[]; sites: MapSite[] }[],
): Promise<Buffer> {
  // Loaded on the first export, not with the server.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const used = new Set<string>();
  maps.forEach((map, index) => {
    // Excel: 31 characters, none of []:*?/\, unique ignoring case.
    let name =
      (map.caption || `Map ${index + 1}`)
        .replace(/[[\]:*?/\\]/g, ' ')
        .slice(0, 28)
        .trim() || `Map ${index + 1}`;
    while (used.has(name.toLowerCase())) name = `${name.slice(0, 25)} ${index + 1}`;
    used.add(name.toLowerCase());
    const sheet = workbook.addWorksheet(name);
    const columns = columnsOf(map.siteInfo);
    sheet.columns = [
      { header: 'Site ID', key: 'id', width: 12 },
      { header: 'Site name', key: 'name', width: 36 },
      { header: 'HELAA reference', key: 'helaa', width: 18 },
      ...columns.map((column, i) => ({ header: column.header, key: `c${i}`, width: 20 })),
    ];
    sheet.getRow(1).font = { bold: true };
    for (const site of map.sites) {
      const row: Record<string, string | number | null> = {
        id: Number(site.id),
        name: site.name,
        helaa: site.helaaReference,
      };
      columns.forEach((column, i) => (row[`c${i}`] = siteValue(site, column.columnName)));
      sheet.addRow(row);
    }
  });
  if (maps.length === 0) workbook.addWorksheet('Sites').addRow(['This document has no map of sites']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
