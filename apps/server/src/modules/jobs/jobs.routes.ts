import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { featureAccess, jobStatusSchema, notificationMessages } from '@planning/shared';
import { contentDisposition } from '../../lib/content-disposition';
import { forbidden, notFound } from '../../lib/errors';
import { jobFileOf } from './jobs.queue';
import { downloadExpired } from './jobs.retention';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';

const errors = errorResponses(400, 401, 403, 404, 409);
const downloadErrors = errorResponses(400, 401, 403, 404, 409, 410);
// The bell and its jobs belong to the staff screens (spec 01 §6: the site assessment's grant).
const staff = { access: featureAccess.siteAssessmentMenu };
const tags = ['jobs'];
const idParams = z.object({ id: z.string().uuid() });

/** A user's own background jobs: their state and progress, and cancelling one. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'One of your jobs: state, progress and result',
        params: idParams,
        response: { 200: jobStatusSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const job = await app.jobs.read(tenantId, request.params.id);
      if (job.userId !== userId) throw forbidden(notificationMessages.notYours);
      return {
        id: job.id,
        kind: job.kind,
        status: job.status,
        attempts: job.attempts,
        progress: job.progress,
        result: job.result ?? null,
        error: job.error,
      };
    },
  );

  app.post(
    '/jobs/:id/cancel',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Cancels one of your queued or running jobs',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = requireAuth(request);
      await app.jobs.cancel(tenantId, userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/jobs/:id/download',
    {
      config: staff,
      schema: {
        tags,
        summary:
          "The file one of your finished jobs made (an export, say), from the council's exports bucket",
        params: idParams,
        // The file's bytes, streamed (Fastify sends a stream without serialising it).
        // 410 once the file has passed EXPORT_RETENTION_HOURS.
        response: { 200: z.unknown().describe('The file'), ...downloadErrors },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = requireAuth(request);
      const job = await app.jobs.read(tenantId, request.params.id);
      if (job.userId !== userId) throw forbidden(notificationMessages.notYours);
      const file = job.status === 'succeeded' ? jobFileOf(job.result) : null;
      if (!file) throw notFound(notificationMessages.noFile);
      if (app.jobs.isExpired(job)) throw downloadExpired();
      const body = await app.storage.get(tenantId, 'exports', file.key);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
