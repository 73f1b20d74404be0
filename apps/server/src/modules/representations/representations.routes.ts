import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE_PATH,
  campaignGroupsSchema,
  campaignQuerySchema,
  createRepresentationBodySchema,
  createSubRepresentationBodySchema,
  duplicatedSchema,
  idsBodySchema,
  representationMessages,
  representationRowSchema,
  representationSchema,
  representationTimelineSchema,
  statusBodySchema,
  subRepresentationSchema,
  subRepresentationUpdatedSchema,
  tableQuerySchema,
  tableResultSchema,
  updateRepresentationBodySchema,
  updateSubRepresentationBodySchema,
} from '@planning/shared';
import { badRequest } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import {
  actorOf,
  consultationGrant,
  consultationPolicy,
  seesOriginal,
  inConsultations,
  type Trx,
} from '../consultations/consultations.access';
import { customValueRoute } from '../consultations/consultations.columns.routes';
import { attachmentRoutes } from '../files/files.attachments.routes';
import { representationAttachments, requireLiveRepresentation } from './representations.attachments';
import {
  campaignGroups,
  campaignRefresher,
  CAMPAIGNS_JOB,
  campaignsJobPayload,
  recomputeCampaigns,
} from './representations.campaign-rows';
import {
  createRepresentation,
  deleteRepresentations,
  duplicateRepresentations,
  oneRepresentation,
  setStatus,
  updateRepresentation,
  type ChangeContext,
} from './representations.service';
import {
  createSubRepresentation,
  oneSubRepresentation,
  updateSubRepresentation,
} from './representations.subs';
import { searchRepresentations } from './representations.table';
import { timelineOf } from './representations.timeline';

const tags = ['consultations'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.uuid('A representation id') });
const subParams = z.object({ id: z.uuid('A sub-representation id') });

/** PATCH takes the update schema's fields; the text as received is refused by name (400). */
const patchBodySchema = updateRepresentationBodySchema.extend({ originalText: z.unknown().optional() });

/**
 * Spec 02 §2 the representations tab, §7 "Representations": the table query, create, read,
 * change (the editor's document with its redactions), duplicate, delete, status, custom values,
 * the timeline, attachments, sub-representations and campaign letters. Staff only: a
 * consultations grant and the consultations-pages flag. Nothing here is public: what residents
 * may read (the public text) leaves through the analysis module's public routes only.
 */
