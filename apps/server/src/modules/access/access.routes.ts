import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessAnswerSchema, accessQuerySchema, errorBodySchema, hasGrants } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth } from '../../lib/request-context';
import { endSessionsOf } from '../admin-users/admin-users.service';
import { grantsOf } from './access.guard';

export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/policy/access',
    {
      schema: {
        tags: ['access'],
        summary: 'Whether the signed-in user may take an action on a unit',
        querystring: accessQuerySchema,
        response: { 200: accessAnswerSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const { resource, action } = request.query;
      const permitted = hasGrants(await grantsOf(request), [{ unit: resource, action }]);
      return { resource, action, permitted };
    },
  );

  app.delete(
    '/access/users/:userId/sessions',
    {
      config: {
        access: [
          { unit: 'authorisation', action: 'write' },
          { unit: 'authorisation', action: 'delete' },
        ],
      },
      schema: {
        tags: ['access'],
        summary: "End every session of a user of this council (an administrator's action)",
        params: z.object({ userId: z.uuid() }),
        response: { 200: z.object({ ended: z.number().int() }), 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const grants = await grantsOf(request);
      // The same audited change as DELETE /admin/users/:id/sessions (issue 16).
      const ended = await withTenant(app.database.db, auth.tenantId, (trx) =>
        endSessionsOf(trx, auth.tenantId, { request, userId: auth.userId, grants }, request.params.userId),
      );
      return { ended };
    },
  );
};
