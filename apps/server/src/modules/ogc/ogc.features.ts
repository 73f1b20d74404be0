import { sql, type RawBuilder, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import { fieldKind } from '@planning/shared';
import type { Database } from '../../db/schema';
import { perDatabase } from '../../lib/per-database';
import { SITE_COLUMNS } from '../search/search.compile';
import { DEFAULT_SCENARIO, loadDictionary } from '../search/search.service';

type Trx = Transaction<Database>;

/** How a collection's property compares in a `?name=value` filter. */
export type PropertyKind = 'number' | 'text' | 'boolean' | 'date';

/** A property of a collection's features: where its value comes from, and how it compares. */
export type Property = {
  name: string;
  title: string;
  kind: PropertyKind | 'other';
  value: RawBuilder<unknown>;
  /** The value is JSONB (a site attribute, a layer property), not a typed column. */
  json: boolean;
};

/** The council's sites (one collection), or one of its geodata layers. */
export type OgcCollection =
  | { kind: 'sites'; id: 'sites'; title: string; description: string; properties: Property[] }
  | {
      kind: 'layer';
      id: string;
      layerId: string;
      layerName: string;
      title: string;
      description: string;
      geometryType: string;
      properties: Property[];
      /** [west, south, east, north] in WGS84, or null for an empty layer. */
      bbox: [number, number, number, number] | null;
    };

export const SITES_COLLECTION = 'sites';

/**
 * The sites' properties: the council's data dictionary, and nothing else. A dictionary column
 * must also be one of the known site columns (SITE_COLUMNS), so no stored name ever becomes SQL.
 */
async function siteProperties(trx: Trx): Promise<Property[]> {
  const dictionary = await loadDictionary(trx);
  const labels = await trx.selectFrom('site_fields').select(['name', 'label']).orderBy('position').execute();
  const properties: Property[] = [
    { name: 'id_unique', title: 'Site id', kind: 'text', value: sql`sites.id_unique`, json: false },
  ];
  for (const { name, label } of labels) {
    const field = dictionary.get(name);
    if (!field || name === 'id_unique') continue;
    const kind = fieldKind(field.fieldType);
    if (field.storage === 'column') {
      if (!SITE_COLUMNS.has(name)) continue;
      properties.push({
        name,
        title: label,
        kind: plainKind(kind),
        value: sql.ref(`sites.${name}`),
        json: false,
      });
    } else {
      properties.push({
        name,
        title: label,
        kind: plainKind(kind),
        value: sql`sites.attributes -> ${name}`,
        json: true,
      });
    }
  }
  return properties;
}

function plainKind(kind: string): Property['kind'] {
  return kind === 'number' || kind === 'text' || kind === 'boolean' || kind === 'date' ? kind : 'other';
}

const LAYER_KINDS: Record<string, PropertyKind> = {
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  date: 'date',
  string: 'text',
};

type LayerRow = {
  id: string;
  layer_name: string;
  title: string;
  default_description: string | null;
  placemaker_description: string | null;
  geometry_type: string;
  fields: Array<{ name: string; type: string; label?: string }>;
  bbox: number[] | null;
};

/** The layers staff see on their maps, by name; a layer called 'sites' is hidden by the sites. */
async function layerRows(trx: Trx, name?: string): Promise<LayerRow[]> {
  let query = trx
    .selectFrom('layers')
    .select([
      'id',
      'layer_name',
      'title',
      'default_description',
      'placemaker_description',
      'geometry_type',
      'fields',
      // The extent in WGS84 (stored in the grid).
      sql<number[] | null>`(select array[ST_XMin(b), ST_YMin(b), ST_XMax(b), ST_YMax(b)]
        from (select ST_Transform(layers.extent, 4326) as b) x where b is not null)`.as('bbox'),
    ])
    .where('placemaker_visibility', '=', true)
    .where('layer_name', '<>', SITES_COLLECTION)
    .orderBy('z_index')
    .orderBy('layer_name');
  if (name !== undefined) query = query.where('layer_name', '=', name);
  return (await query.execute()) as LayerRow[];
}

function layerCollection(row: LayerRow): OgcCollection {
  const properties: Property[] = [];
  for (const field of Array.isArray(row.fields) ? row.fields : []) {
    if (typeof field?.name !== 'string') continue;
    properties.push({
      name: field.name,
      title: field.label ?? field.name,
      kind: LAYER_KINDS[field.type] ?? 'other',
      value: sql`f.properties -> ${field.name}`,
      json: true,
    });
  }
  const bbox = row.bbox?.length === 4 ? (row.bbox.map(Number) as [number, number, number, number]) : null;
  return {
    kind: 'layer',
    id: row.layer_name,
    layerId: row.id,
    layerName: row.layer_name,
    title: row.title,
    description: row.placemaker_description ?? row.default_description ?? row.title,
    geometryType: row.geometry_type,
    properties,
    bbox: bbox && bbox.every(Number.isFinite) ? bbox : null,
  };
}

const sitesCollection = async (trx: Trx): Promise<OgcCollection> => ({
  kind: 'sites',
  id: SITES_COLLECTION,
  title: 'Sites',
  description: 'The council’s development sites (HELAA), base scenario',
  properties: await siteProperties(trx),
});

export async function listCollections(trx: Trx): Promise<OgcCollection[]> {
  return [await sitesCollection(trx), ...(await layerRows(trx)).map(layerCollection)];
}

export async function findCollection(trx: Trx, id: string): Promise<OgcCollection | null> {
  if (id === SITES_COLLECTION) return sitesCollection(trx);
  const [row] = await layerRows(trx, id);
  return row ? layerCollection(row) : null;
}

/** The sites' extent in WGS84, by council and data version (a scan of every site otherwise). */
const siteExtentsOf = perDatabase(
  () => new LRUCache<string, { bbox: [number, number, number, number] | null }>({ max: 1000 }),
);

/** `database` is the app's database handle, whose council data the cached extents describe. */
export async function collectionBbox(
  trx: Trx,
  tenantId: string,
  version: string | null,
  collection: OgcCollection,
  database: object,
): Promise<[number, number, number, number] | null> {
  if (collection.kind === 'layer') return collection.bbox;
  const siteExtents = siteExtentsOf(database);
  const key = `${tenantId}|${version ?? ''}`;
  const kept = version ? siteExtents.get(key) : undefined;
  if (kept) return kept.bbox;
  const { rows } = await sql<{ w: number | null; s: number | null; e: number | null; n: number | null }>`
    select ST_XMin(b) as w, ST_YMin(b) as s, ST_XMax(b) as e, ST_YMax(b) as n
    from (select ST_Transform(ST_SetSRID(ST_Extent(geom)::geometry, 27700), 4326) as b
          from sites where tenant_id = ${tenantId} and not is_deleted
            and scenario_name = ${DEFAULT_SCENARIO}) x`.execute(trx);
  const row = rows[0];
  const bbox =
    row && row.w !== null && row.s !== null && row.e !== null && row.n !== null
      ? ([row.w, row.s, row.e, row.n].map(Number) as [number, number, number, number])
      : null;
  if (version) siteExtents.set(key, { bbox });
  return bbox;
}

/** The items route's own parameters: a property of the same name cannot be a query parameter. */
export const ITEMS_PARAMETERS = new Set([
  'api_key',
  'f',
  'limit',
  'offset',
  'bbox',
  'bbox-crs',
  'crs',
  'datetime',
  'after',
  'filter',
  'filter-lang',
  'filter-crs',
]);

/** The name of the geometry in the queryables (a property of that name is not queryable). */
export const GEOMETRY_QUERYABLE = 'geometry';

/**
 * The properties a `?name=value` filter may name (OGC API Features Part 3, queryables as query
 * parameters): those of a comparable kind whose name is not one of the items route's parameters.
 */
export function queryableProperties(collection: OgcCollection): Array<Property & { kind: PropertyKind }> {
  return collection.properties.filter(
    (property): property is Property & { kind: PropertyKind } =>
      property.kind !== 'other' &&
      !ITEMS_PARAMETERS.has(property.name) &&
      property.name !== GEOMETRY_QUERYABLE,
  );
}

/** Every feature is written as a Multi geometry: one type per collection (see ogc.items). */
const GEOMETRY_FORMATS: Record<string, string> = {
  polygon: 'geometry-multipolygon',
  line: 'geometry-multilinestring',
  point: 'geometry-multipoint',
};

/** JSON Schema (2020-12) of one queryable, by its kind. */
const QUERYABLE_TYPES: Record<PropertyKind, Record<string, string>> = {
  number: { type: 'number' },
  text: { type: 'string' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
};

/**
 * The collection's queryables (Part 3): a JSON Schema of an object whose properties are the
 * filterable properties, with their types and titles, and the geometry (filtered by bbox).
 */
export function queryablesSchema(collection: OgcCollection, id: string) {
  const properties: Record<string, Record<string, string>> = {
    [GEOMETRY_QUERYABLE]: {
      title: 'Geometry',
      format:
        collection.kind === 'layer'
          ? (GEOMETRY_FORMATS[collection.geometryType] ?? 'geometry-any')
          : 'geometry-multipolygon',
      'x-ogc-role': 'primary-geometry',
    },
  };
  let instant = false;
  for (const property of queryableProperties(collection)) {
    properties[property.name] = { title: property.title, ...QUERYABLE_TYPES[property.kind] };
    // The first date property is the one `datetime` filters on (Part 5's role for it).
    if (property.kind === 'date' && !instant) {
      properties[property.name]!['x-ogc-role'] = 'primary-instant';
      instant = true;
    }
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: id,
    type: 'object' as const,
    title: collection.title,
    properties,
    additionalProperties: false,
  };
}

/**
 * The properties as one JSON object, names as parameters: jsonb_build_object takes at most 100
 * arguments, so a long dictionary is built in parts joined with ||.
 */
export function jsonObjectOf(properties: Property[]): RawBuilder<Record<string, unknown>> {
  if (properties.length === 0) return sql`'{}'::jsonb`;
  // Up to 40 properties (most dictionaries): json, not jsonb, a third cheaper to build and write
  // out (no key sorting), as the answer wants text anyway.
  if (properties.length <= 40)
    return sql`json_build_object(${sql.join(properties.map((property) => sql`${property.name}::text, ${property.value}`))})`;
  const parts: RawBuilder<unknown>[] = [];
  for (let start = 0; start < properties.length; start += 40) {
    const pairs = properties
      .slice(start, start + 40)
      .map((property) => sql`${property.name}::text, ${property.value}`);
    parts.push(sql`jsonb_build_object(${sql.join(pairs)})`);
  }
  return sql`(${sql.join(parts, sql` || `)})`;
}
