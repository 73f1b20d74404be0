import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE_PATH,
  answerInputSchema,
  answerParamsSchema,
  answerSchema,
  consentInputSchema,
  consentSchema,
  documentAttachmentsSchema,
  documentMessages,
  documentStatusSchema,
  myAnswersSchema,
  myResponsesSchema,
  publicDocumentListSchema,
  publicDocumentQuerySchema,
  publicDocumentSchema,
  publicDocumentSitesSchema,
  publicSiteLayersSchema,
  publicSiteParamsSchema,
  questionMessages,
  questionTagsSchema,
  responseTagsInputSchema,
  responseTagsParamsSchema,
  trackingAnswerSchema,
  trackingBodySchema,
} from '@planning/shared';
import { conflict, notFound } from '../../lib/errors';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { answerPolicy, inDocumentsTenant, requireConsultationAccount } from './documents.access';
import { deleteAnswer, myAnswers, myResponses, submitAnswer, updateConsent } from './documents.answers';
import { listAttachments, oneAttachment, presentAttachment } from '../files/files.attachments';
import { sendAttachment } from '../files/files.attachments.routes';
import { documentAttachments } from './documents.attachments';
import {
  answersOpen,
  liveDocument,
  presentPublic,
  publishedDocuments,
  readableDocument,
  statusOf,
} from './documents.service';
import { preferencesRoutes } from './documents.preferences';
import { documentSites, isDocumentSite, publicSiteLayers } from './documents.sites';
import { saveTags, tagPolicy, tagsOf } from './documents.tags';
import { createTrackingLimiter, recordInteraction } from './documents.tracking';

const tags = ['public documents'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);
const idParams = z.object({ id: z.string().uuid('A document id') });
const fileParams = z.object({ id: z.string().uuid('A document id'), fileId: z.string().uuid('A file id') });
const open = { public: true } as const;

const publicAttachmentPath = (documentId: string, fileId: string, share?: string) =>
  `${API_BASE_PATH}/public/documents/${documentId}/attachments/${fileId}${share ? `?share=${encodeURIComponent(share)}` : ''}`;

/**
 * Spec 02 §2 public documents, question blocks and My responses. Reading needs no sign-in (the
 * council comes from the host or X-Tenant); an unpublished document is 404 unless the share link's
 * token comes with the call. Answering needs a consultation account (403 for any other), and only
 * while the document is open for answers: published, and before its answersOpenUntil.
 */
