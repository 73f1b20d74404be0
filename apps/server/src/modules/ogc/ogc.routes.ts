import { constants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../db/tenant-transaction';
import { notFound } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { sendTile } from '../tiles/tiles.service';
import {
  collectionBbox,
  findCollection,
  ITEMS_PARAMETERS,
  listCollections,
  queryablesSchema,
  type OgcCollection,
} from './ogc.features';
import { ogcApiDocument } from './ogc.api';
import { CQL2_MAX_LENGTH } from './ogc.cql2';
import { featureOf, parseBbox, parseDatetime, readItem, readItems } from './ogc.items';
import {
  CONFORMANCE,
  CRS84,
  EPSG_27700,
  GEOJSON,
  JSON_TYPE,
  linkTo,
  MVT,
  ogcBase,
  OPENAPI,
  queryOf,
  QUERYABLES_REL,
  SCHEMA_JSON,
  SUPPORTED_CRS,
  type Link,
  type SupportedCrs,
} from './ogc.links';
import {
  serveCollectionTile,
  TILES_MAX_ZOOM,
  WEB_MERCATOR_QUAD,
  WEB_MERCATOR_QUAD_URI,
  webMercatorQuad,
} from './ogc.tiles';
import { errorResponses } from '../../lib/route-helpers';
import { compressionOptions } from '../../lib/response-policy';

/*
 * OGC API Features (Part 1 core, GeoJSON, OpenAPI 3.0; Part 2 CRS) and Tiles (vector tiles per
 * collection), read-only, for QGIS and GDAL (issue 13 point 6). Every route takes a session or a
 * personal API key (`apiKey: true`, header X-API-Key or ?api_key=) and needs read on sites.
 */

export const ITEMS_DEFAULT_LIMIT = 100;
export const ITEMS_MAX_LIMIT = 10_000;

const read = { apiKey: true, keyChallenge: true, access: [{ unit: 'sites', action: 'read' }] } as const;

/**
 * The challenge every 401 here carries: QGIS and GDAL then offer their stored credentials (the
 * key as a Basic password). Only the OGC routes send it: a browser would show a password prompt.
 */
export const KEY_CHALLENGE = 'Basic realm="Planning platform API key", charset="UTF-8"';
const tags = ['ogc'];
const errors = errorResponses(400, 401, 403, 404);

const linkSchema = z.object({
  href: z.string(),
  rel: z.string(),
  type: z.string().optional(),
  title: z.string().optional(),
  templated: z.boolean().optional(),
});
const document = (shape: z.ZodRawShape) => z.object({ links: z.array(linkSchema), ...shape }).passthrough();

/** Accepted on every /ogc route: the key, and the format (JSON is the only one). */
const commonQuery = {
  api_key: z.string().max(200).optional(),
  f: z.enum(['json', 'geojson']).optional(),
};
const simpleQuery = z.object(commonQuery);
const crsSchema = z.enum(SUPPORTED_CRS, { message: `crs is one of ${SUPPORTED_CRS.join(', ')}` });
const itemsQuery = z
  .object({
    ...commonQuery,
    // Part 1: a limit above the maximum is served as the maximum, not refused.
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .default(ITEMS_DEFAULT_LIMIT)
      .transform((limit) => Math.min(limit, ITEMS_MAX_LIMIT)),
    offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
    // The next link's cursor: the id of the previous page's last feature.
    after: z
      .string()
      .regex(/^\d{1,15}$/, 'after is the id the next link gives')
      .optional(),
    bbox: z.string().max(200).optional(),
    'bbox-crs': crsSchema.optional(),
    crs: crsSchema.optional(),
    // On the collection's first date property (400 when it has none).
    datetime: z.string().max(100).optional(),
    filter: z.string().max(CQL2_MAX_LENGTH).optional(),
    'filter-lang': z.enum(['cql2-text'], { message: 'filter-lang is cql2-text' }).optional(),
    'filter-crs': crsSchema.optional(),
  })
  // Any other parameter filters on a property of the collection (checked against its fields).
  .catchall(z.string().max(500));
const itemQuery = z.object({ ...commonQuery, crs: crsSchema.optional() });

const collectionParams = z.object({ collectionId: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/) });
const itemParams = collectionParams.extend({ featureId: z.string().regex(/^\d{1,15}$/) });
const tileParams = collectionParams
  .extend({
    tileMatrix: z.coerce.number().int().min(0).max(TILES_MAX_ZOOM),
    tileRow: z.coerce.number().int().min(0),
    tileCol: z.coerce.number().int().min(0),
  })
  .refine(
    (tile) => tile.tileRow < 2 ** tile.tileMatrix && tile.tileCol < 2 ** tile.tileMatrix,
    'The tile is outside the tile matrix',
  );

