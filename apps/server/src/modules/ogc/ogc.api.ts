import { queryableProperties, type OgcCollection } from './ogc.features';
import { temporalProperty } from './ogc.items';

/*
 * The OGC API's own OpenAPI 3.0 document (the landing page's service-desc), as OGC API Features
 * Part 1 lays it out: the shared parameters under components/parameters, where QGIS and GDAL
 * read them (QGIS pages at min(max(1000, default), maximum) when it finds limit's bounds there,
 * 100 at a time otherwise), and each collection's items path with its queryables as parameters.
 */

const QUERYABLE_SCHEMAS: Record<string, Record<string, string>> = {
  number: { type: 'number' },
  text: { type: 'string' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
};

const ref = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const json = (description: string, type = 'application/json') => ({
  description,
  content: { [type]: { schema: { type: 'object' } } },
});
const errors = {
  '400': json('The request is malformed (a JSON {message})'),
  '401': json('No key, or a key that is not valid (with a WWW-Authenticate challenge)'),
  '403': json('The key’s user may not read sites'),
  '404': json('No such collection or feature'),
};

export function ogcApiDocument(
  serverUrl: string,
  title: string,
  limits: { default: number; maximum: number },
  collections: OgcCollection[],
) {
  const itemsParameters = [
    ref('limit'),
    ref('bbox'),
    ref('bbox-crs'),
    ref('crs'),
    ref('datetime'),
    ref('filter'),
    ref('filter-lang'),
    ref('after'),
  ];
  const paths: Record<string, unknown> = {
    '/': {
      get: { summary: 'Landing page', operationId: 'getLandingPage', responses: { '200': json('Links') } },
    },
    '/conformance': {
      get: { summary: 'Conformance classes', operationId: 'getConformance', responses: { '200': json('') } },
    },
    '/collections': {
      get: {
        summary: 'The collections',
        operationId: 'getCollections',
        responses: { '200': json(''), ...errors },
      },
    },
    '/collections/{collectionId}': {
      get: {
        summary: 'One collection',
        operationId: 'describeCollection',
        parameters: [ref('collectionId')],
        responses: { '200': json(''), ...errors },
      },
    },
    '/collections/{collectionId}/queryables': {
      get: {
        summary: 'The properties items can be filtered by (a JSON Schema)',
        operationId: 'getQueryables',
        parameters: [ref('collectionId')],
        responses: { '200': json('JSON Schema', 'application/schema+json'), ...errors },
      },
    },
    '/collections/{collectionId}/items': {
      get: {
        summary: 'A page of features',
        operationId: 'getFeatures',
        parameters: [ref('collectionId'), ...itemsParameters],
        responses: { '200': json('GeoJSON', 'application/geo+json'), ...errors },
      },
    },
    '/collections/{collectionId}/items/{featureId}': {
      get: {
        summary: 'One feature',
        operationId: 'getFeature',
        parameters: [ref('collectionId'), ref('featureId'), ref('crs')],
        responses: { '200': json('GeoJSON', 'application/geo+json'), ...errors },
      },
    },
  };
  // Each collection's items with its queryables as parameters (Part 3, queryables as query parameters).
  for (const collection of collections) {
    const queryables = queryableProperties(collection).map((property) => ({
      name: property.name,
      in: 'query',
      required: false,
      style: 'form',
      explode: false,
      description: property.title,
      schema: QUERYABLE_SCHEMAS[property.kind],
    }));
    const temporal = temporalProperty(collection);
    paths[`/collections/${collection.id}/items`] = {
      get: {
        summary: `${collection.title}: a page of features`,
        description: temporal
          ? `datetime filters on ${temporal.name}`
          : 'This collection has no date property: datetime is refused',
        operationId: `getFeatures.${collection.id}`,
        parameters: [...itemsParameters, ...queryables],
        responses: { '200': json('GeoJSON', 'application/geo+json'), ...errors },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title,
      version: '1.0.0',
      description: 'OGC API Features (Parts 1, 2 and 3) and Tiles, read-only',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
        basic: { type: 'http', scheme: 'basic', description: 'Any user name, the key as the password' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      parameters: {
        collectionId: { name: 'collectionId', in: 'path', required: true, schema: { type: 'string' } },
        featureId: { name: 'featureId', in: 'path', required: true, schema: { type: 'string' } },
        limit: {
          name: 'limit',
          in: 'query',
          description: `How many features a page holds (more than ${limits.maximum} is served as ${limits.maximum})`,
          required: false,
          style: 'form',
          explode: false,
          schema: { type: 'integer', minimum: 1, maximum: limits.maximum, default: limits.default },
        },
        bbox: {
          name: 'bbox',
          in: 'query',
          required: false,
          style: 'form',
          explode: false,
          schema: { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } },
        },
        'bbox-crs': {
          name: 'bbox-crs',
          in: 'query',
          required: false,
          schema: { type: 'string', format: 'uri' },
        },
        crs: { name: 'crs', in: 'query', required: false, schema: { type: 'string', format: 'uri' } },
        datetime: {
          name: 'datetime',
          in: 'query',
          description:
            'A date or an interval (start/end, .. for an open end) on the collection’s first date property',
          required: false,
          style: 'form',
          explode: false,
          schema: { type: 'string' },
        },
        filter: {
          name: 'filter',
          in: 'query',
          description: 'A CQL2 text filter on the queryables',
          required: false,
          schema: { type: 'string' },
        },
        'filter-lang': {
          name: 'filter-lang',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: ['cql2-text'], default: 'cql2-text' },
        },
        after: {
          name: 'after',
          in: 'query',
          description: 'The next link’s cursor (the previous page’s last id)',
          required: false,
          schema: { type: 'string' },
        },
      },
    },
    security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }, { basic: [] }, { bearer: [] }],
    paths,
  };
}