export const documentsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitTracking = createTrackingLimiter();
  // Communications preferences and unsubscribe links (spec 02 §2 /p/document/preferences).
  await app.register(preferencesRoutes);

  app.get(
    '/public/documents',
    {
      config: open,
      schema: {
        tags,
        summary: "The council's published documents (ids and titles), newest first",
        response: { 200: publicDocumentListSchema, ...errors },
      },
    },
    async (request) => ({ documents: await inDocumentsTenant(request)(publishedDocuments) }),
  );

  app.get(
    '/public/documents/:id',
    {
      config: open,
      schema: {
        tags,
        summary:
          'A published document (or one shared by ?share=token), rich text as sanitised HTML, and whether the reader may answer',
        params: idParams,
        querystring: publicDocumentQuerySchema,
        response: { 200: publicDocumentSchema, ...errors },
      },
    },
    async (request) => {
      const row = await inDocumentsTenant(request)((trx) =>
        readableDocument(trx, request.params.id, request.query.share),
      );
      return presentPublic(row, answerPolicy(request.auth, row));
    },
  );

  app.get(
    '/public/documents/:id/status',
    {
      config: open,
      schema: {
        tags,
        summary: 'meta.updatedAt and meta.isPublished, for the page’s poll every 60 s',
        params: idParams,
        querystring: publicDocumentQuerySchema,
        response: { 200: documentStatusSchema, ...errors },
      },
    },
    async (request) =>
      statusOf(
        await inDocumentsTenant(request)((trx) =>
          readableDocument(trx, request.params.id, request.query.share),
        ),
      ),
  );

  app.post(
    '/public/documents/:id/tracking',
    {
      config: open,
      schema: {
        tags,
        summary:
          'Reading tracked per page view: open, a heartbeat every 30 s, close (repeats are not recorded; 120 a minute per address)',
        params: idParams,
        body: trackingBodySchema,
        response: { 200: trackingAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await limitTracking(request.ip);
      const tenantId = request.auth?.tenantId ?? requireTenant(request).id;
      const recorded = await inDocumentsTenant(request)(async (trx) => {
        const row = await readableDocument(trx, request.params.id);
        return recordInteraction(trx, tenantId, request.auth?.userId ?? null, {
          documentId: row.id,
          viewId: request.body.viewId,
          event: request.body.event,
        });
      });
      return { recorded };
    },
  );

  app.get(
    '/public/documents/:id/attachments',
    {
      config: open,
      schema: {
        tags,
        summary: "The document's attachments that passed the virus scan",
        params: idParams,
        querystring: publicDocumentQuerySchema,
        response: { 200: documentAttachmentsSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const rows = await inDocumentsTenant(request)(async (trx) => {
        await readableDocument(trx, id, request.query.share);
        return listAttachments(trx, documentAttachments, id, true);
      });
      return {
        attachments: rows.map((row) =>
          presentAttachment(row, publicAttachmentPath(id, row.id, request.query.share)),
        ),
      };
    },
  );

  app.get(
    '/public/documents/:id/attachments/:fileId',
    {
      config: open,
      schema: {
        tags,
        summary: 'An attachment’s bytes (clean files only): images inline, others as a download',
        params: fileParams,
        querystring: publicDocumentQuerySchema,
        response: { ...errors },
      },
      compress: false,
    },
    async (request, reply) => {
      const tenantId = request.auth?.tenantId ?? requireTenant(request).id;
      const file = await inDocumentsTenant(request)(async (trx) => {
        await readableDocument(trx, request.params.id, request.query.share);
        const found = await oneAttachment(trx, documentAttachments, request.params.id, request.params.fileId);
        // Not scanned, or quarantined: as if it were not there.
        if (found.scan_status !== 'clean') throw notFound(documentMessages.attachmentNotFound);
        return found;
      });
      return sendAttachment(reply, file, await app.storage.get(tenantId, file.bucket, file.key), 'no-cache');
    },
  );

  // Site questions (spec 02 §2): the sites to pick from and the layers each overlaps. Published
  // documents only: answers are only taken there.
  app.get(
    '/public/documents/:id/sites',
    {
      config: open,
      schema: {
        tags,
        summary: "The sites a published document's site questions offer: those of its map blocks, by name",
        params: idParams,
        response: { 200: publicDocumentSitesSchema, ...errors },
      },
    },
    async (request) => {
      const tenantId = request.auth?.tenantId ?? requireTenant(request).id;
      return inDocumentsTenant(request)(async (trx) => {
        const row = await readableDocument(trx, request.params.id);
        return { sites: await documentSites(trx, tenantId, row.config) };
      });
    },
  );

  app.get(
    '/public/documents/:id/sites/:siteId/layers',
    {
      config: open,
      schema: {
        tags,
        summary:
          "The public web map's layers that one of a published document's sites overlaps ('Layer associated with this site')",
        params: publicSiteParamsSchema,
        response: { 200: publicSiteLayersSchema, ...errors },
      },
    },
    async (request) => {
      const tenantId = request.auth?.tenantId ?? requireTenant(request).id;
      return inDocumentsTenant(request)(async (trx) => {
        const row = await readableDocument(trx, request.params.id);
        if (!(await isDocumentSite(trx, tenantId, row.config, request.params.siteId)))
          throw notFound(questionMessages.siteNotFound);
        return { layers: await publicSiteLayers(trx, request.params.siteId) };
      });
    },
  );

  // My responses: a signed-in user's own answers (none for a staff account).
  app.get(
    '/public/my-responses',
    {
      schema: {
        tags,
        summary:
          'The documents the signed-in resident has answered, with how many answers each and their tags',
        response: { 200: myResponsesSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      return inDocumentsTenant(request)(async (trx) => {
        const responses = await myResponses(trx, userId);
        const tagged = await tagsOf(trx, userId);
        return {
          responses: responses.map((response) => ({
            ...response,
            tags: tagged.get(response.documentId) ?? [],
          })),
        };
      });
    },
  );

  app.get(
    '/public/documents/:id/answers',
    {
      schema: {
        tags,
        summary:
          "The signed-in resident's own answers to the document (My responses) and their tags, and whether they may answer and tag",
        params: idParams,
        response: { 200: myAnswersSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return inDocumentsTenant(request)(async (trx) => {
        const row = await liveDocument(trx, request.params.id);
        const mine = await myAnswers(trx, row.id, auth.userId);
        // An unpublished document is shown only to those who answered it while it was published.
        if (!row.is_published && !mine.responseId) throw notFound(documentMessages.documentNotFound);
        const tagged = await tagsOf(trx, auth.userId, row.id);
        return {
          documentId: row.id,
          viewer: answerPolicy(auth, row),
          ...mine,
          tagging: tagPolicy(auth, row),
          tags: tagged.get(row.id) ?? [],
        };
      });
    },
  );

  app.put(
    '/public/documents/:id/answers',
    {
      schema: {
        tags,
        summary:
          'Submits an answer (consultation accounts only): replaces the last answer to the same question (and site); 400 with the form’s message',
        params: idParams,
        body: answerInputSchema,
        response: { 200: answerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireConsultationAccount(request);
      return inDocumentsTenant(request)(async (trx) => {
        const row = await readableDocument(trx, request.params.id);
        if (!answersOpen(row)) throw conflict(documentMessages.answersClosed);
        return submitAnswer(trx, auth, row, request.body);
      });
    },
  );

  app.put(
    '/public/documents/:id/consent',
    {
      schema: {
        tags,
        summary:
          "Changes the resident's choices on a document they answered (publish my name, contact me about updates) and records the privacy notice version shown",
        params: idParams,
        body: consentInputSchema,
        response: { 200: consentSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireConsultationAccount(request);
      return inDocumentsTenant(request)(async (trx) => {
        const row = await liveDocument(trx, request.params.id);
        return updateConsent(trx, row.id, auth.userId, request.body);
      });
    },
  );

  app.delete(
    '/public/documents/:id/answers/:answerId',
    {
      schema: {
        tags,
        summary: 'Deletes one of the resident’s own answers, while the document is open for answers',
        params: answerParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireConsultationAccount(request);
      await inDocumentsTenant(request)(async (trx) => {
        const row = await readableDocument(trx, request.params.id);
        if (!answersOpen(row)) throw conflict(documentMessages.answersClosed);
        await deleteAnswer(trx, row.id, auth.userId, request.params.answerId);
      });
      return reply.status(204).send(null);
    },
  );

  // Spec 02 §2 My responses, §6: tags on the resident's own answered questions, once the
  // consultation has ended.
  app.put(
    '/public/documents/:id/questions/:questionId/tags',
    {
      schema: {
        tags,
        summary:
          "Replaces the resident's tags on a question they answered (consultation accounts only), once the consultation's end date has passed",
        params: responseTagsParamsSchema,
        body: responseTagsInputSchema,
        response: { 200: questionTagsSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireConsultationAccount(request);
      return inDocumentsTenant(request)(async (trx) => {
        const row = await readableDocument(trx, request.params.id);
        return saveTags(trx, auth, row, request.params.questionId, request.body.tags);
      });
    },
  );
};
