import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, healthSchema } from '@planning/shared';

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
      try {
        await sql`select 1`.execute(app.database.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ message: 'Database is unreachable' });
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
