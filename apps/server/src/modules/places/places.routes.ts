import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { placeSearchMessages as M, placeSearchQuerySchema, placeSearchResultSchema } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { badRequest } from '../../lib/errors';
import { TooManyRequestsError } from '../../lib/rate-limit';
import { requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { searchPlaces } from './places.service';

const tags = ['places'];
const open = { public: true } as const;
/**
 * Searches per address and minute, per server process. The map's box asks once typing pauses
 * (about 3 to 6 times for a town's name); a cheap query, so a memory counter is enough, as for
 * a document's reading statistics.
 */
const SEARCHES_PER_MINUTE = 120;

/**
 * Issue 27 point 2: place search for the call-for-sites map, with no sign-in (the council is the
 * request's own): towns and villages around the council, and its own named and postcode layers.
 */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = new RateLimiterMemory({ points: SEARCHES_PER_MINUTE, duration: 60 });

  app.get(
    '/public/places',
    {
      config: open,
      // The query's own words (too short, too long) are the answer's message, not a generic one.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Places and postcodes in and around the council’s area by name (no sign-in)',
        querystring: placeSearchQuerySchema,
        response: { 200: placeSearchResultSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const parsed = placeSearchQuerySchema.safeParse(request.query);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? M.tooShort;
        throw badRequest(message, [{ path: 'querystring.q', message }]);
      }
      try {
        await limiter.consume(request.ip);
      } catch (refusal) {
        const wait = (refusal as { msBeforeNext?: number }).msBeforeNext ?? 60_000;
        throw new TooManyRequestsError(Math.max(1, Math.ceil(wait / 1000)));
      }
      const tenantId = requireTenant(request).id;
      const places = await withTenant(app.database.db, tenantId, (trx) =>
        searchPlaces(trx, tenantId, parsed.data.q),
      );
      return { places };
    },
  );
};
