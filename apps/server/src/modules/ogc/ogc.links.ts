import type { FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '@planning/shared';
import { API_KEY_QUERY } from '../api-keys/api-keys.service';

/** OGC API Features Part 2: the CRSs answers and bounding boxes may be in. */
export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
export const EPSG_27700 = 'http://www.opengis.net/def/crs/EPSG/0/27700';
export const SUPPORTED_CRS = [CRS84, EPSG_27700] as const;
export type SupportedCrs = (typeof SUPPORTED_CRS)[number];

export const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-common-2/1.0/conf/collections',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
  'http://www.opengis.net/spec/cql2/1.0/conf/advanced-comparison-operators',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tileset',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tilesets-list',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/geodata-tilesets',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/mvt',
] as const;

export const GEOJSON = 'application/geo+json';
export const JSON_TYPE = 'application/json';
export const MVT = 'application/vnd.mapbox-vector-tile';
export const OPENAPI = 'application/vnd.oai.openapi+json;version=3.0';
export const SCHEMA_JSON = 'application/schema+json';
/** Part 3: the link from a collection to its queryables. */
export const QUERYABLES_REL = 'http://www.opengis.net/def/rel/ogc/1.0/queryables';

export type Link = { href: string; rel: string; type?: string; title?: string; templated?: boolean };

/** The /ogc address the request came in on: scheme and host as the client used them. */
export function ogcBase(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${API_BASE_PATH}/ogc`;
}

/**
 * An absolute link to `path` under /ogc. A key sent in the address travels on in every link, so a
 * client that can only put it there (QGIS) can follow them and page; one sent as a header does not.
 */
export function linkTo(request: FastifyRequest, path: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params);
  const key = (request.query as Record<string, unknown> | undefined)?.[API_KEY_QUERY];
  if (typeof key === 'string' && key) query.set(API_KEY_QUERY, key);
  const text = query.toString();
  return `${ogcBase(request)}${path}${text ? `?${text}` : ''}`;
}

/** The request's own query, each parameter once, for links that change only some of it. */
export function queryOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((request.query as Record<string, unknown>) ?? {})) {
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}
