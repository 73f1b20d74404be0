import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPORT_LIMITS,
  errorBodySchema,
  exportMessages,
  siteExportJobParamsSchema,
  siteExportQueuedSchema,
  siteExportRequestSchema,
  siteExportStatusSchema,
} from '@planning/shared';
import { contentDisposition } from '../../lib/content-disposition';
import { HttpError, notFound } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import {
  buildExportFile,
  EXPORT_JOB_KIND,
  exportDownloadPath,
  exportStorageKey,
  planExport,
  readAndRemove,
} from './export.service';
import { errorResponses } from '../../lib/route-helpers';
import { recordAuditAlone } from '../audit/audit.record';
import { downloadExpired } from '../jobs/jobs.retention';

// Spec 01 §6: exporting sites is reading them.
const read = { access: [{ unit: 'sites', action: 'read' }] } as const;
const errors = errorResponses(400, 401, 403, 404);
const tags = ['export'];
// 250,000 ids as JSON text are about 3 MB.
const EXPORT_BODY_LIMIT = 8 * 1024 * 1024;

/** What a finished export job keeps as its result (the notification shows `download`). */
const exportResultSchema = z.object({
  download: z.object({ url: z.string(), name: z.string() }),
  // Not `file`: the job queue would take a `file` with a name for its own /jobs/{id}/download.
  stored: z.object({ key: z.string(), contentType: z.string(), size: z.number() }),
  total: z.number(),
});
type ExportResult = z.infer<typeof exportResultSchema>;

/** Spec 01 §7 "Export": PUT /site/export, and the download of a background export. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.jobs.define(EXPORT_JOB_KIND, {
    payload: siteExportRequestSchema,
    // The file is `stored`, not `file`: named here so that it is deleted after the retention.
    exportKeyOf: (result) => {
      const parsed = exportResultSchema.safeParse(result);
      return parsed.success ? parsed.data.stored.key : null;
    },
    // A GIS conversion that failed once fails again; a database blip may not.
    maxAttempts: 2,
    handler: async (context): Promise<ExportResult> => {
      const plan = await planExport(context.db, context.job.tenantId, context.payload);
      const built = await buildExportFile(context.db, plan, {
        signal: context.signal,
        progress: (done, total) => context.progress(done, total),
      });
      try {
        const key = exportStorageKey(context.job.id, built.name);
        const stored = await context.storage.put(context.job.tenantId, 'exports', key, readAndRemove(built), {
          contentType: built.contentType,
        });
        context.log.info({ total: plan.total, size: stored.size }, 'export written');
        return {
          download: { url: exportDownloadPath(context.job.id), name: built.name },
          stored: { key, contentType: built.contentType, size: stored.size },
          total: plan.total,
        };
      } finally {
        await built.cleanup();
      }
    },
  });

  app.put(
    '/site/export',
    {
      config: read,
      bodyLimit: EXPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: `Sites as CSV, Excel, GeoJSON, Shapefile, GeoPackage, KML or FlatGeobuf: the file itself for up to ${EXPORT_LIMITS.syncMaxSites.toLocaleString('en-GB')} sites, else 202 and a background job whose notification links the file`,
        body: siteExportRequestSchema,
        // 200 is the file itself (any of seven types), so it has no JSON schema.
        response: { 202: siteExportQueuedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const plan = await planExport(db, auth.tenantId, request.body);
      if (plan.total === 0) throw notFound(exportMessages.noSites);
      await recordAuditAlone(db, auth.tenantId, request, {
        action: 'export.sites',
        targetType: plan.input.listId ? 'site-list' : 'site',
        targetId: plan.input.listId ?? null,
        summary: `Exported ${plan.total} ${plan.total === 1 ? 'site' : 'sites'} as ${plan.input.file_type} (${plan.fileName})`,
        details: {
          fileType: plan.input.file_type,
          total: plan.total,
          source: plan.input.site_ids
            ? 'ids'
            : plan.input.listId
              ? 'list'
              : plan.input.filters
                ? 'filters'
                : 'all',
          ...(plan.input.filters && { filters: plan.input.filters }),
          ...(plan.input.scenario && { scenario: plan.input.scenario }),
          fields: plan.input.selected_fields,
          background: plan.total > app.config.exportSyncMaxSites,
        },
      });
      // Read per request: a journey may lower it on a running app to see the background path.
      if (plan.total > app.config.exportSyncMaxSites) {
        const { jobId, notificationId } = await app.jobs.enqueue(db, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          kind: EXPORT_JOB_KIND,
          payload: request.body,
          notify: { label: exportMessages.notificationLabel, message: plan.fileName },
        });
        return reply.status(202).send({ jobId, notificationId, total: plan.total });
      }
      const built = await buildExportFile(db, plan);
      reply.header('x-export-count', String(plan.total));
      return sendFile(reply, readAndRemove(built), built);
    },
  );

  app.get(
    '/site/export/:jobId',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The state of one of your background exports and, once done, its download link (the export screen polls it; no bell needed)',
        params: siteExportJobParamsSchema,
        response: { 200: siteExportStatusSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const job = await ownExportJob(auth, request.params.jobId);
      const expired = job.status === 'succeeded' && app.jobs.isExpired(job);
      const result = exportResultSchema.safeParse(job.result);
      return {
        jobId: job.id,
        status: job.status,
        progress: job.progress,
        download: result.success && !expired ? result.data.download : null,
        expired,
      };
    },
  );

  /** The user's own export job; another user's, or another kind, is as unknown as a missing one. */
  async function ownExportJob(auth: { tenantId: string; userId: string }, jobId: string) {
    const job = await app.jobs.read(auth.tenantId, jobId).catch((error: unknown) => {
      throw error instanceof HttpError && error.statusCode === 404
        ? notFound(exportMessages.notFound)
        : error;
    });
    if (job.kind !== EXPORT_JOB_KIND || job.userId !== auth.userId) throw notFound(exportMessages.notFound);
    return job;
  }

  app.get(
    '/site/export/:jobId/download',
    {
      config: read,
      schema: {
        tags,
        summary: 'The file of a finished background export (its owner only)',
        params: siteExportJobParamsSchema,
        // 410 once the file has passed EXPORT_RETENTION_HOURS.
        response: { 409: errorBodySchema, 410: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const job = await ownExportJob(auth, request.params.jobId);
      if (job.status === 'failed' || job.status === 'cancelled') throw notFound(exportMessages.failed);
      if (job.status !== 'succeeded') throw new HttpError(409, exportMessages.notReady);
      if (app.jobs.isExpired(job)) throw downloadExpired();
      const result = exportResultSchema.safeParse(job.result);
      if (!result.success) throw notFound(exportMessages.notFound);
      const { stored: file, download } = result.data;
      const body = await app.storage.get(auth.tenantId, 'exports', file.key);
      return sendFile(reply, body, { name: download.name, contentType: file.contentType, size: file.size });
    },
  );
};

/** A file as the answer: its type, its size and a download name (the 200 has no JSON schema). */
function sendFile(
  reply: FastifyReply,
  body: Readable,
  file: { name: string; contentType: string; size: number },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.name))
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}
