import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, jobStatusSchema, notificationMessages } from '@planning/shared';
import { forbidden } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const staff = { access: [{ unit: 'placemaker', action: 'read' }] } as const;
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
};
