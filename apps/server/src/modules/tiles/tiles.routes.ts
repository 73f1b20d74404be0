import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

// A tile number as the map writes it: plain decimal digits, no sign, space or leading zero.
const PLAIN_NUMBER = /^(?:0|[1-9]\d{0,9})$/;

/**
 * The map's own tile requests, checked without zod (bench:tiles: zod's coerce and refine were
 * ~10 µs of a cached tile's ~400 here). Only the plain form is taken this way, and only when
 * zod would take it too; anything else (a sign, a leading zero, an exponent, a tile outside
 * the world) goes to the zod schema, which answers it exactly as before.
 */
function plainTileParams(params: unknown): { z: number; x: number; y: number } | null {
  const { z, x, y } = params as Record<string, unknown>;
  if (typeof z !== 'string' || typeof x !== 'string' || typeof y !== 'string') return null;
  if (!PLAIN_NUMBER.test(z) || !PLAIN_NUMBER.test(x) || !PLAIN_NUMBER.test(y)) return null;
  const tile = { z: Number(z), x: Number(x), y: Number(y) };
  const side = 2 ** tile.z;
  return tile.z <= SITE_TILE.maxZoom && tile.x < side && tile.y < side ? tile : null;
}

/** zod's validator, after a fast path for the plain tile and for a query string with nothing in it. */
function tileValidatorCompiler<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  const byZod = validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
  if (route.httpPart === 'params')
    return (data) => {
      const tile = plainTileParams(data);
      return tile ? { value: tile } : byZod(data);
    };
  if (route.httpPart === 'querystring')
    // zod keeps only the keys it knows (none here), so an empty query is passed on as it is.
    return (data) => (Object.keys(data as object).length === 0 ? { value: {} } : byZod(data));
  return byZod;
}

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
        validatorCompiler: tileValidatorCompiler,
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
