import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE_PATH,
  campaignGroupsSchema,
  campaignQuerySchema,
  canPreview,
  createRepresentationBodySchema,
  createSubRepresentationBodySchema,
  customValueBodySchema,
  customValuesSchema,
  duplicatedSchema,
  FILE_LIMITS,
  fileMessages,
  idsBodySchema,
  representationAttachmentsSchema,
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
import { contentDisposition } from '../../lib/content-disposition';
import { badRequest, HttpError } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import {
  actorOf,
  consultationGrant,
  consultationPolicy,
  inConsultations,
  type Trx,
} from '../consultations/consultations.access';
import { setCustomValue } from '../consultations/consultations.columns';
import { FILE_SCAN_JOB } from '../files/files.routes';
import { receiveUpload, type UploadPart } from '../files/files.service';
import {
  deleteAttachment,
  listAttachments,
  mayDownload,
  oneAttachment,
  presentAttachment,
  recordAttachments,
  requireLiveRepresentation,
} from './representations.attachments';
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
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const idParams = z.object({ id: z.uuid('A representation id') });
const subParams = z.object({ id: z.uuid('A sub-representation id') });
const fileParams = z.object({ id: z.uuid('A representation id'), fileId: z.uuid('A file id') });
const MULTIPART_OVERHEAD = 1024 * 1024;

const attachmentPath = (representationId: string, fileId: string) =>
  `${API_BASE_PATH}/consultations/representations/${representationId}/attachments/${fileId}/download`;

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
  await app.register(multipart, {
    limits: {
      fileSize: FILE_LIMITS.maxFileBytes + 1,
      files: FILE_LIMITS.maxFiles + 1,
      fields: 2,
      fieldSize: 16 * 1024,
      parts: FILE_LIMITS.maxFiles + 3,
      headerPairs: 50,
    },
  });

  app.jobs.define<{ eventId: string }>(CAMPAIGNS_JOB, {
    payload: campaignsJobPayload,
    handler: (context) => context.inTenant((trx) => recomputeCampaigns(trx, context.payload.eventId)),
  });

  /** Runs a change as the signed-in user, with the campaigns refreshed in the same transaction. */
  const change = <T>(request: FastifyRequest, work: (trx: Trx, context: ChangeContext) => Promise<T>) => {
    const { tenantId } = requireAuth(request);
    return inConsultations(request)(async (trx) =>
      work(trx, { actor: await actorOf(trx, request), campaigns: campaignRefresher(app.jobs, tenantId) }),
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
    async (request) => inConsultations(request)((trx) => searchRepresentations(trx, request.body)),
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

  app.put(
    '/consultations/representations/:id/custom',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: "Sets one custom column's value (null clears it); the answer is every custom value",
        params: idParams,
        body: customValueBodySchema,
        response: { 200: customValuesSchema, ...errors },
      },
    },
    async (request) =>
      inConsultations(request)((trx) =>
        setCustomValue(trx, 'representations', request.params.id, request.body),
      ),
  );

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
    async (request) => inConsultations(request)((trx) => oneSubRepresentation(trx, request.params.id)),
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
  app.get(
    '/consultations/representations/:id/attachments',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: "The representation's attachments with their scan status",
        params: idParams,
        response: { 200: representationAttachmentsSchema, ...errors },
      },
    },
    async (request) => {
      const { canWrite } = await consultationPolicy(request);
      const rows = await inConsultations(request)(async (trx) => {
        await requireLiveRepresentation(trx, request.params.id);
        return listAttachments(trx, request.params.id);
      });
      return {
        attachments: rows.map((row) =>
          presentAttachment(
            row,
            mayDownload(row, canWrite) ? attachmentPath(request.params.id, row.id) : null,
          ),
        ),
      };
    },
  );

  app.post(
    '/consultations/representations/:id/attachments',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary:
          "Uploads attachments: multipart field 'fileCollection' (png, jpeg or pdf; at most 10, 32MB in all)",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: representationAttachmentsSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw new HttpError(415, fileMessages.notMultipart);
      if (Number(request.headers['content-length'] ?? 0) > FILE_LIMITS.maxTotalBytes + MULTIPART_OVERHEAD)
        throw new HttpError(413, fileMessages.totalTooLarge);
      const inTenant = inConsultations(request);
      // A missing representation is refused before a byte is stored.
      await inTenant((trx) => requireLiveRepresentation(trx, request.params.id));
      const { files } = await receiveUpload(
        request.parts() as AsyncIterable<UploadPart>,
        app.storage,
        auth.tenantId,
      );
      try {
        await inTenant(async (trx) => {
          await requireLiveRepresentation(trx, request.params.id);
          const actor = await actorOf(trx, request);
          await recordAttachments(trx, { ...actor, userId: auth.userId }, request.params.id, files);
          if (app.config.clamd) {
            for (const file of files)
              await app.jobs.enqueue(trx, {
                tenantId: auth.tenantId,
                userId: auth.userId,
                kind: FILE_SCAN_JOB,
                payload: { fileId: file.id },
              });
          }
        });
      } catch (error) {
        await Promise.all(
          files.map((file) =>
            app.storage.delete(auth.tenantId, 'unscanned', file.key).catch(() => undefined),
          ),
        );
        throw error;
      }
      const ids = new Set(files.map((file) => file.id));
      const rows = await inTenant((trx) => listAttachments(trx, request.params.id));
      return reply.status(201).send({
        attachments: rows
          .filter((row) => ids.has(row.id))
          .map((row) => presentAttachment(row, attachmentPath(request.params.id, row.id))),
      });
    },
  );

  app.get(
    '/consultations/representations/:id/attachments/:fileId/download',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: 'An attachment’s bytes (never a quarantined one)',
        params: fileParams,
        response: { ...errors },
      },
      compress: false,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await inConsultations(request)((trx) =>
        oneAttachment(trx, request.params.id, request.params.fileId),
      );
      if (!mayDownload(file, (await consultationPolicy(request)).canWrite))
        throw new HttpError(
          403,
          fileMessages.downloadError(
            file.scan_status === 'quarantined' ? fileMessages.quarantined : fileMessages.notScanned,
          ),
        );
      const inline = canPreview({ name: file.name, contentType: file.content_type });
      // The bytes, not a JSON answer: sent through the untyped reply.
      return (reply as FastifyReply)
        .header('content-type', file.content_type)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.name, inline ? 'inline' : 'attachment'))
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        )
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, no-store')
        .send(await app.storage.get(auth.tenantId, file.bucket, file.key));
    },
  );

  app.delete(
    '/consultations/representations/:id/attachments/:fileId',
    {
      config: consultationGrant('delete'),
      schema: {
        tags,
        summary: 'Deletes an attachment',
        params: fileParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await inConsultations(request)((trx) =>
        deleteAttachment(trx, request.params.id, request.params.fileId),
      );
      await app.storage.delete(auth.tenantId, file.bucket, file.key).catch((error: unknown) => {
        request.log.warn({ err: error, fileId: file.id }, 'deleted attachment: object not removed');
      });
      return reply.status(204).send(null);
    },
  );
};
