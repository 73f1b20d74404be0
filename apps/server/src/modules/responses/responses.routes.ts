import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import {
  responseListQuerySchema,
  responseListSchema,
  responseManagerMessages,
  responseSchema,
  upsertResponsesBodySchema,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { notFound } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { isFlagOn } from '../tenants/tenants.queries';
import { listResponses, setDeleted, upsertResponses } from './responses.service';

const tags = ['consultations'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.uuid('A response id') });

/** Spec 02 §6: consultation staff routes need a consultations grant. */
const consultationsGrant = (action: 'read' | 'write' | 'delete') =>
  ({ access: [{ unit: 'consultations', action }] }) as const;

/**
 * Runs work in the signed-in user's council once the consultations pages flag is known to be on
 * (off: 404, as if the responses were not there).
 */
function inConsultations<T>(request: FastifyRequest, work: (trx: Transaction<Database>) => Promise<T>) {
  return withTenant(request.server.database.db, requireAuth(request).tenantId, async (trx) => {
    if (!(await isFlagOn(trx, 'consultationsPages')))
      throw notFound(responseManagerMessages.consultationsOff);
    return work(trx);
  });
}

/**
 * Spec 02 §2 /consultations/response-manager and §7 Responses: a representation's (or a
 * sub-representation's) responses, the templates, the upsert, soft delete and restore.
 */
export const responsesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consultations/responses',
    {
      config: consultationsGrant('read'),
      schema: {
        tags,
        summary:
          "A representation's or sub-representation's responses in the order written, or the templates (templates=true) and searches, the latest first",
        querystring: responseListQuerySchema,
        response: { 200: responseListSchema, ...errors },
      },
    },
    async (request) => ({
      responses: await inConsultations(request, (trx) => listResponses(trx, request.query)),
    }),
  );

  app.put(
    '/consultations/responses',
    {
      config: consultationsGrant('write'),
      schema: {
        tags,
        summary:
          "Saves a list of responses for one representation or sub-representation (with an id: changed; without: added); moves it to 'Response drafted'",
        body: upsertResponsesBodySchema,
        response: { 200: responseListSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      return {
        responses: await inConsultations(request, (trx) =>
          upsertResponses(trx, { tenantId, userId }, request.body),
        ),
      };
    },
  );

  app.delete(
    '/consultations/responses/:id',
    {
      config: consultationsGrant('delete'),
      schema: {
        tags,
        summary: 'Deletes a response (kept, and restorable)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = requireAuth(request);
      await inConsultations(request, (trx) => setDeleted(trx, { tenantId, userId }, request.params.id, true));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/consultations/responses/:id/restore',
    {
      config: consultationsGrant('delete'),
      schema: {
        tags,
        summary: 'Restores a deleted response',
        params: idParams,
        response: { 200: responseSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      return inConsultations(request, (trx) =>
        setDeleted(trx, { tenantId, userId }, request.params.id, false),
      );
    },
  );
};
