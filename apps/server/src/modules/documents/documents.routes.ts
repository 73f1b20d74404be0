import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE_PATH,
  FILE_LIMITS,
  canPreview,
  createDocumentBodySchema,
  createTemplateBodySchema,
  documentAttachmentsSchema,
  documentListSchema,
  documentSchema,
  documentStatusSchema,
  documentSummaryStatsSchema,
  fileMessages,
  publicDocumentSchema,
  responseExportQuerySchema,
  responseSearchQuerySchema,
  responseSearchSchema,
  shareLinkSchema,
  templateListQuerySchema,
  templateListSchema,
  templateSchema,
  updateDocumentBodySchema,
  updateTemplateBodySchema,
} from '@planning/shared';
import { contentDisposition } from '../../lib/content-disposition';
import { HttpError } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { FILE_SCAN_JOB } from '../files/files.routes';
import { receiveUpload, type UploadPart } from '../files/files.service';
import { answerPolicy, documentGrant, inDocumentsTenant, staffPolicy } from './documents.access';
import { exportResponsesCsv, searchResponses } from './documents.answers';
import {
  deleteAttachment,
  listAttachments,
  oneAttachment,
  presentAttachment,
  recordAttachments,
  type AttachmentRow,
} from './documents.attachments';
import {
  createDocument,
  createTemplate,
  deleteDocument,
  deleteTemplate,
  listDocuments,
  listTemplates,
  liveDocument,
  oneTemplate,
  presentDocument,
  presentPublic,
  setPublished,
  shareDocument,
  sharePath,
  statusOf,
  unshareDocument,
  updateDocument,
  updateTemplate,
} from './documents.service';
import { documentStats } from './documents.tracking';

const tags = ['documents'];
const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const idParams = z.object({ id: z.string().uuid('A document id') });
const templateParams = z.object({ templateId: z.string().uuid('A template id') });
const fileParams = z.object({ id: z.string().uuid('A document id'), fileId: z.string().uuid('A file id') });
const MULTIPART_OVERHEAD = 1024 * 1024;

export const staffAttachmentPath = (documentId: string, fileId: string) =>
  `${API_BASE_PATH}/documents/${documentId}/attachments/${fileId}/download`;

/** Sends a stored attachment: images inline (a document's image block may show one), else a download. */
export function sendAttachment(reply: FastifyReply, file: AttachmentRow, body: Readable, cache: string) {
  const inline = canPreview({ name: file.name, contentType: file.content_type });
  return reply
    .header('content-type', file.content_type)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(file.name, inline ? 'inline' : 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    )
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', cache)
    .send(body);
}

