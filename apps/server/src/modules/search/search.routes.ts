import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, flexibleSearchRequestSchema, flexibleSearchResponseSchema } from '@planning/shared';
import { requireAuth } from '../../lib/request-context';
import { flexibleSearch } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/search/site/flexible',
    {
      // Spec 01 §6: searching needs read on sites.
      config: { access: [{ unit: 'sites', action: 'read' }] },
      schema: {
        tags: ['search'],
        summary: 'Sites matching a filter list (spec 03 §3.8), one page plus the total',
        body: flexibleSearchRequestSchema,
        response: {
          200: flexibleSearchResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => flexibleSearch(app.database.db, requireAuth(request).tenantId, request.body),
  );
};
