import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  responseListQuerySchema,
  responseListSchema,
  responseSchema,
  upsertResponsesBodySchema,
} from '@planning/shared';
import { errorResponses } from '../../lib/route-helpers';
import { actorOf, consultationGrant, inConsultations } from '../consultations/consultations.access';
import { listResponses, setDeleted, upsertResponses } from './responses.service';

const tags = ['consultations'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.uuid('A response id') });

/**
 * Spec 02 §2 /consultations/response-manager and §7 Responses: a representation's (or a
 * sub-representation's) responses, the templates, the upsert, soft delete and restore.
 */
export const responsesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consultations/responses',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary:
          "A representation's or sub-representation's responses in the order written, or the templates (templates=true) and searches, the latest first",
        querystring: responseListQuerySchema,
        response: { 200: responseListSchema, ...errors },
      },
    },
    async (request) => ({
      responses: await inConsultations(request)((trx) => listResponses(trx, request.query)),
    }),
  );

  app.put(
    '/consultations/responses',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary:
          "Saves a list of responses for one representation or sub-representation (with an id: changed; without: added); moves it to 'Response drafted'",
        body: upsertResponsesBodySchema,
        response: { 200: responseListSchema, ...errors },
      },
    },
    async (request) => ({
      responses: await inConsultations(request)(async (trx) =>
        upsertResponses(trx, await actorOf(trx, request), request.body),
      ),
    }),
  );

  app.delete(
    '/consultations/responses/:id',
    {
      config: consultationGrant('delete'),
      schema: {
        tags,
        summary: 'Deletes a response (kept, and restorable)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inConsultations(request)(async (trx) =>
        setDeleted(trx, await actorOf(trx, request), request.params.id, true),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/consultations/responses/:id/restore',
    {
      config: consultationGrant('delete'),
      schema: {
        tags,
        summary: 'Restores a deleted response',
        params: idParams,
        response: { 200: responseSchema, ...errors },
      },
    },
    async (request) =>
      inConsultations(request)(async (trx) =>
        setDeleted(trx, await actorOf(trx, request), request.params.id, false),
      ),
  );
};
