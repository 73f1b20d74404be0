import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataDictionarySchema,
  errorBodySchema,
  fieldUnits,
  scenarioListSchema,
  siteFieldTypeSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth } from '../../lib/request-context';

const isUnit = (unit: string | null): unit is (typeof fieldUnits)[number] =>
  unit !== null && (fieldUnits as readonly string[]).includes(unit);

export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec 01 §7 "Other": the council's data dictionary, which search filters and cards name.
  app.get(
    '/data-dictionary',
    {
      config: { access: [{ unit: 'sites', action: 'read' }] },
      schema: {
        tags: ['sites'],
        summary: "The council's site fields: type, label, unit, decimals, limits and options",
        response: { 200: dataDictionarySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const rows = await withTenant(app.database.db, requireAuth(request).tenantId, (trx) =>
        trx.selectFrom('site_fields').selectAll().orderBy('position').orderBy('name').execute(),
      );
      return {
        fields: rows.map((row) => ({
          name: row.name,
          label: row.label,
          fieldType: siteFieldTypeSchema.parse(row.field_type),
          unit: isUnit(row.unit) ? row.unit : null,
          decimals: row.decimals,
          min: row.min,
          max: row.max,
          options: Array.isArray(row.options) ? (row.options as string[]) : null,
          filterable: row.filterable,
          sortable: row.sortable,
        })),
      };
    },
  );

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
