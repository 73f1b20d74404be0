import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, serverMessages, SITE_TILE, tileSearchSchema } from '@planning/shared';
import { badRequest } from '../../lib/errors';
import { checkInput } from '../../lib/input-guard';
import { requireAuth } from '../../lib/request-context';
import { sendTile, serveSiteTile } from './tiles.service';

const tileParams = z
  .object({
    z: z.coerce.number().int().min(0).max(SITE_TILE.maxZoom),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, 'The tile is outside the world');

// Spec 03 §7.3: filters as repeated JSON `filters[]`, or one JSON `searchParams`.
const tileQuery = z.object({
  'filters[]': z.union([z.string(), z.array(z.string())]).optional(),
  searchParams: z.string().max(200_000).optional(),
  scenario: z.string().min(1).max(100).optional(),
});

function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(serverMessages.payloadInvalid, [
      { path: 'querystring', message: 'Filters must be JSON' },
    ]);
  }
  // JSON escapes (\u0000, \ud800) and nesting the request's own check could not see in the text.
  checkInput(value, 'querystring');
  return value;
}

/** The search a tile request carries, validated by the same schema as the search itself. */
function searchOfQuery(query: z.infer<typeof tileQuery>) {
  const raw = query['filters[]'];
  // The map's usual tile: nothing to parse or check.
  if (raw === undefined && query.searchParams === undefined) return { filters: [], scenario: query.scenario };
  const search = query.searchParams
    ? parseJson(query.searchParams)
    : { filters: (Array.isArray(raw) ? raw : raw ? [raw] : []).map(parseJson), scenario: query.scenario };
  const parsed = tileSearchSchema.safeParse(Array.isArray(search) ? { filters: search } : search);
  if (!parsed.success) {
    throw badRequest(
      serverMessages.payloadInvalid,
      parsed.error.issues.map((issue) => ({
        path: ['querystring', ...issue.path].join('.'),
        message: issue.message,
      })),
    );
  }
  return { filters: parsed.data.filters, scenario: parsed.data.scenario ?? query.scenario };
}

const tileResponses = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const tilesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const layer of ['sites', 'cut-sites'] as const) {
    app.get(
      `/vector-tiles/${layer}/:z/:x/:y`,
      {
        // A personal API key reads the tiles too (GIS clients; issue 25 point 4).
        config: { apiKey: true, access: [{ unit: 'sites', action: 'read' }], reportsSessionEnd: false },
        // sendTile compresses, from copies kept with the cached tile.
        compress: false,
        schema: {
          tags: ['tiles'],
          summary: `Mapbox vector tile of the ${layer === 'sites' ? 'sites' : 'cut sites'} a search matches (layer "sites", extent 4096); 204 when empty`,
          params: tileParams,
          querystring: tileQuery,
          response: tileResponses,
        },
      },
      async (request, reply) => {
        const { filters, scenario } = searchOfQuery(request.query);
        const tile = await serveSiteTile(
          app.database,
          requireAuth(request).tenantId,
          { ...request.params, layer, filters, scenario },
          { version: request.siteDataVersion ?? undefined },
        );
        return sendTile(request, reply, tile);
      },
    );

    // Spec 01 §7: "with search filters posted", for filter sets too long for an address.
    app.post(
      `/vector-tiles/${layer}/:z/:x/:y`,
      {
        config: { access: [{ unit: 'sites', action: 'read' }] },
        compress: false,
        schema: {
          tags: ['tiles'],
          summary: `The same ${layer} tile with the search in the body`,
          params: tileParams,
          body: tileSearchSchema,
          response: tileResponses,
        },
      },
      async (request, reply) => {
        const tile = await serveSiteTile(
          app.database,
          requireAuth(request).tenantId,
          { ...request.params, layer, filters: request.body.filters, scenario: request.body.scenario },
          { version: request.siteDataVersion ?? undefined },
        );
        return sendTile(request, reply, tile);
      },
    );
  }
};
