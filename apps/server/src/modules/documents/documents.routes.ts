import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE_PATH,
  createDocumentBodySchema,
  createTemplateBodySchema,
  documentListSchema,
  documentSchema,
  documentStatusSchema,
  documentSummaryStatsSchema,
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
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { attachmentRoutes } from '../files/files.attachments.routes';
import { answerPolicy, documentGrant, inDocumentsTenant, staffPolicy } from './documents.access';
import { exportResponsesCsv, searchResponses } from './documents.answers';
import { documentAttachments } from './documents.attachments';
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
const idParams = z.object({ id: z.string().uuid('A document id') });
const templateParams = z.object({ templateId: z.string().uuid('A template id') });

/**
 * Spec 02 §2 document builder and §7 "Documents": CRUD, templates, publishing, preview, share
 * link, status, attachments, responses search and CSV export, summary. Staff only: a consultations
 * grant and the document-builder flag.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
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
  await app.register(
    attachmentRoutes({
      path: '/documents/:id',
      record: 'document',
      holder: documentAttachments,
      tags,
      grant: documentGrant,
      inTenant: inDocumentsTenant,
      requireRecord: (trx, id) => liveDocument(trx, id),
      canWrite: async (request) => (await staffPolicy(request)).canWrite,
      downloadPath: (documentId, fileId) =>
        `${API_BASE_PATH}/documents/${documentId}/attachments/${fileId}/download`,
    }),
  );
};
