import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LAYER_TILE,
  layerFeatureQuerySchema,
  layerFeatureSchema,
  layerGroupedSchema,
  layerListSchema,
} from '@planning/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { requireTenant } from '../../lib/request-context';
import { sendTile } from '../tiles/tiles.service';
import { readLayerFeature, requirePublicLayer } from './layers.features';
import { groupedLayers, listLayers } from './layers.service';
import { serveLayerTile } from './layers.tiles';
import { errorResponses } from '../../lib/route-helpers';

const errors = errorResponses(400, 404);
const tags = ['layers'];
// Residents read public consultation documents without signing in (spec 02): their maps show
// the layers the council put on the public web map (spec 03 §6), and nothing else.
const open = { public: true } as const;
const featureParams = z.object({ id: z.string().uuid(), featureId: z.string().regex(/^\d{1,18}$/) });
const tileParams = z
  .object({
    id: z.string().uuid(),
    z: z.coerce.number().int().min(0).max(LAYER_TILE.maxZoom),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, 'The tile is outside the world');

/**
 * The public web map's layers, with no sign-in: the council is the request's own (its host name),
 * and every read is limited to layers with public web map visibility; any other is "not found".
 */
export const layersPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const inCouncil = <T>(request: FastifyRequest, work: (trx: Transaction<Database>) => Promise<T>) =>
    withTenant(app.database.db, requireTenant(request).id, work);

  app.get(
    '/public/layers',
    {
      config: open,
      schema: {
        tags,
        summary: "The council's layers shown on the public web map (no sign-in)",
        response: { 200: layerListSchema, ...errors },
      },
    },
    async (request) => ({ layers: await inCouncil(request, (trx) => listLayers(trx, { set: 'public' })) }),
  );

  app.get(
    '/public/layers/grouped',
    {
      config: open,
      schema: {
        tags,
        summary: 'The public web map’s layer tree: its layers grouped by theme, themes in order (no sign-in)',
        response: { 200: layerGroupedSchema, ...errors },
      },
    },
    async (request) => inCouncil(request, (trx) => groupedLayers(trx, { set: 'public' })),
  );

  app.get(
    '/public/layers/:id/tiles/:z/:x/:y',
    {
      config: open,
      schema: {
        tags,
        summary: 'A vector tile of a layer shown on the public web map (no sign-in; any other layer: 404)',
        params: tileParams,
        response: { 200: z.unknown().describe('The tile'), 204: z.null(), 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, z: zoom, x, y } = request.params;
      const tile = await serveLayerTile(
        app.database,
        requireTenant(request).id,
        { layerId: id, z: zoom, x, y },
        { publicOnly: true },
      );
      return sendTile(request, reply, tile);
    },
  );

  app.get(
    '/public/layers/:id/features/:featureId',
    {
      config: open,
      schema: {
        tags,
        summary: "A feature's data on a layer shown on the public web map (no sign-in; any other layer: 404)",
        params: featureParams,
        querystring: layerFeatureQuerySchema,
        response: { 200: layerFeatureSchema, ...errors },
      },
    },
    async (request) => {
      const fields = request.query.fields
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      return inCouncil(request, async (trx) => {
        await requirePublicLayer(trx, request.params.id);
        return readLayerFeature(trx, request.params.id, request.params.featureId, fields);
      });
    },
  );
};
