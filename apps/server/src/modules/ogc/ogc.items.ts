import { sql, type Expression, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { perDatabase } from '../../lib/per-database';
import { DEFAULT_SCENARIO } from '../search/search.service';
import { compileCql2 } from './ogc.cql2';
import {
  GEOMETRY_QUERYABLE,
  jsonObjectOf,
  queryableProperties,
  type OgcCollection,
  type PropertyKind,
  type Property,
} from './ogc.features';
import { CRS84, type SupportedCrs } from './ogc.links';

/*
 * The items of a collection, a page at a time (issue 25 point 4). A page costs what its rows
 * cost: the rows are chosen by id after the last one of the previous page (keyset), ids only,
 * and only those rows get their properties object and geometry built; the total is counted on
 * the first page only (Part 1 makes numberMatched optional).
 */

type Trx = Transaction<Database>;

export type Bbox = { box: [number, number, number, number]; crs: SupportedCrs };

/** An interval of days, either end open (null). */
export type DateInterval = { start: string | null; end: string | null };

export type ItemsQuery = {
  limit: number;
  /** The id of the previous page's last feature (the next link's cursor). */
  after: string | null;
  offset: number;
  bbox?: Bbox;
  crs: SupportedCrs;
  /** Property filters, name → value, as the request gave them. */
  filters: Record<string, string>;
  /** A CQL2 text filter (Part 3). */
  filter?: string;
  datetime?: DateInterval;
};

/** The properties object and the geometry as JSON text, spliced into the answer as they are. */
export type FeatureRow = { id: string; properties: string; geometry: string | null };

export type ItemsPage = {
  rows: FeatureRow[];
  /** Counted on the first page only. */
  numberMatched: number | null;
  /** Whether a feature follows the page. */
  more: boolean;
};

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

/**
 * The geometry as GeoJSON, rounded to centimetres in the grid or 1e-7 degrees (about a
 * centimetre) in CRS84. Rounding alone can make a valid polygon invalid (a narrow part collapses,
 * rings touch): the coordinates are snapped to the grid GeoJSON is written at, and a shape the
 * snapping made invalid is rounded again with ST_ReducePrecision, which repairs as it rounds
 * (five times the cost, so only where needed). Every feature is a Multi geometry, so a
 * collection has one type (a Polygon among MultiPolygons reads as "unknown" in QGIS).
 */
function geometryOut(alias: string, crs: SupportedCrs, repair: boolean) {
  const column = sql.ref(`${alias}.geom`);
  const [geometry, grid, digits] =
    crs === CRS84 ? [sql`ST_Transform(${column}, 4326)`, sql`1e-7`, 7] : [sql`${column}`, sql`0.01`, 2];
  if (!repair) return sql<string>`ST_AsGeoJSON(ST_Multi(${geometry}), ${sql.lit(digits)})`;
  return sql<string>`(select ST_AsGeoJSON(ST_Multi(case when ST_IsValid(snapped) then snapped
      else ST_ReducePrecision(g, ${grid}) end), ${sql.lit(digits)})
    from (select g, ST_SnapToGrid(g, ${grid}) as snapped from (select ${geometry} as g) a) b)`;
}

/** A layer of mixed geometries may hold collections, which ST_ReducePrecision refuses. */
const repairs = (collection: OgcCollection) =>
  collection.kind === 'sites' || collection.geometryType !== 'mixed';

/** The date property `datetime` filters on: the collection's first date property. */
export function temporalProperty(collection: OgcCollection): (Property & { kind: PropertyKind }) | undefined {
  return queryableProperties(collection).find((property) => property.kind === 'date');
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|z|[+-]\d{2}:?\d{2})?)?$/;

