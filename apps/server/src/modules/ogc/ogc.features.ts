import { sql, type Expression, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import { fieldKind } from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { SITE_COLUMNS } from '../search/search.compile';
import { DEFAULT_SCENARIO, loadDictionary } from '../search/search.service';
import { CRS84, type SupportedCrs } from './ogc.links';

type Trx = Transaction<Database>;

/** How a collection's property compares in a `?name=value` filter. */
export type PropertyKind = 'number' | 'text' | 'boolean' | 'date';

/** A property of a collection's features: where its value comes from, and how it compares. */
type Property = {
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
const siteExtents = new LRUCache<string, { bbox: [number, number, number, number] | null }>({ max: 1000 });

export async function collectionBbox(
  trx: Trx,
  tenantId: string,
  version: string | null,
  collection: OgcCollection,
): Promise<[number, number, number, number] | null> {
  if (collection.kind === 'layer') return collection.bbox;
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

export type Bbox = { box: [number, number, number, number]; crs: SupportedCrs };

export type ItemsQuery = {
  limit: number;
  offset: number;
  bbox?: Bbox;
  crs: SupportedCrs;
  /** Property filters, name → value, as the request gave them. */
  filters: Record<string, string>;
};

export type FeatureRow = { id: string; properties: Record<string, unknown>; geometry: string | null };

/**
 * The British National Grid's transverse Mercator fails far from Britain: a WGS84 box is first
 * cut to a box well around the grid's area of use, and densified so its transformed edges curve.
 */
const GRID_SURROUNDS = sql`ST_MakeEnvelope(-15, 45, 10, 65, 4326)`;

function bboxIn27700({ box, crs }: Bbox): RawBuilder<unknown> {
  const [minX, minY, maxX, maxY] = box;
  if (crs === CRS84) {
    const envelope = sql`ST_MakeEnvelope(${minX}::float8, ${minY}::float8, ${maxX}::float8, ${maxY}::float8, 4326)`;
    return sql`ST_Transform(ST_Segmentize(ST_Intersection(${envelope}, ${GRID_SURROUNDS}), 0.05), 27700)`;
  }
  return sql`ST_MakeEnvelope(${minX}::float8, ${minY}::float8, ${maxX}::float8, ${maxY}::float8, 27700)`;
}

function geometryOut(column: string, crs: SupportedCrs) {
  // Centimetres in the grid; about a centimetre in degrees.
  return crs === CRS84
    ? sql<string>`ST_AsGeoJSON(ST_Transform(${sql.ref(column)}, 4326), 7)`
    : sql<string>`ST_AsGeoJSON(${sql.ref(column)}, 2)`;
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

const GEOMETRY_FORMATS: Record<string, string> = {
  polygon: 'geometry-polygon-or-multipolygon',
  line: 'geometry-linestring-or-multilinestring',
  point: 'geometry-point-or-multipoint',
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
          : 'geometry-any',
      'x-ogc-role': 'primary-geometry',
    },
  };
  for (const property of queryableProperties(collection))
    properties[property.name] = { title: property.title, ...QUERYABLE_TYPES[property.kind] };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: id,
    type: 'object' as const,
    title: collection.title,
    properties,
    additionalProperties: false,
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The WHERE for the `?name=value` filters: each name must be one of the collection's queryables,
 * and each value of the queryable's type.
 */
function propertyFilters(collection: OgcCollection, filters: Record<string, string>): Expression<SqlBool>[] {
  const parts: Expression<SqlBool>[] = [];
  const queryables = queryableProperties(collection);
  for (const [name, given] of Object.entries(filters)) {
    if (name === GEOMETRY_QUERYABLE)
      throw badRequest('The geometry is filtered with bbox (and bbox-crs), not as a query parameter');
    const property = queryables.find((candidate) => candidate.name === name);
    if (!property) {
      const known = collection.properties.some((candidate) => candidate.name === name);
      throw badRequest(
        known
          ? `${name} cannot be filtered on: it is not one of the collection’s queryables`
          : `Unknown query parameter: ${name.slice(0, 100)} is neither a parameter of this request nor one of the collection’s queryables (see /collections/${collection.id}/queryables)`,
      );
    }
    const { json } = property;
    switch (property.kind) {
      case 'number': {
        const number = Number(given);
        if (given.trim() === '' || !Number.isFinite(number))
          throw badRequest(`${name} is a number: ${given.slice(0, 50)} is not`);
        parts.push(
          json
            ? sql<SqlBool>`(case when jsonb_typeof(${property.value}) = 'number'
                then (${property.value})::numeric end) = ${number}::numeric`
            : sql<SqlBool>`(${property.value})::numeric = ${number}::numeric`,
        );
        break;
      }
      case 'boolean': {
        if (given !== 'true' && given !== 'false') throw badRequest(`${name} is true or false`);
        parts.push(
          json
            ? sql<SqlBool>`${property.value} = to_jsonb(${given === 'true'}::boolean)`
            : sql<SqlBool>`${property.value} = ${given === 'true'}::boolean`,
        );
        break;
      }
      case 'date':
      case 'text':
        // A date compares as its text, once it is one.
        if (property.kind === 'date' && (!ISO_DATE.test(given) || Number.isNaN(Date.parse(given))))
          throw badRequest(`${name} is a date (YYYY-MM-DD): ${given.slice(0, 50)} is not`);
        parts.push(
          json
            ? sql<SqlBool>`(${property.value}) #>> '{}' = ${given}::text`
            : sql<SqlBool>`(${property.value})::text = ${given}::text`,
        );
        break;
    }
  }
  return parts;
}

/** One page of a collection's features and how many match in all. */
export async function readItems(
  trx: Trx,
  tenantId: string,
  collection: OgcCollection,
  query: ItemsQuery,
): Promise<{ rows: FeatureRow[]; numberMatched: number }> {
  const where: Expression<SqlBool>[] = propertyFilters(collection, query.filters);
  const column = collection.kind === 'sites' ? 'sites.geom' : 'f.geom';
  if (query.bbox) {
    const box = bboxIn27700(query.bbox);
    where.push(sql<SqlBool>`${sql.ref(column)} && ${box} and ST_Intersects(${sql.ref(column)}, ${box})`);
  }
  const conditions = where.length > 0 ? sql.join(where, sql` and `) : sql`true`;
  const properties = jsonObjectOf(collection.properties);
  const geometry = geometryOut(column, query.crs);

  if (collection.kind === 'sites') {
    const from = sql`from sites where sites.tenant_id = ${tenantId} and not sites.is_deleted
      and sites.scenario_name = ${DEFAULT_SCENARIO} and ${conditions}`;
    const [page, total] = [
      await sql<FeatureRow>`select sites.id::text as id, ${properties} as properties, ${geometry} as geometry
        ${from} order by sites.id limit ${query.limit}::int offset ${query.offset}::int`.execute(trx),
      await sql<{ n: number }>`select count(*)::int as n ${from}`.execute(trx),
    ];
    return { rows: page.rows, numberMatched: total.rows[0]?.n ?? 0 };
  }
  const from = sql`from layer_features f where f.layer_id = ${collection.layerId} and ${conditions}`;
  const page =
    await sql<FeatureRow>`select f.id::text as id, ${properties} as properties, ${geometry} as geometry
    ${from} order by f.id limit ${query.limit}::int offset ${query.offset}::int`.execute(trx);
  const total = await sql<{ n: number }>`select count(*)::int as n ${from}`.execute(trx);
  return { rows: page.rows, numberMatched: total.rows[0]?.n ?? 0 };
}

/** One feature by id, or null. */
export async function readItem(
  trx: Trx,
  tenantId: string,
  collection: OgcCollection,
  featureId: string,
  crs: SupportedCrs,
): Promise<FeatureRow | null> {
  const properties = jsonObjectOf(collection.properties);
  if (collection.kind === 'sites') {
    const { rows } = await sql<FeatureRow>`
      select sites.id::text as id, ${properties} as properties, ${geometryOut('sites.geom', crs)} as geometry
      from sites where sites.tenant_id = ${tenantId} and not sites.is_deleted
        and sites.scenario_name = ${DEFAULT_SCENARIO} and sites.id = ${featureId}::bigint`.execute(trx);
    return rows[0] ?? null;
  }
  const { rows } = await sql<FeatureRow>`
    select f.id::text as id, ${properties} as properties, ${geometryOut('f.geom', crs)} as geometry
    from layer_features f where f.layer_id = ${collection.layerId} and f.id = ${featureId}::bigint`.execute(
    trx,
  );
  return rows[0] ?? null;
}

/**
 * The properties as one JSON object, names as parameters: jsonb_build_object takes at most 100
 * arguments, so a long dictionary is built in parts joined with ||.
 */
function jsonObjectOf(properties: Property[]): RawBuilder<Record<string, unknown>> {
  if (properties.length === 0) return sql`'{}'::jsonb`;
  const parts: RawBuilder<unknown>[] = [];
  for (let start = 0; start < properties.length; start += 40) {
    const pairs = properties
      .slice(start, start + 40)
      .map((property) => sql`${property.name}::text, ${property.value}`);
    parts.push(sql`jsonb_build_object(${sql.join(pairs)})`);
  }
  return sql`(${sql.join(parts, sql` || `)})`;
}
