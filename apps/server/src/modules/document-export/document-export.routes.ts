import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import {
  API_BASE_PATH,
  DOCUMENT_EXPORT_STEPS,
  documentExportJobParamsSchema,
  documentExportQueuedSchema,
  documentExportQuerySchema,
  documentExportRequestSchema,
  documentExportStatusSchema,
  documentMessages,
  type DocumentExportFormat,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { contentDisposition } from '../../lib/content-disposition';
import { HttpError, notFound } from '../../lib/errors';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { jobFileOf, PermanentJobError } from '../jobs/jobs.queue';
import { downloadExpired, EXPORT_EXPIRED_MESSAGE } from '../jobs/jobs.retention';
import { documentGrant, inDocumentsTenant } from '../documents/documents.access';
import { liveDocument, readableDocument } from '../documents/documents.service';
import {
  DOCUMENT_EXPORT_JOB_KIND,
  documentExportPayloadSchema,
  exportDocument,
  exportFailure,
  type DocumentExportPayload,
  type ExportedFile,
} from './document-export.service';
import { recordAuditAlone } from '../audit/audit.record';

const tags = ['document export'];
const errors = errorResponses(400, 401, 403, 404, 409, 410, 422, 429);
const idParams = z.object({ id: z.string().uuid('A document id') });
const open = { public: true } as const;
const MAX_ATTEMPTS = 2;
/** Signed-out readers get the file in the answer: 5 a minute per address, 2 at once per process. */
const DIRECT_PER_MINUTE = 5;
const DIRECT_AT_ONCE = 2;
/** Signed-in readers: this many exports queued or running at once. */
const UNFINISHED_PER_USER = 3;

const statusPath = (documentId: string, jobId: string) =>
  `${API_BASE_PATH}/public/documents/${documentId}/exports/${jobId}`;

function sendFile(reply: FastifyReply, file: ExportedFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.name))
    .header('content-length', String(file.data.length))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.data);
}

/**
 * Spec 02 §2, §4, §8: a document downloaded as Word or PDF (optionally with its site info
 * spreadsheet, both in a zip). A signed-in reader gets a background job: its notification (the
 * bell) shows the steps, and the file is theirs to download when done. A signed-out reader gets
 * the file in the answer itself, a few a minute.
 */
