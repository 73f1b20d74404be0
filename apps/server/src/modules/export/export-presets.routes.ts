import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { exportPresetsSchema } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';

const METADATA_KEY = 'data-export-presets';
const errors = errorResponses(400, 401, 403);
const read = { access: [{ unit: 'sites', action: 'read' }] } as const;

/**
 * The user's data export presets (spec 01 §3 "data export presets"), kept in their account's
 * metadata like the site page layout, so they follow the user from one browser to another.
 */
export const exportPresetsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/export-presets',
    {
      config: read,
      schema: {
        tags: ['user'],
        summary: "The signed-in user's data export presets",
        response: { 200: exportPresetsSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const row = await withTenant(app.database.db, tenantId, (trx) =>
        trx
          .selectFrom('users')
          .select(sql<unknown>`meta -> ${METADATA_KEY}::text`.as('presets'))
          .where('id', '=', userId)
          .executeTakeFirst(),
      );
      // Presets saved by an older shape of the page are dropped rather than half-applied.
      const parsed = exportPresetsSchema.safeParse({ presets: row?.presets ?? [] });
      return parsed.success ? parsed.data : { presets: [] };
    },
  );

  app.put(
    '/user/export-presets',
    {
      config: read,
      schema: {
        tags: ['user'],
        summary: "Replaces the user's data export presets",
        body: exportPresetsSchema,
        response: { 200: exportPresetsSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const { presets } = request.body;
      await withTenant(app.database.db, tenantId, (trx) =>
        sql`update users set meta = jsonb_set(meta, array[${METADATA_KEY}::text], ${JSON.stringify(presets)}::jsonb)
          where id = ${userId}`.execute(trx),
      );
      return { presets };
    },
  );
};
