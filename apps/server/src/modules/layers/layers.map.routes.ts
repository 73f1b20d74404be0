import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LAYER_TILE,
  layerExtentSchema,
  layerFeatureQuerySchema,
  layerFeatureSchema,
  layerSearchQuerySchema,
  layerSearchResultSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth } from '../../lib/request-context';
import { sendTile } from '../tiles/tiles.service';
import { layerExtent, readLayerFeature, searchLayerFeatures } from './layers.features';
import { serveLayerTile } from './layers.tiles';
import { errorResponses } from '../../lib/route-helpers';

const errors = errorResponses(400, 401, 403, 404);
// Layers are drawn on the staff maps beside the sites (spec 01 §6: read on sites).
const read = { access: [{ unit: 'sites', action: 'read' }] } as const;
const tags = ['layers'];
const layerParams = z.object({ id: z.string().uuid() });
const featureParams = z.object({ id: z.string().uuid(), featureId: z.string().regex(/^\d{1,18}$/) });
const tileParams = z
  .object({
    id: z.string().uuid(),
    z: z.coerce.number().int().min(0).max(LAYER_TILE.maxZoom),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, 'The tile is outside the world');

/** Issue 13 point 3: a layer on the map — its tiles, a feature's data, search and extent. */
export const layersMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/layers/:id/tiles/:z/:x/:y',
    {
      config: { ...read, reportsSessionEnd: false },
      schema: {
        tags,
        summary: 'A Mapbox vector tile of the layer (one layer named after it), cached by the layer version',
        params: tileParams,
        response: { 200: z.unknown().describe('The tile'), 204: z.null(), 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const { id, z: zoom, x, y } = request.params;
      const tile = await serveLayerTile(app.database, tenantId, { layerId: id, z: zoom, x, y });
      return sendTile(request, reply, tile);
    },
  );

  app.get(
    '/layers/:id/features/:featureId',
    {
      config: read,
      schema: {
        tags,
        summary: "One feature's data (only the fields named in ?fields=a,b when given) and its bounding box",
        params: featureParams,
        querystring: layerFeatureQuerySchema,
        response: { 200: layerFeatureSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const fields = request.query.fields
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      return withTenant(app.database.db, tenantId, (trx) =>
        readLayerFeature(trx, request.params.id, request.params.featureId, fields),
      );
    },
  );

  app.get(
    '/layers/:id/search',
    {
      config: read,
      schema: {
        tags,
        summary: 'Features whose attributes contain the term',
        params: layerParams,
        querystring: layerSearchQuerySchema,
        response: { 200: layerSearchResultSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return withTenant(app.database.db, tenantId, (trx) =>
        searchLayerFeatures(trx, request.params.id, request.query.q, request.query.limit),
      );
    },
  );

  app.get(
    '/layers/:id/extent',
    {
      config: read,
      schema: {
        tags,
        summary: "The layer's extent (WGS84) and feature count",
        params: layerParams,
        response: { 200: layerExtentSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return withTenant(app.database.db, tenantId, (trx) => layerExtent(trx, request.params.id));
    },
  );
};
