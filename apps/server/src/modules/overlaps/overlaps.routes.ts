import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  layerMapMessages,
  OVERLAPS_JOB_KIND,
  overlapMessages,
  overlapsJobPayloadSchema,
  siteOverlapsSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { notFound } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { requireLiveSite } from '../sites/site-record.service';
import { computeLayerOverlaps, siteOverlaps } from './overlaps.service';
import { errorResponses } from '../../lib/route-helpers';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['overlaps'];

/** Issue 13 point 5: how much of each site each constraint layer covers. */
export const overlapsRoutes: FastifyPluginAsyncZod = async (app) => {
  // One layer, or every layer of the council, against every live site; a layer at a time, each
  // in its own transaction, so progress shows and a failure leaves the other layers' rows current.
  app.jobs.define(OVERLAPS_JOB_KIND, {
    payload: overlapsJobPayloadSchema,
    handler: async ({ job, payload, inTenant, progress, signal }) => {
      const layers = await inTenant((trx) => {
        let query = trx.selectFrom('layers').select('id').orderBy('id');
        if (payload.layerId) query = query.where('id', '=', payload.layerId);
        return query.execute();
      });
      let rows = 0;
      for (const [index, layer] of layers.entries()) {
        signal.throwIfAborted();
        await progress(index, layers.length);
        rows += await inTenant((trx) => computeLayerOverlaps(trx, job.tenantId, layer.id));
      }
      await progress(layers.length, layers.length);
      return { layers: layers.length, overlaps: rows };
    },
  });

  app.get(
    '/site/:id/intersected-layers',
    {
      config: { access: [{ unit: 'sites', action: 'read' }] },
      schema: {
        tags,
        summary: 'The layers a site meets, with the share of the site each covers (most first)',
        params: z.object({ id: z.string().regex(/^\d{1,18}$/, 'A site id is a number') }),
        response: { 200: siteOverlapsSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return withTenant(app.database.db, tenantId, async (trx) => {
        await requireLiveSite(trx, request.params.id);
        return { layers: await siteOverlaps(trx, request.params.id) };
      });
    },
  );

  app.post(
    '/layers/:id/overlaps',
    {
      // Recalculating is an administrator's task on the council's layers.
      config: { access: [{ unit: 'placemaker', action: 'write' }] },
      schema: {
        tags,
        summary: "Works out every site's overlap with the layer again, in the background",
        params: z.object({ id: z.string().uuid() }),
        response: { 202: z.object({ jobId: z.string(), notificationId: z.string().nullable() }), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = requireAuth(request);
      const queued = await withTenant(app.database.db, tenantId, async (trx) => {
        const layer = await trx
          .selectFrom('layers')
          .select('id')
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!layer) throw notFound(layerMapMessages.notFound);
        return app.jobs.enqueue(trx, {
          tenantId,
          userId,
          kind: OVERLAPS_JOB_KIND,
          payload: { layerId: layer.id },
          notify: { label: overlapMessages.notificationLabel },
        });
      });
      return reply.status(202).send(queued);
    },
  );
};
