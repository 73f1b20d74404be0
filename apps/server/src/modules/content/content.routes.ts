import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { configResponseSchema, configTypeSchema, errorBodySchema } from '@planning/shared';
import { requireAuth } from '../../lib/request-context';
import { getConfig } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec 03 §7.2: configs by type with a tenant-only setting (site search, site card).
  app.get(
    '/configs/:type',
    {
      config: { access: [{ unit: 'sites', action: 'read' }] },
      schema: {
        tags: ['content'],
        summary: "The council's configuration document of a type",
        params: z.object({ type: configTypeSchema }),
        response: {
          200: configResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => getConfig(app.database.db, requireAuth(request).tenantId, request.params.type),
  );
};