const crsHeader = (crs: SupportedCrs) => `<${crs}>`;

async function collectionOr404(request: FastifyRequest, id: string): Promise<OgcCollection> {
  const { tenantId } = requireAuth(request);
  const collection = await withTenant(request.server.database.db, tenantId, (trx) => findCollection(trx, id));
  if (!collection) throw notFound('Collection not found');
  return collection;
}

function collectionDocument(
  request: FastifyRequest,
  collection: OgcCollection,
  bbox: [number, number, number, number] | null,
) {
  const base = `/collections/${collection.id}`;
  const links: Link[] = [
    { href: linkTo(request, base), rel: 'self', type: JSON_TYPE, title: collection.title },
    {
      href: linkTo(request, `${base}/items`),
      rel: 'items',
      type: GEOJSON,
      title: `${collection.title} (features)`,
    },
    {
      href: linkTo(request, `${base}/queryables`),
      rel: QUERYABLES_REL,
      type: SCHEMA_JSON,
      title: `${collection.title} (queryables)`,
    },
    {
      href: linkTo(request, `${base}/tiles`),
      rel: 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector',
      type: JSON_TYPE,
      title: `${collection.title} (vector tiles)`,
    },
  ];
  return {
    id: collection.id,
    title: collection.title,
    description: collection.description,
    itemType: 'feature',
    crs: [...SUPPORTED_CRS],
    storageCrs: EPSG_27700,
    ...(bbox ? { extent: { spatial: { bbox: [bbox], crs: CRS84 } } } : {}),
    links,
  };
}

function sendJson(reply: FastifyReply, type: string, body: string, crs?: SupportedCrs) {
  if (crs) reply.header('Content-Crs', crsHeader(crs));
  return reply.type(type).send(body);
}