export const documentExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const limiter = new RateLimiterMemory({ points: DIRECT_PER_MINUTE, duration: 60 });
  let running = 0;

  app.jobs.define<DocumentExportPayload>(DOCUMENT_EXPORT_JOB_KIND, {
    payload: documentExportPayloadSchema,
    maxAttempts: MAX_ATTEMPTS,
    handler: async (context) => {
      const { payload, job } = context;
      try {
        const file = await exportDocument({
          db: context.db,
          storage: context.storage,
          tenantId: job.tenantId,
          payload,
          progress: context.progress,
          signal: context.signal,
        });
        // The key is ours alone; the name the reader sees travels in the result.
        const key = `${job.id}/document-export.${file.name.split('.').pop()}`;
        await context.storage.put(job.tenantId, 'exports', key, file.data, { contentType: file.contentType });
        context.log.info(
          { jobId: job.id, size: file.data.length, format: payload.format },
          'document exported',
        );
        return {
          file: { key, name: file.name, contentType: file.contentType },
          documentId: payload.documentId,
          format: payload.format,
          size: file.data.length,
        };
      } catch (error) {
        if (context.signal.aborted) throw error;
        context.log.warn({ err: error, jobId: job.id }, 'document export failed');
        // A document that cannot be read or drawn fails the same way next time: say so now. Anything
        // else (a database blip) is tried once more, and then told in the same words.
        if (error instanceof PermanentJobError || error instanceof HttpError || job.attempt >= MAX_ATTEMPTS)
          throw exportFailure(payload.format);
        throw error;
      }
    },
  });

  const queue = async (
    request: FastifyRequest,
    payload: DocumentExportPayload,
    title: string,
  ): Promise<{ jobId: string; notificationId: string | null; steps: number }> => {
    const auth = requireAuth(request);
    // A reader waits for their exports; a script asking for hundreds would hold up everyone's.
    const unfinished = await withTenant(db, auth.tenantId, (trx) =>
      trx
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('kind', '=', DOCUMENT_EXPORT_JOB_KIND)
        .where('user_id', '=', auth.userId)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow(),
    );
    if (Number(unfinished.count) >= UNFINISHED_PER_USER)
      throw new HttpError(429, documentMessages.exportTooMany);
    const { jobId, notificationId } = await app.jobs.enqueue(db, {
      tenantId: auth.tenantId,
      userId: auth.userId,
      kind: DOCUMENT_EXPORT_JOB_KIND,
      payload,
      maxAttempts: MAX_ATTEMPTS,
      notify: { label: documentMessages.exportLabel(payload.format), message: title },
    });
    await recordAuditAlone(db, auth.tenantId, request, {
      action: 'export.document',
      targetType: 'document',
      targetId: payload.documentId,
      summary: `Exported '${title}' as ${payload.format === 'docx' ? 'Word' : 'PDF'}${payload.includeSiteInfo ? ' with its site info' : ''}`,
      details: {
        format: payload.format,
        includeSiteInfo: payload.includeSiteInfo,
        audience: payload.audience,
        jobId,
      },
    });
    return { jobId, notificationId, steps: DOCUMENT_EXPORT_STEPS[payload.format] };
  };

  app.post(
    '/public/documents/:id/export',
    {
      config: open,
      schema: {
        tags,
        summary:
          'The document as Word or PDF (with includeSiteInfo, a zip with its site info spreadsheet too): signed in, 202 and a job the bell follows; signed out, the file itself (5 a minute)',
        params: idParams,
        querystring: documentExportQuerySchema,
        body: documentExportRequestSchema,
        // 200 is the file itself (docx, pdf or zip), so it has no JSON schema.
        response: { 202: documentExportQueuedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { format, includeSiteInfo } = request.body;
      const share = request.query.share;
      const row = await inDocumentsTenant(request)((trx) => readableDocument(trx, request.params.id, share));
      const payload: DocumentExportPayload = {
        documentId: row.id,
        format,
        includeSiteInfo,
        audience: 'public',
        ...(share !== undefined && { share }),
      };
      if (request.auth) return reply.status(202).send(await queue(request, payload, row.title));

      try {
        await limiter.consume(request.ip);
      } catch (refusal) {
        const wait = (refusal as { msBeforeNext?: number }).msBeforeNext ?? 60_000;
        throw new HttpError(429, documentMessages.exportTooMany, undefined, {
          'retry-after': String(Math.max(1, Math.ceil(wait / 1000))),
        });
      }
      if (running >= DIRECT_AT_ONCE) throw new HttpError(429, documentMessages.exportTooMany);
      running += 1;
      try {
        const file = await exportDocument({
          db,
          storage: app.storage,
          tenantId: requireTenant(request).id,
          payload,
        }).catch((error: unknown) => {
          request.log.warn({ err: error }, 'document export failed');
          throw new HttpError(422, documentMessages.exportFailed(format));
        });
        return sendFile(reply, file);
      } finally {
        running -= 1;
      }
    },
  );

  app.post(
    '/documents/:id/export',
    {
      config: documentGrant('read'),
      schema: {
        tags,
        summary:
          'Staff: the document as Word or PDF, published or not (a preview), as a background job the bell follows',
        params: idParams,
        body: documentExportRequestSchema,
        response: { 202: documentExportQueuedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await inDocumentsTenant(request)((trx) => liveDocument(trx, request.params.id));
      const payload: DocumentExportPayload = {
        documentId: row.id,
        format: request.body.format,
        includeSiteInfo: request.body.includeSiteInfo,
        audience: 'staff',
      };
      return reply.status(202).send(await queue(request, payload, row.title));
    },
  );

  /** One of the caller's own export jobs of this document, else 404 (another's is not there). */
  const ownJob = async (request: FastifyRequest, documentId: string, jobId: string) => {
    const auth = requireAuth(request);
    const row = await withTenant(db, auth.tenantId, (trx) =>
      trx
        .selectFrom('jobs')
        .select([
          'id',
          'status',
          'payload',
          'user_id',
          'progress_done',
          'progress_total',
          'error',
          'result',
          'finished_at',
        ])
        .where('id', '=', jobId)
        .where('kind', '=', DOCUMENT_EXPORT_JOB_KIND)
        .where('user_id', '=', auth.userId)
        .where(sql<boolean>`payload->>'documentId' = ${documentId}`)
        .executeTakeFirst(),
    );
    const payload = documentExportPayloadSchema.safeParse(row?.payload);
    if (!row || !payload.success) throw notFound(documentMessages.exportNotFound);
    // Past EXPORT_RETENTION_HOURS the file is deleted (or about to be): no download is offered.
    const expired = app.jobs.isExpired({ finishedAt: row.finished_at, result: row.result });
    return { auth, row, expired, format: payload.data.format as DocumentExportFormat };
  };

  app.get(
    '/public/documents/:id/exports/:jobId',
    {
      schema: {
        tags,
        summary: 'One of your document exports: its state, steps done and, when finished, its download',
        params: documentExportJobParamsSchema,
        response: { 200: documentExportStatusSchema, ...errors },
      },
    },
    async (request) => {
      const { id, jobId } = request.params;
      const { row, expired, format } = await ownJob(request, id, jobId);
      const file = row.status === 'succeeded' && !expired ? jobFileOf(row.result) : null;
      return {
        jobId: row.id,
        format,
        status: row.status,
        progress: { done: row.progress_done, total: row.progress_total || DOCUMENT_EXPORT_STEPS[format] },
        error:
          row.status === 'failed'
            ? documentMessages.exportFailed(format)
            : row.status === 'succeeded' && expired
              ? EXPORT_EXPIRED_MESSAGE
              : row.error,
        download: file ? { url: `${statusPath(id, jobId)}/download`, name: file.name } : null,
      };
    },
  );

  app.get(
    '/public/documents/:id/exports/:jobId/download',
    {
      schema: {
        tags,
        summary: 'The file of one of your finished document exports',
        params: documentExportJobParamsSchema,
        response: { 200: z.unknown().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      const { id, jobId } = request.params;
      const { auth, row, expired } = await ownJob(request, id, jobId);
      if (row.status !== 'succeeded') throw new HttpError(409, documentMessages.exportNotReady);
      const file = jobFileOf(row.result);
      if (!file) throw notFound(documentMessages.exportNotFound);
      if (expired) throw downloadExpired();
      const body = await app.storage.get(auth.tenantId, 'exports', file.key);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
