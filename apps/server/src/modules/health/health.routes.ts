import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, healthSchema } from '@planning/shared';
import { RETRY_AFTER_SECONDS } from '../../lib/errors';

/** A load balancer's check must answer promptly, even while connecting to the database hangs. */
export const HEALTH_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { tenant: false, public: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability, for load balancers',
        response: { 200: healthSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      // A plain timer, cleared after: aborting a timers/promises delay made a DOMException on
      // every check (half of a health check's time, bench/tiles.ts).
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(app.database.db),
          new Promise<never>((_resolve, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)),
              HEALTH_TIMEOUT_MS,
            );
          }),
        ]);
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ message: 'Database is unreachable' });
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
