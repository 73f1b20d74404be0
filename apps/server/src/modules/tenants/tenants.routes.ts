import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentTenantSchema, errorBodySchema, tenantListSchema, tenantMessages } from '@planning/shared';
import { notFound } from '../../lib/errors';
import { requireTenant } from '../../lib/request-context';
import { getCurrentTenant, listTenants } from './tenants.service';

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tenants',
    {
      // The picker runs before any tenant is known, and shows branding only.
      config: { tenant: false, public: true },
      schema: {
        tags: ['tenants'],
        summary: 'Tenants for the tenant picker (public fields only)',
        response: { 200: tenantListSchema },
      },
    },
    async () => ({ tenants: await listTenants(app.database.db) }),
  );

  app.get(
    '/tenants/current',
    {
      config: { public: true },
      schema: {
        tags: ['tenants'],
        summary: "The resolved tenant's data, feature flags and maintenance state",
        response: { 200: currentTenantSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const current = await getCurrentTenant(app.database.db, requireTenant(request).id);
      if (!current) throw notFound(tenantMessages.notFound);
      // Branding and flags change rarely, but a maintenance switch must reach people quickly.
      reply.header('cache-control', 'no-cache');
      return current;
    },
  );
};
