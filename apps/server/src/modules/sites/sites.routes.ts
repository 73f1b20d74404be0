import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, scenarioListSchema } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth } from '../../lib/request-context';

export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec 01 §2: the site card's scenario select lists the council's scenarios.
  app.get(
    '/scenarios',
    {
      config: { access: [{ unit: 'sites', action: 'read' }] },
      schema: {
        tags: ['sites'],
        summary: "The council's site scenarios, the default first",
        response: { 200: scenarioListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const rows = await withTenant(app.database.db, requireAuth(request).tenantId, (trx) =>
        trx
          .selectFrom('scenarios')
          .select(['name', 'is_default'])
          .orderBy('is_default', 'desc')
          .orderBy('name')
          .execute(),
      );
      return { scenarios: rows.map((row) => ({ name: row.name, isDefault: row.is_default })) };
    },
  );
};