export const representationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define<{ eventId: string }>(CAMPAIGNS_JOB, {
    payload: campaignsJobPayload,
    handler: (context) => context.inTenant((trx) => recomputeCampaigns(trx, context.payload.eventId)),
  });

  /** Runs a change as the signed-in user, with the campaigns refreshed in the same transaction. */
  const change = <T>(request: FastifyRequest, work: (trx: Trx, context: ChangeContext) => Promise<T>) => {
    const { tenantId } = requireAuth(request);
    return inConsultations(request)(async (trx) =>
      work(trx, {
        actor: await actorOf(trx, request),
        seesOriginal: await seesOriginal(request),
        campaigns: campaignRefresher(app.jobs, tenantId),
      }),
    );
  };

  app.post(
    '/consultations/representations/search',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary:
          'The representations table: filters, sort, groups (groupBy, groupValue), search (reference, names, text), a page',
        body: tableQuerySchema,
        response: { 200: tableResultSchema(representationRowSchema), ...errors },
      },
    },
    async (request) => {
      const original = await seesOriginal(request);
      return inConsultations(request)((trx) => searchRepresentations(trx, request.body, original));
    },
  );

  app.post(
    '/consultations/representations',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: 'Creates a representation: the next reference, the text as received, representee and agent',
        body: createRepresentationBodySchema,
        response: { 201: representationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const policy = await consultationPolicy(request);
      const representation = await change(request, async (trx, context) =>
        oneRepresentation(trx, await createRepresentation(trx, context, request.body), policy),
      );
      return reply.status(201).send(representation);
    },
  );

  app.get(
    '/consultations/representations/campaigns',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: "An event's campaign letters: groups of near-duplicate representations, largest first",
        querystring: campaignQuerySchema,
        response: { 200: campaignGroupsSchema, ...errors },
      },
    },
    async (request) => inConsultations(request)((trx) => campaignGroups(trx, request.query.eventId)),
  );

  app.post(
    '/consultations/representations/duplicate',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: 'Duplicates representations: copies with new references, back to Received',
        body: idsBodySchema,
        response: { 201: duplicatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const representations = await change(request, (trx, context) =>
        duplicateRepresentations(trx, context, request.body.ids),
      );
      return reply.status(201).send({ representations });
    },
  );

  app.post(
    '/consultations/representations/delete',
    {
      config: consultationGrant('delete'),
      schema: {
        tags,
        summary: 'Deletes representations (kept, out of sight; their references are never given again)',
        body: idsBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await change(request, (trx, context) => deleteRepresentations(trx, context, request.body.ids));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/consultations/representations/status',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: 'Sets the status of representations (a timeline entry for each that changes)',
        body: statusBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await change(request, (trx, context) => setStatus(trx, context, request.body.ids, request.body.status));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/consultations/representations/:id',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: 'One representation with its texts, marks, sub-representations and what the user may do',
        params: idParams,
        response: { 200: representationSchema, ...errors },
      },
    },
    async (request) => {
      const policy = await consultationPolicy(request);
      return inConsultations(request)((trx) => oneRepresentation(trx, request.params.id, policy));
    },
  );

  app.patch(
    '/consultations/representations/:id',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary:
          "Changes a representation; `content` is the editor's document: new redactions are stamped and the texts worked out again",
        params: idParams,
        body: patchBodySchema,
        response: { 200: representationSchema, ...errors },
      },
    },
    async (request) => {
      const { originalText, ...body } = request.body;
      if (originalText !== undefined) throw badRequest(representationMessages.originalTextReadOnly);
      const policy = await consultationPolicy(request);
      return change(request, async (trx, context) => {
        await updateRepresentation(trx, context, request.params.id, body);
        return oneRepresentation(trx, request.params.id, policy);
      });
    },
  );

  customValueRoute(app, {
    path: '/consultations/representations/:id',
    table: 'representations',
    params: idParams,
    inTenant: (request) => inConsultations(request),
  });

  app.get(
    '/consultations/representations/:id/timeline',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary:
          'Who did what and when, newest first (statuses, references and redaction types; never the text)',
        params: idParams,
        response: { 200: representationTimelineSchema, ...errors },
      },
    },
    async (request) => ({
      timeline: await inConsultations(request)((trx) => timelineOf(trx, request.params.id)),
    }),
  );

  app.post(
    '/consultations/representations/:id/sub-representations',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: 'Splits out a sub-representation, numbered next within the representation',
        params: idParams,
        body: createSubRepresentationBodySchema,
        response: { 201: subRepresentationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sub = await change(request, (trx, context) =>
        createSubRepresentation(trx, context, request.params.id, request.body),
      );
      return reply.status(201).send(sub);
    },
  );

  app.get(
    '/consultations/sub-representations/:id',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: 'One sub-representation (deleted ones too, marked isDeleted)',
        params: subParams,
        response: { 200: subRepresentationSchema, ...errors },
      },
    },
    async (request) => {
      const original = await seesOriginal(request);
      return inConsultations(request)((trx) => oneSubRepresentation(trx, request.params.id, original));
    },
  );

  app.patch(
    '/consultations/sub-representations/:id',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: 'Changes a sub-representation (isDeleted, status, text …); returns its representationId',
        params: subParams,
        body: updateSubRepresentationBodySchema,
        response: { 200: subRepresentationUpdatedSchema, ...errors },
      },
    },
    async (request) =>
      change(request, (trx, context) =>
        updateSubRepresentation(trx, context, request.params.id, request.body),
      ),
  );

  // Attachments: files of the files module with home bucket 'consultations-attachments'.
  await app.register(
    attachmentRoutes({
      path: '/consultations/representations/:id',
      record: 'representation',
      holder: representationAttachments,
      tags,
      grant: consultationGrant,
      inTenant: (request) => inConsultations(request),
      requireRecord: requireLiveRepresentation,
      canWrite: async (request) => (await consultationPolicy(request)).canWrite,
      downloadPath: (representationId, fileId) =>
        `${API_BASE_PATH}/consultations/representations/${representationId}/attachments/${fileId}/download`,
    }),
  );
};
