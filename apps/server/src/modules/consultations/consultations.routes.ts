import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consultationEventInputSchema,
  consultationEventListSchema,
  consultationEventSchema,
  consultationSettingsSchema,
  customColumnInputSchema,
  customColumnListQuerySchema,
  customColumnListSchema,
  customColumnSchema,
  salutationsSchema,
  topicInputSchema,
  topicListSchema,
  topicSchema,
  updateCustomColumnBodySchema,
} from '@planning/shared';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { consultationGrant, inConsultations } from './consultations.access';
import { createColumn, deleteColumn, listColumns, updateColumn } from './consultations.columns';
import {
  consultationSettings,
  createEvent,
  createTopic,
  listEvents,
  listTopics,
  oneEvent,
  salutationList,
} from './consultations.service';

const tags = ['consultations'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.uuid('An id') });

/**
 * Spec 02 §3–§7 the representation manager's reference data: consultation events, topics, the
 * status presets, salutations and the council's custom columns. Staff only: a consultations
 * grant and the consultations-pages flag.
 */
export const consultationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consultations/events',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary:
          'Consultation events, latest first, with their state and how many representations each holds',
        response: { 200: consultationEventListSchema, ...errors },
      },
    },
    async (request) => ({ events: await inConsultations(request)(listEvents) }),
  );

  app.post(
    '/consultations/events',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: 'Creates a consultation event (name, dates, the document residents answer)',
        body: consultationEventInputSchema,
        response: { 201: consultationEventSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const event = await inConsultations(request)((trx) => createEvent(trx, tenantId, request.body));
      return reply.status(201).send(event);
    },
  );

  app.get(
    '/consultations/events/:id',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: 'One consultation event',
        params: idParams,
        response: { 200: consultationEventSchema, ...errors },
      },
    },
    async (request) => inConsultations(request)((trx) => oneEvent(trx, request.params.id)),
  );

  app.get(
    '/consultations/topics',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: 'Representation topics by name with their counts (refetched every 5 minutes)',
        response: { 200: topicListSchema, ...errors },
      },
    },
    async (request) => ({ topics: await inConsultations(request)(listTopics) }),
  );

  app.post(
    '/consultations/topics',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: 'Adds a topic (its name unique ignoring case: 409)',
        body: topicInputSchema,
        response: { 201: topicSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const topic = await inConsultations(request)((trx) => createTopic(trx, tenantId, request.body.name));
      return reply.status(201).send(topic);
    },
  );

  app.get(
    '/consultations/settings',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: 'The status presets in order with their colours, attitudes and correspondence types',
        response: { 200: consultationSettingsSchema, ...errors },
      },
    },
    async (request) => inConsultations(request)(async () => consultationSettings),
  );

  app.get(
    '/consultations/salutations',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: 'The salutations lookup (Mr, Mrs, Dr …)',
        response: { 200: salutationsSchema, ...errors },
      },
    },
    async (request) => inConsultations(request)(async () => salutationList),
  );

  app.get(
    '/consultations/columns',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: "A table's custom columns, oldest first",
        querystring: customColumnListQuerySchema,
        response: { 200: customColumnListSchema, ...errors },
      },
    },
    async (request) => ({
      columns: await inConsultations(request)((trx) => listColumns(trx, request.query.table)),
    }),
  );

  app.post(
    '/consultations/columns',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: 'Adds a custom column (name 3 to 50 characters, unique in its table ignoring case: 409)',
        body: customColumnInputSchema,
        response: { 201: customColumnSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const column = await inConsultations(request)((trx) => createColumn(trx, tenantId, request.body));
      return reply.status(201).send(column);
    },
  );

  app.patch(
    '/consultations/columns/:id',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary:
          'Renames a column or changes its options (not its table or type); removed options leave the rows',
        params: idParams,
        body: updateCustomColumnBodySchema,
        response: { 200: customColumnSchema, ...errors },
      },
    },
    async (request) => inConsultations(request)((trx) => updateColumn(trx, request.params.id, request.body)),
  );

  app.delete(
    '/consultations/columns/:id',
    {
      config: consultationGrant('delete'),
      schema: {
        tags,
        summary: 'Deletes a custom column and its values from every row',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inConsultations(request)((trx) => deleteColumn(trx, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