/**
 * Spec 02 §2 document builder and §7 "Documents": CRUD, templates, publishing, preview, share
 * link, status, attachments, responses search and CSV export, summary. Staff only: a consultations
 * grant and the document-builder flag.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes take multipart bodies (the attachments upload).
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

  app.get(
    '/documents',
    {
      config: documentGrant('read'),
      schema: {
        tags,
        summary: "The council's documents, last changed first",
        querystring: z.object({ search: z.string().max(200).optional() }),
        response: { 200: documentListSchema, ...errors },
      },
    },
    async (request) => ({
      documents: await inDocumentsTenant(request)((trx) => listDocuments(trx, request.query.search)),
    }),
  );

  app.post(
    '/documents',
    {
      config: documentGrant('write'),
      schema: {
        tags,
        summary: 'Creates a document: blank (one root section), from a config, or from a document template',
        body: createDocumentBodySchema,
        response: { 201: documentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = requireAuth(request);
      const row = await inDocumentsTenant(request)((trx) =>
        createDocument(trx, { tenantId, userId }, request.body),
      );
      return reply.status(201).send(presentDocument(row, await staffPolicy(request)));
    },
  );

  // Static paths before /documents/:id (find-my-way prefers them anyway).
  app.get(
    '/documents/templates',
    {
      config: documentGrant('read'),
      schema: {
        tags,
        summary:
          "Saved templates (documents and blocks), by name: 'You haven't saved any templates' when none",
        querystring: templateListQuerySchema,
        response: { 200: templateListSchema, ...errors },
      },
    },
    async (request) => ({
      templates: await inDocumentsTenant(request)((trx) =>
        listTemplates(trx, request.query.kind, request.query.search),
      ),
    }),
  );

  app.post(
    '/documents/templates',
    {
      config: documentGrant('write'),
      schema: {
        tags,
        summary: 'Saves a template: a whole document, or a block with what it holds',
        body: createTemplateBodySchema,
        response: { 201: templateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = requireAuth(request);
      return reply
        .status(201)
        .send(
          await inDocumentsTenant(request)((trx) => createTemplate(trx, { tenantId, userId }, request.body)),
        );
    },
  );

  app.get(
    '/documents/templates/:templateId',
    {
      config: documentGrant('read'),
      schema: {
        tags,
        summary: 'One template with its config',
        params: templateParams,
        response: { 200: templateSchema, ...errors },
      },
    },
    async (request) => inDocumentsTenant(request)((trx) => oneTemplate(trx, request.params.templateId)),
  );

  app.put(
    '/documents/templates/:templateId',
    {
      config: documentGrant('write'),
      schema: {
        tags,
        summary: 'Renames a template or replaces its config (of the same kind)',
        params: templateParams,
        body: updateTemplateBodySchema,
        response: { 200: templateSchema, ...errors },
      },
    },
    async (request) =>
      inDocumentsTenant(request)((trx) => updateTemplate(trx, request.params.templateId, request.body)),
  );

  app.delete(
    '/documents/templates/:templateId',
    {
      config: documentGrant('delete'),
      schema: {
        tags,
        summary: 'Deletes a template',
        params: templateParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inDocumentsTenant(request)((trx) => deleteTemplate(trx, request.params.templateId));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/documents/:id',
    {
      config: documentGrant('read'),
      schema: {
        tags,
        summary: 'One document as the builder edits it (rich text as TipTap JSON), with what the user may do',
        params: idParams,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) => {
      const row = await inDocumentsTenant(request)((trx) => liveDocument(trx, request.params.id));
      return presentDocument(row, await staffPolicy(request));
    },
  );

  app.put(
    '/documents/:id',
    {
      config: documentGrant('write'),
      schema: {
        tags,
        summary:
          'Saves the title, config or answersOpenUntil; with ifUpdatedAt, refuses (409) a save over someone else’s',
        params: idParams,
        body: updateDocumentBodySchema,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) => {
      const row = await inDocumentsTenant(request)((trx) =>
        updateDocument(trx, request.params.id, request.body),
      );
      return presentDocument(row, await staffPolicy(request));
    },
  );

  app.delete(
    '/documents/:id',
    {
      config: documentGrant('delete'),
      schema: {
        tags,
        summary: 'Deletes a document (its answers are kept, out of sight)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inDocumentsTenant(request)((trx) => deleteDocument(trx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/documents/:id/status',
    {
      config: documentGrant('read'),
      schema: {
        tags,
        summary: 'meta.updatedAt and meta.isPublished, for the builder’s poll every 60 s',
        params: idParams,
        response: { 200: documentStatusSchema, ...errors },
      },
    },
    async (request) =>
      statusOf(await inDocumentsTenant(request)((trx) => liveDocument(trx, request.params.id))),
  );

  for (const [path, published, summary] of [
    ['publish', true, 'Publishes the document (meta.isPublished): the public can read and answer it'],
    ['unpublish', false, 'Takes the document off the public pages (404 to the public)'],
  ] as const) {
    app.post(
      `/documents/:id/${path}`,
      {
        config: documentGrant('write'),
        schema: { tags, summary, params: idParams, response: { 200: documentSchema, ...errors } },
      },
      async (request) => {
        const row = await inDocumentsTenant(request)((trx) =>
          setPublished(trx, request.params.id, published),
        );
        return presentDocument(row, await staffPolicy(request));
      },
    );
  }

  app.get(
    '/documents/:id/preview',
    {
      config: documentGrant('read'),
      schema: {
        tags,
        summary: 'The document as the public will read it (sanitised HTML), published or not',
        params: idParams,
        response: { 200: publicDocumentSchema, ...errors },
      },
    },
    async (request) => {
      const row = await inDocumentsTenant(request)((trx) => liveDocument(trx, request.params.id));
      return presentPublic(row, answerPolicy(request.auth, row));
    },
  );

  app.post(
    '/documents/:id/share',
    {
      config: documentGrant('write'),
      schema: {
        tags,
        summary: 'The share link (made on first asking): reads the document before it is published',
        params: idParams,
        response: { 200: shareLinkSchema, ...errors },
      },
    },
    async (request) => {
      const token = await inDocumentsTenant(request)((trx) => shareDocument(trx, request.params.id));
      return { token, path: sharePath(request.params.id, token) };
    },
  );

  app.delete(
    '/documents/:id/share',
    {
      config: documentGrant('write'),
      schema: {
        tags,
        summary: 'Turns the share link off',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inDocumentsTenant(request)((trx) => unshareDocument(trx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/documents/:id/summary',
    {
      config: documentGrant('read'),
      schema: {
        tags,
        summary:
          'Opens, visitors, reading time (from the 30 s heartbeats), respondents and answers per question',
        params: idParams,
        response: { 200: documentSummaryStatsSchema, ...errors },
      },
    },
    async (request) =>
      inDocumentsTenant(request)(async (trx) => {
        await liveDocument(trx, request.params.id);
        return documentStats(trx, request.params.id);
      }),
  );

  app.get(
    '/documents/:id/responses',
    {
      config: documentGrant('read'),
      schema: {
        tags,
        summary: 'The answers given, one row each (the last per question and site), newest first, paged',
        params: idParams,
        querystring: responseSearchQuerySchema,
        response: { 200: responseSearchSchema, ...errors },
      },
    },
    async (request) =>
      inDocumentsTenant(request)(async (trx) =>
        searchResponses(trx, await liveDocument(trx, request.params.id), request.query),
      ),
  );

  app.get(
    '/documents/:id/responses/export',
    {
      config: documentGrant('read'),
      schema: {
        tags,
        summary: 'The answers as CSV (the same filters as the search; formulas neutralised)',
        params: idParams,
        querystring: responseExportQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { csv, title } = await inDocumentsTenant(request)(async (trx) => {
        const document = await liveDocument(trx, request.params.id);
        return { csv: await exportResponsesCsv(trx, document, request.query), title: document.title };
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`${title} - responses.csv`))
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  // Attachments (spec 02 §2 /p/document/{id}/attachments).
  app.get(
    '/documents/:id/attachments',
    {
      config: documentGrant('read'),
      schema: {
        tags,
        summary: "The document's attachments with their scan status",
        params: idParams,
        response: { 200: documentAttachmentsSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await inDocumentsTenant(request)(async (trx) => {
        await liveDocument(trx, request.params.id);
        return listAttachments(trx, request.params.id, false);
      });
      const { canWrite } = await staffPolicy(request);
      return {
        attachments: rows.map((row) =>
          presentAttachment(
            row,
            mayDownload(row, canWrite) ? staffAttachmentPath(request.params.id, row.id) : null,
          ),
        ),
      };
    },
  );

  app.post(
    '/documents/:id/attachments',
    {
      config: documentGrant('write'),
      schema: {
        tags,
        summary:
          "Uploads attachments: multipart field 'fileCollection' (png, jpeg or pdf; at most 10, 32MB in all)",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: documentAttachmentsSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw new HttpError(415, fileMessages.notMultipart);
      if (Number(request.headers['content-length'] ?? 0) > FILE_LIMITS.maxTotalBytes + MULTIPART_OVERHEAD)
        throw new HttpError(413, fileMessages.totalTooLarge);
      const inTenant = inDocumentsTenant(request);
      // A missing document is refused before a byte is stored.
      await inTenant((trx) => liveDocument(trx, request.params.id));
      const { files } = await receiveUpload(
        request.parts() as AsyncIterable<UploadPart>,
        app.storage,
        auth.tenantId,
      );
      try {
        await inTenant(async (trx) => {
          await liveDocument(trx, request.params.id);
          await recordAttachments(trx, auth, request.params.id, files);
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
      const rows = await inTenant((trx) => listAttachments(trx, request.params.id, false));
      return reply.status(201).send({
        attachments: rows
          .filter((row) => ids.has(row.id))
          .map((row) => presentAttachment(row, staffAttachmentPath(request.params.id, row.id))),
      });
    },
  );

  app.get(
    '/documents/:id/attachments/:fileId/download',
    {
      config: documentGrant('read'),
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
      const file = await inDocumentsTenant(request)((trx) =>
        oneAttachment(trx, request.params.id, request.params.fileId),
      );
      if (!mayDownload(file, (await staffPolicy(request)).canWrite))
        throw new HttpError(
          403,
          fileMessages.downloadError(
            file.scan_status === 'quarantined' ? fileMessages.quarantined : fileMessages.notScanned,
          ),
        );
      return sendAttachment(
        reply,
        file,
        await app.storage.get(auth.tenantId, file.bucket, file.key),
        'private, no-store',
      );
    },
  );

  app.delete(
    '/documents/:id/attachments/:fileId',
    {
      config: documentGrant('delete'),
      schema: {
        tags,
        summary: 'Deletes an attachment',
        params: fileParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await inDocumentsTenant(request)((trx) =>
        deleteAttachment(trx, request.params.id, request.params.fileId),
      );
      await app.storage.delete(auth.tenantId, file.bucket, file.key).catch((error: unknown) => {
        request.log.warn({ err: error, fileId: file.id }, 'deleted attachment: object not removed');
      });
      return reply.status(204).send(null);
    },
  );
};

/** As for site files: clean for anyone with read; unscanned or failed only for writers; quarantined never. */
const mayDownload = (file: AttachmentRow, canWrite: boolean) =>
  file.scan_status === 'clean' || (file.scan_status !== 'quarantined' && canWrite);
