import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { siteLayoutAnswerSchema, siteLayoutsSchema } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';

const METADATA_KEY = 'site-details-layout';
const errors = errorResponses(400, 401, 403);
const read = { access: [{ unit: 'sites', action: 'read' }] } as const;

/** Spec 01 §7 "/user ... site-details-layout": the site page's layout follows the user. */
export const userMetadataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/site-details-layout',
    {
      config: read,
      schema: {
        tags: ['user'],
        summary: "The signed-in user's saved site page layout (null: the defaults)",
        response: { 200: siteLayoutAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const row = await withTenant(app.database.db, tenantId, (trx) =>
        trx
          .selectFrom('users')
          .select(sql<unknown>`meta -> ${METADATA_KEY}::text`.as('layouts'))
          .where('id', '=', userId)
          .executeTakeFirst(),
      );
      // A saved layout from an older shape of the page is dropped rather than half-applied.
      const parsed = siteLayoutsSchema.safeParse(row?.layouts);
      return { layouts: parsed.success ? parsed.data : null };
    },
  );

  app.put(
    '/user/site-details-layout',
    {
      config: read,
      schema: {
        tags: ['user'],
        summary: 'Saves the site page layout (null puts the defaults back)',
        body: siteLayoutAnswerSchema,
        response: { 200: siteLayoutAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const { layouts } = request.body;
      await withTenant(app.database.db, tenantId, (trx) =>
        layouts === null
          ? sql`update users set meta = meta - ${METADATA_KEY}::text where id = ${userId}`.execute(trx)
          : sql`update users set meta = jsonb_set(meta, array[${METADATA_KEY}::text], ${JSON.stringify(layouts)}::jsonb)
              where id = ${userId}`.execute(trx),
      );
      return { layouts };
    },
  );
};
