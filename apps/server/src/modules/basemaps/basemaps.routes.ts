import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { baseMapLayers, baseMapsConfigSchema, errorBodySchema } from '@planning/shared';
import { HttpError, notFound } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { findTenantRow } from '../tenants/tenants.queries';

export const basemapMessages = {
  notConfigured: 'This base map is not set up for your council',
  providerFailed: 'The map provider did not answer',
} as const;

const MAX_TILE_BYTES = 5 * 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;

const params = z
  .object({
    layer: z.enum(baseMapLayers),
    z: z.coerce.number().int().min(0).max(23),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, 'The tile is outside the world');

/**
 * Spec 03 §7.3 map providers (OS, satellite, terrain) through our server: the council's tile
 * address and key stay here, the browser asks us. Only z, x and y, checked as numbers, ever go
 * into the address the council's administrator set.
 */
export const basemapsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/basemaps/:layer/:z/:x/:y',
    {
      // Fetched by the map library: a revoked session is refused without using up its one notice.
      config: { access: [{ unit: 'placemaker', action: 'read' }], reportsSessionEnd: false },
      schema: {
        tags: ['maps'],
        summary: "A tile of one of the council's base maps (OS, satellite imagery, terrain)",
        params,
        response: {
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { layer, z: zoom, x, y } = request.params;
      const tenant = await findTenantRow(app.database.db, requireAuth(request).tenantId);
      const config = baseMapsConfigSchema.safeParse(tenant?.base_maps ?? {});
      const source = config.success ? config.data[layer] : undefined;
      if (!source) throw notFound(basemapMessages.notConfigured);
      const url = source.tiles
        .replace('{z}', String(zoom))
        .replace('{x}', String(x))
        .replace('{y}', String(y));

      let upstream: Response;
      try {
        upstream = await fetch(url, { signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS), redirect: 'error' });
      } catch (error) {
        request.log.warn({ err: error, layer }, 'base map provider unreachable');
        throw new HttpError(502, basemapMessages.providerFailed);
      }
      if (upstream.status === 404 || upstream.status === 204) return sendTile(reply, null, '');
      const type = upstream.headers.get('content-type') ?? '';
      const body = Buffer.from(await upstream.arrayBuffer());
      if (
        !upstream.ok ||
        !/^(image\/|application\/(x-protobuf|vnd\.mapbox-vector-tile))/.test(type) ||
        body.length > MAX_TILE_BYTES
      ) {
        request.log.warn({ status: upstream.status, type, layer }, 'base map provider answered badly');
        throw new HttpError(502, basemapMessages.providerFailed);
      }
      return sendTile(reply, body, type);
    },
  );
};

/** A tile as the provider sent it, or 204 where it has none (outside its coverage). */
function sendTile(reply: FastifyReply, body: Buffer | null, type: string) {
  // Imagery changes rarely; the council's staff may keep it for a day.
  reply.header('Cache-Control', 'private, max-age=86400');
  if (!body) return reply.status(204).send();
  return reply.type(type).send(body);
}