/** One end of a `datetime` value as a day (UTC when a time and zone are given), or null if open. */
function dayOf(text: string): string | null {
  if (text === '' || text === '..') return null;
  const match = DATE_TIME.exec(text);
  const day = match?.[1];
  if (!match || !day || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    throw badRequest(
      `datetime is a date or date-time (RFC 3339), or an interval start/end with .. for an open end: ${text.slice(0, 50)} is not`,
    );
  if (match[2] && !/^[Zz]$/.test(match[2])) {
    const instant = new Date(text.replace(' ', 'T'));
    if (!Number.isNaN(instant.getTime())) return instant.toISOString().slice(0, 10);
  }
  return day;
}

/** Part 1's `datetime`: an instant, or an interval with either end open (`..` or empty). */
export function parseDatetime(text: string): DateInterval {
  const ends = text.split('/');
  if (ends.length > 2) throw badRequest('datetime is an instant or one interval start/end');
  const start = dayOf(ends[0]!.trim());
  const end = ends.length === 2 ? dayOf(ends[1]!.trim()) : start;
  if (ends.length === 1 && start === null)
    throw badRequest('datetime is an instant or one interval start/end');
  if (start !== null && end !== null && start > end)
    throw badRequest('datetime: the interval’s start is after its end');
  return { start, end };
}

/** A date property's value as its 'YYYY-MM-DD' text, or null when it holds no date. */
export function dayValue(property: Property): RawBuilder<string | null> {
  const text = property.json ? sql`(${property.value}) #>> '{}'` : sql`(${property.value})::text`;
  return sql`(case when ${text} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(${text}, 10) end)`;
}

function datetimeFilter(collection: OgcCollection, interval: DateInterval): Expression<SqlBool> {
  const property = temporalProperty(collection);
  if (!property)
    throw badRequest(
      `datetime cannot be used: the collection ${collection.id} has no date property to filter on`,
    );
  const day = dayValue(property);
  const parts: Expression<SqlBool>[] = [sql<SqlBool>`${day} is not null`];
  if (interval.start !== null) parts.push(sql<SqlBool>`${day} >= ${interval.start}::text`);
  if (interval.end !== null) parts.push(sql<SqlBool>`${day} <= ${interval.end}::text`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
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

const matchedCountsOf = perDatabase(() => new LRUCache<string, number>({ max: 2000 }));
const countKey = (query: ItemsQuery) =>
  JSON.stringify([query.bbox ?? null, query.filters, query.filter ?? null, query.datetime ?? null]);

/**
 * One page of a collection's features; the total on the first page only. `counted` is the app's
 * database handle and the council's site data version there: the first page's count of sites is
 * kept by them.
 */
export async function readItems(
  trx: Trx,
  tenantId: string,
  collection: OgcCollection,
  query: ItemsQuery,
  counted: { database: object; version: string | null } | null = null,
): Promise<ItemsPage> {
  const alias = collection.kind === 'sites' ? 'sites' : 'f';
  const where: Expression<SqlBool>[] = propertyFilters(collection, query.filters);
  if (query.filter !== undefined) where.push(compileCql2(query.filter, queryableProperties(collection)));
  if (query.datetime) where.push(datetimeFilter(collection, query.datetime));
  const column = sql.ref(`${alias}.geom`);
  if (query.bbox) {
    const box = bboxIn27700(query.bbox);
    where.push(sql<SqlBool>`${column} && ${box} and ST_Intersects(${column}, ${box})`);
  }
  const from =
    collection.kind === 'sites'
      ? sql`from sites where sites.tenant_id = ${tenantId} and not sites.is_deleted
          and sites.scenario_name = ${DEFAULT_SCENARIO}`
      : sql`from layer_features f where f.layer_id = ${collection.layerId}`;
  const conditions = where.length > 0 ? sql`and ${sql.join(where, sql` and `)}` : sql``;
  const id = sql.ref(`${alias}.id`);
  const after = query.after === null ? sql`` : sql`and ${id} > ${query.after}::bigint`;
  // The page's rows first (one more, to know whether another page follows), then their
  // properties and geometry: built in the select list of the same query, PostgreSQL builds them
  // for every matching row before it sorts and cuts.
  const { rows } = await sql<FeatureRow>`
    select ${id}::text as id, ${jsonObjectOf(collection.properties)}::text as properties,
      ${geometryOut(alias, query.crs, repairs(collection))} as geometry
    from (select ${sql.ref(alias)}.* ${from} ${conditions} ${after}
          order by ${id} limit ${query.limit + 1}::int offset ${query.offset}::int) ${sql.ref(alias)}
    order by ${id}`.execute(trx);
  const more = rows.length > query.limit;
  if (more) rows.pop();
  let numberMatched: number | null = null;
  if (query.after === null && query.offset === 0) {
    if (!more) numberMatched = rows.length;
    else {
      // The sites' count is kept by council, data version and query (any change to the sites
      // moves the version); a layer's is counted each time.
      const key =
        counted?.version && collection.kind === 'sites'
          ? `${tenantId}|${counted.version}|${countKey(query)}`
          : null;
      const matchedCounts = counted ? matchedCountsOf(counted.database) : null;
      const kept = key ? matchedCounts?.get(key) : undefined;
      numberMatched =
        kept ??
        (await sql<{ n: number }>`select count(*)::int as n ${from} ${conditions}`.execute(trx)).rows[0]?.n ??
        0;
      if (key && kept === undefined) matchedCounts?.set(key, numberMatched);
    }
  }
  return { rows, numberMatched, more };
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
  const alias = collection.kind === 'sites' ? 'sites' : 'f';
  const geometry = geometryOut(alias, crs, repairs(collection));
  const { rows } =
    collection.kind === 'sites'
      ? await sql<FeatureRow>`
          select sites.id::text as id, ${properties}::text as properties, ${geometry} as geometry
          from sites where sites.tenant_id = ${tenantId} and not sites.is_deleted
            and sites.scenario_name = ${DEFAULT_SCENARIO} and sites.id = ${featureId}::bigint`.execute(trx)
      : await sql<FeatureRow>`
          select f.id::text as id, ${properties}::text as properties, ${geometry} as geometry
          from layer_features f where f.layer_id = ${collection.layerId} and f.id = ${featureId}::bigint`.execute(
          trx,
        );
  return rows[0] ?? null;
}

/** bbox=minx,miny,maxx,maxy (six numbers with heights) in `crs`. */
export function parseBbox(text: string, crs: SupportedCrs): Bbox {
  const numbers = text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (!(numbers.length === 4 || numbers.length === 6) || !numbers.every(Number.isFinite))
    throw badRequest('bbox is four numbers: minx,miny,maxx,maxy (six with heights)');
  // With heights: minx,miny,minz,maxx,maxy,maxz.
  const [minX = 0, minY = 0, maxX = 0, maxY = 0] =
    numbers.length === 6 ? [numbers[0], numbers[1], numbers[3], numbers[4]] : numbers;
  if (minX > maxX || minY > maxY) throw badRequest('bbox minimums must not exceed its maximums');
  if (crs === CRS84 && (minX < -180 || maxX > 180 || minY < -90 || maxY > 90))
    throw badRequest('bbox in CRS84 is longitude -180..180, latitude -90..90');
  return { box: [minX, minY, maxX, maxY], crs };
}

/** One feature of a page: its properties and geometry are JSON text from PostgreSQL already. */
export function featureOf(row: FeatureRow): string {
  // The geometry is GeoJSON text from PostGIS already: spliced in, not parsed and written again.
  return `{"type":"Feature","id":${Number(row.id)},"geometry":${row.geometry ?? 'null'},"properties":${row.properties ?? '{}'}}`;
}