export const ogcRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 401 && !reply.hasHeader('www-authenticate'))
      reply.header('www-authenticate', KEY_CHALLENGE);
  });

  app.get(
    '/ogc',
    {
      config: read,
      schema: {
        tags,
        summary: 'OGC API landing page',
        querystring: simpleQuery,
        response: { 200: document({ title: z.string(), description: z.string() }), ...errors },
      },
    },
    async (request) => ({
      title: `Planning platform: ${request.tenant?.name ?? ''}`,
      description: 'The council’s sites and geodata layers as OGC API Features and Tiles (read-only)',
      links: [
        { href: linkTo(request, ''), rel: 'self', type: JSON_TYPE, title: 'This document' },
        { href: linkTo(request, '/api'), rel: 'service-desc', type: OPENAPI, title: 'The API definition' },
        { href: linkTo(request, '/conformance'), rel: 'conformance', type: JSON_TYPE, title: 'Conformance' },
        { href: linkTo(request, '/collections'), rel: 'data', type: JSON_TYPE, title: 'Collections' },
        {
          href: linkTo(request, '/tileMatrixSets'),
          rel: 'http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes',
          type: JSON_TYPE,
          title: 'Tiling schemes',
        },
      ],
    }),
  );

  app.get(
    '/ogc/api',
    {
      config: read,
      schema: {
        tags,
        summary: 'The OGC API’s OpenAPI 3.0 document (limit’s bounds, each collection’s queryables)',
        querystring: simpleQuery,
        response: { 200: z.object({ openapi: z.string() }).passthrough(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const collections = await withTenant(app.database.db, tenantId, (trx) => listCollections(trx));
      const description = ogcApiDocument(
        ogcBase(request),
        `Planning platform: ${request.tenant?.name ?? ''}`,
        { default: ITEMS_DEFAULT_LIMIT, maximum: ITEMS_MAX_LIMIT },
        collections,
      );
      // The type as written (with its charset given, Fastify would quote "3.0", which GDAL refuses).
      return reply.type(`${OPENAPI}; charset=utf-8`).send(description);
    },
  );

  app.get(
    '/ogc/conformance',
    {
      config: read,
      schema: {
        tags,
        summary: 'The OGC conformance classes this API meets',
        querystring: simpleQuery,
        response: { 200: z.object({ conformsTo: z.array(z.string()) }), ...errors },
      },
    },
    async () => ({ conformsTo: [...CONFORMANCE] }),
  );

  app.get(
    '/ogc/collections',
    {
      config: read,
      schema: {
        tags,
        summary: 'The collections: the council’s sites and every layer staff see',
        querystring: simpleQuery,
        response: { 200: document({ collections: z.array(z.object({}).passthrough()) }), ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const collections = await withTenant(app.database.db, tenantId, async (trx) => {
        const all = await listCollections(trx);
        const out = [];
        for (const collection of all) {
          const bbox = await collectionBbox(trx, tenantId, request.siteDataVersion, collection, app.database);
          out.push(collectionDocument(request, collection, bbox));
        }
        return out;
      });
      return {
        links: [
          { href: linkTo(request, '/collections'), rel: 'self', type: JSON_TYPE, title: 'Collections' },
        ],
        crs: [...SUPPORTED_CRS],
        collections,
      };
    },
  );

  app.get(
    '/ogc/collections/:collectionId',
    {
      config: read,
      schema: {
        tags,
        summary: 'One collection',
        params: collectionParams,
        querystring: simpleQuery,
        response: { 200: document({ id: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const collection = await collectionOr404(request, request.params.collectionId);
      const bbox = await withTenant(app.database.db, tenantId, (trx) =>
        collectionBbox(trx, tenantId, request.siteDataVersion, collection, app.database),
      );
      return collectionDocument(request, collection, bbox);
    },
  );

  app.get(
    '/ogc/collections/:collectionId/queryables',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The properties items can be filtered by (OGC API Features Part 3), as a JSON Schema; each is a ?name=value parameter of /items',
        params: collectionParams,
        querystring: simpleQuery,
        response: {
          // Its $schema and $id pass through undeclared: a property named $id here would read as
          // a schema id to the OpenAPI document's reference resolver.
          200: z
            .object({ type: z.literal('object'), properties: z.record(z.string(), z.unknown()) })
            .passthrough(),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const collection = await collectionOr404(request, request.params.collectionId);
      // The schema's id is its address, without any key the request carried.
      const id = `${ogcBase(request)}/collections/${collection.id}/queryables`;
      return reply.type(SCHEMA_JSON).send(queryablesSchema(collection, id));
    },
  );

  app.get(
    '/ogc/collections/:collectionId/items',
    {
      config: read,
      // A page of 1,000 is ~1 MB of GeoJSON: gzip level 6 took ~10 ms of it, level 1 ~3 ms for
      // a few per cent more bytes (brotli likewise at quality 1).
      compress: {
        ...compressionOptions,
        zlibOptions: { level: 1 },
        brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
      },
      schema: {
        tags,
        summary:
          'A page of features (GeoJSON): bbox, bbox-crs, limit (≤ 10,000), crs, datetime, a CQL2 text filter, and ?queryable=value filters (see /queryables); the next link pages on',
        params: collectionParams,
        querystring: itemsQuery,
        response: { 200: z.object({ type: z.literal('FeatureCollection') }).passthrough(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const query = request.query;
      const crs = query.crs ?? CRS84;
      const filters: Record<string, string> = {};
      for (const [name, value] of Object.entries(query)) {
        if (!ITEMS_PARAMETERS.has(name) && typeof value === 'string') filters[name] = value;
      }
      const bbox = query.bbox ? parseBbox(query.bbox, query['bbox-crs'] ?? CRS84) : undefined;
      const datetime = query.datetime ? parseDatetime(query.datetime) : undefined;
      const after = query.after ?? null;
      // The collection and its page in one transaction: GDAL at its defaults asks 2,000 times.
      const { collection, rows, numberMatched, more } = await withTenant(
        app.database.db,
        tenantId,
        async (trx) => {
          const collection = await findCollection(trx, request.params.collectionId);
          if (!collection) throw notFound('Collection not found');
          const page = await readItems(
            trx,
            tenantId,
            collection,
            {
              limit: query.limit,
              after,
              offset: after === null ? query.offset : 0,
              bbox,
              crs,
              filters,
              filter: query.filter,
              datetime,
            },
            { database: app.database, version: request.siteDataVersion },
          );
          return { collection, ...page };
        },
      );
      const path = `/collections/${collection.id}/items`;
      // The page's own query, with the key left to linkTo and the cursor replaced.
      const base = () => {
        const params: Record<string, string> = { ...queryOf(request), limit: String(query.limit) };
        delete params.api_key;
        delete params.after;
        delete params.offset;
        return params;
      };
      const self = base();
      if (query.after) self.after = query.after;
      else if (query.offset > 0) self.offset = String(query.offset);
      const links: Link[] = [
        { href: linkTo(request, path, self), rel: 'self', type: GEOJSON, title: 'This page' },
        { href: linkTo(request, `/collections/${collection.id}`), rel: 'collection', type: JSON_TYPE },
      ];
      const last = rows.at(-1);
      if (more && last)
        links.push({
          href: linkTo(request, path, { ...base(), after: last.id }),
          rel: 'next',
          type: GEOJSON,
          title: 'Next page',
        });
      const head = JSON.stringify({
        type: 'FeatureCollection',
        ...(numberMatched === null ? {} : { numberMatched }),
        numberReturned: rows.length,
        timeStamp: new Date().toISOString(),
        links,
      });
      // The features array goes in last, written feature by feature.
      const body = `${head.slice(0, -1)},"features":[${rows.map(featureOf).join(',')}]}`;
      return sendJson(reply, GEOJSON, body, crs);
    },
  );

  app.get(
    '/ogc/collections/:collectionId/items/:featureId',
    {
      config: read,
      schema: {
        tags,
        summary: 'One feature (GeoJSON)',
        params: itemParams,
        querystring: itemQuery,
        response: { 200: z.object({ type: z.literal('Feature') }).passthrough(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const crs = request.query.crs ?? CRS84;
      const collection = await collectionOr404(request, request.params.collectionId);
      const row = await withTenant(app.database.db, tenantId, (trx) =>
        readItem(trx, tenantId, collection, request.params.featureId, crs),
      );
      if (!row) throw notFound('Feature not found');
      const path = `/collections/${collection.id}/items`;
      const links: Link[] = [
        {
          href: linkTo(request, `${path}/${row.id}`, crs === CRS84 ? {} : { crs }),
          rel: 'self',
          type: GEOJSON,
        },
        { href: linkTo(request, `/collections/${collection.id}`), rel: 'collection', type: JSON_TYPE },
      ];
      const feature = featureOf(row);
      return sendJson(reply, GEOJSON, `${feature.slice(0, -1)},"links":${JSON.stringify(links)}}`, crs);
    },
  );

  app.get(
    '/ogc/tileMatrixSets',
    {
      config: read,
      schema: {
        tags,
        summary: 'The tiling schemes (WebMercatorQuad)',
        querystring: simpleQuery,
        response: { 200: z.object({ tileMatrixSets: z.array(z.object({}).passthrough()) }), ...errors },
      },
    },
    async (request) => ({
      tileMatrixSets: [
        {
          id: WEB_MERCATOR_QUAD,
          title: 'Google Maps Compatible for the World',
          uri: WEB_MERCATOR_QUAD_URI,
          links: [
            { href: linkTo(request, `/tileMatrixSets/${WEB_MERCATOR_QUAD}`), rel: 'self', type: JSON_TYPE },
          ],
        },
      ],
    }),
  );

  app.get(
    `/ogc/tileMatrixSets/${WEB_MERCATOR_QUAD}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The WebMercatorQuad tile matrix set',
        querystring: simpleQuery,
        response: { 200: z.object({ id: z.string() }).passthrough(), ...errors },
      },
    },
    async () => webMercatorQuad(),
  );

  const tilesetOf = (request: FastifyRequest, collection: OgcCollection) => {
    const base = `/collections/${collection.id}/tiles/${WEB_MERCATOR_QUAD}`;
    return {
      title: `${collection.title} (vector tiles)`,
      dataType: 'vector',
      crs: 'http://www.opengis.net/def/crs/EPSG/0/3857',
      tileMatrixSetURI: WEB_MERCATOR_QUAD_URI,
      links: [
        { href: linkTo(request, base), rel: 'self', type: JSON_TYPE },
        {
          href: linkTo(request, `/tileMatrixSets/${WEB_MERCATOR_QUAD}`),
          rel: 'http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme',
          type: JSON_TYPE,
        },
        {
          // The key (when in the address) follows the template's own query.
          href: decodeURI(linkTo(request, `${base}/{tileMatrix}/{tileRow}/{tileCol}`)),
          rel: 'item',
          type: MVT,
          templated: true,
        },
      ],
      layers: [{ id: collection.kind === 'sites' ? 'sites' : collection.layerName, dataType: 'vector' }],
    };
  };

  app.get(
    '/ogc/collections/:collectionId/tiles',
    {
      config: read,
      schema: {
        tags,
        summary: 'The collection’s vector tilesets',
        params: collectionParams,
        querystring: simpleQuery,
        response: { 200: document({ tilesets: z.array(z.object({}).passthrough()) }), ...errors },
      },
    },
    async (request) => {
      const collection = await collectionOr404(request, request.params.collectionId);
      return {
        links: [
          { href: linkTo(request, `/collections/${collection.id}/tiles`), rel: 'self', type: JSON_TYPE },
        ],
        tilesets: [tilesetOf(request, collection)],
      };
    },
  );

  app.get(
    `/ogc/collections/:collectionId/tiles/${WEB_MERCATOR_QUAD}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The collection’s WebMercatorQuad vector tileset',
        params: collectionParams,
        querystring: simpleQuery,
        response: { 200: document({ dataType: z.string() }), ...errors },
      },
    },
    async (request) => tilesetOf(request, await collectionOr404(request, request.params.collectionId)),
  );

  app.get(
    `/ogc/collections/:collectionId/tiles/${WEB_MERCATOR_QUAD}/:tileMatrix/:tileRow/:tileCol`,
    {
      config: { ...read, reportsSessionEnd: false },
      // sendTile compresses, from copies kept with the cached tile.
      compress: false,
      schema: {
        tags,
        summary:
          'A Mapbox vector tile of the collection (y before x, as OGC API Tiles has it); 204 when empty',
        params: tileParams,
        querystring: simpleQuery,
        response: { 200: z.unknown().describe('The tile'), 204: z.null(), 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const { collectionId, tileMatrix, tileRow, tileCol } = request.params;
      const collection = await collectionOr404(request, collectionId);
      const tile = await serveCollectionTile(
        app.database,
        tenantId,
        collection,
        { z: tileMatrix, x: tileCol, y: tileRow },
        request.siteDataVersion,
      );
      return sendTile(request, reply, tile);
    },
  );
};
