import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE_PATH,
  canPreview,
  downloadQuerySchema,
  errorBodySchema,
  fileIdSchema,
  fileMessages,
  hasGrants,
  scanQueuedSchema,
  signedUrlSchema,
  siteFilesSchema,
  uploadAnswerSchema,
  uploadMetadataSchema,
  type ScanStatus,
  type UploadMetadata,
} from '@planning/shared';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { grantsOf } from '../access/access.guard';
import { requireLiveSite } from '../sites/site-record.service';
import {
  deleteSiteFile,
  downloadRefusal,
  listSiteFiles,
  liveFile,
  presentFile,
  receiveUpload,
  recordUpload,
  scanUploadedFile,
  downloadUrl,
  type FilePolicy,
  type FileRow,
  type UploadPart,
} from './files.service';
import { createFileSigner, loadSigningKey, type FileSigner } from './files.signing';
import {
  acceptUploads,
  discardReceived,
  FILE_SCAN_JOB,
  queueScans,
  refuseUnlessUpload,
} from './files.uploads';
import { errorResponses, signedInTenant } from '../../lib/route-helpers';

const id = z.string().regex(/^\d{1,18}$/, 'A site id is a number');
const siteParams = z.object({ id });
const fileParams = z.object({ id, fileId: fileIdSchema });
const errors = errorResponses(400, 401, 403, 404, 413, 415);
const read = { access: [{ unit: 'sites', action: 'read' }] } as const;
const write = { access: [{ unit: 'sites', action: 'write' }] } as const;
const remove = { access: [{ unit: 'sites', action: 'delete' }] } as const;
const tags = ['files'];

/** Spec 01 §7 "History and files" and "/file": uploads, lists, signed downloads and deletes. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin only: no other route accepts multipart bodies.
  await acceptUploads(app);

  if (app.config.nodeEnv === 'production' && !app.config.fileSigningSecret)
    app.log.warn(
      'FILE_SIGNING_SECRET is not set: download links are signed with a key kept in DATA_DIR, which other server processes do not share',
    );
  let signer: FileSigner | null = null;
  const signerOf = async () =>
    (signer ??= createFileSigner(await loadSigningKey(app.config.fileSigningSecret, app.config.dataDir)));
  const clamd = app.config.clamd;

  app.jobs.define<{ fileId: string }>(FILE_SCAN_JOB, {
    payload: z.object({ fileId: fileIdSchema }),
    // A scanner that is down for a while: 1, 2, 4, 8 … times the base delay, then 'fail' for good.
    maxAttempts: 8,
    handler: (context) => scanUploadedFile(context, clamd),
  });

  const inTenant = signedInTenant(app.database.db);
  const policyOf = async (request: FastifyRequest): Promise<FilePolicy> => {
    const grants = await grantsOf(request);
    return {
      mayWrite: hasGrants(grants, write.access),
      mayDelete: hasGrants(grants, remove.access),
      scannerConfigured: clamd !== null,
    };
  };
  const present = async (request: FastifyRequest, rows: FileRow[]) => {
    const [policy, fileSigner] = await Promise.all([policyOf(request), signerOf()]);
    const tenantId = requireAuth(request).tenantId;
    return rows.map((row) => presentFile(row, policy, fileSigner, tenantId, API_BASE_PATH));
  };
  const list = (status?: ScanStatus) => async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const rows = await inTenant(request, async (trx) => {
      await requireLiveSite(trx, request.params.id);
      return listSiteFiles(trx, request.params.id, status);
    });
    return { files: await present(request, rows) };
  };

  /** Receives the files into 'unscanned', then records them and queues their scans in one transaction. */
  const upload = async (request: FastifyRequest, reply: FastifyReply, siteIdFromPath: string | null) => {
    const auth = requireAuth(request);
    refuseUnlessUpload(request);
    // A missing site is refused before a byte is stored.
    if (siteIdFromPath) await inTenant(request, (trx) => requireLiveSite(trx, siteIdFromPath));
    const { files, metadata: metadataText } = await receiveUpload(
      request.parts() as AsyncIterable<UploadPart>,
      app.storage,
      auth.tenantId,
    );
    try {
      const metadata = parseMetadata(metadataText);
      const siteId = siteIdFromPath ?? metadata.siteId ?? null;
      const rows = await inTenant(request, async (trx) => {
        if (siteId) await requireLiveSite(trx, siteId);
        const recorded = await recordUpload(trx, auth, siteId, files, metadata.description ?? null);
        await queueScans(app, trx, auth, files);
        return recorded;
      });
      return reply.status(201).send({ files: await present(request, rows) });
    } catch (error) {
      await discardReceived(app.storage, auth.tenantId, files);
      throw error;
    }
  };

  app.post(
    '/site/:id/files',
    {
      config: write,
      schema: {
        tags,
        summary:
          "Uploads files to a site: multipart field 'fileCollection' (png, jpeg or pdf; at most 10, 32MB in all) and an optional JSON 'metadata'",
        consumes: ['multipart/form-data'],
        params: siteParams,
        response: { 201: uploadAnswerSchema, ...errors },
      },
    },
    async (request, reply) => upload(request, reply, request.params.id),
  );

  app.post(
    '/file',
    {
      config: write,
      schema: {
        tags,
        summary: "Uploads files, for a site when the 'metadata' field names one (siteId)",
        consumes: ['multipart/form-data'],
        response: { 201: uploadAnswerSchema, ...errors },
      },
    },
    async (request, reply) => upload(request, reply, null),
  );

  app.get(
    '/site/:id/files',
    {
      config: read,
      schema: {
        tags,
        summary: "The site's files with their scan status (spec 01 §3 File), newest first",
        params: siteParams,
        response: { 200: siteFilesSchema, ...errors },
      },
    },
    list(),
  );

  app.get(
    '/site/:id/files/unscanned',
    {
      config: read,
      schema: {
        tags,
        summary: "The site's files not yet scanned (or with no scanner configured)",
        params: siteParams,
        response: { 200: siteFilesSchema, ...errors },
      },
    },
    list('unscanned'),
  );

  app.get(
    '/site/:id/files/quarantined',
    {
      config: read,
      schema: {
        tags,
        summary: "The site's files in which the scanner found a virus (never downloadable)",
        params: siteParams,
        response: { 200: siteFilesSchema, ...errors },
      },
    },
    list('quarantined'),
  );

  app.delete(
    '/site/:id/files/:fileId',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Deletes a file of the site (a FILE history item records it)',
        params: fileParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await inTenant(request, async (trx) => {
        await requireLiveSite(trx, request.params.id);
        return deleteSiteFile(trx, auth, request.params.id, request.params.fileId);
      });
      // After the commit: the row says deleted first, so a failed removal leaves no live link.
      await app.storage.delete(auth.tenantId, file.bucket, file.key).catch((error: unknown) => {
        request.log.warn({ err: error, fileId: file.id }, 'deleted file: object not removed');
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/files/:fileId/scan',
    {
      config: write,
      schema: {
        tags,
        summary: 'Scans a file again whose scan failed (or that came before a scanner was configured)',
        params: z.object({ fileId: fileIdSchema }),
        response: { 202: scanQueuedSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!clamd) throw conflict(fileMessages.noScannerConfigured);
      const { jobId } = await inTenant(request, async (trx) => {
        const file = await liveFile(trx, request.params.fileId);
        if (file.bucket !== 'unscanned') throw conflict(fileMessages.alreadyScanned);
        // One scan at a time: a job still retrying would race the new one for the same object.
        const pending = await trx
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', FILE_SCAN_JOB)
          .where('status', 'in', ['queued', 'running'])
          .where(sql<boolean>`payload ->> 'fileId' = ${file.id}`)
          .executeTakeFirst();
        if (pending) throw conflict(fileMessages.waitingForScan);
        return app.jobs.enqueue(trx, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          kind: FILE_SCAN_JOB,
          payload: { fileId: file.id },
        });
      });
      return reply.status(202).send({ jobId });
    },
  );

  app.get(
    '/files/:fileId/signed-url',
    {
      config: read,
      schema: {
        tags,
        summary: 'A download link for the file, valid for 5 minutes (the download checks access again)',
        params: z.object({ fileId: fileIdSchema }),
        response: { 200: signedUrlSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const file = await inTenant(request, (trx) => liveFile(trx, request.params.fileId));
      const refusal = downloadRefusal(file.scan_status, (await policyOf(request)).mayWrite);
      if (refusal) throw forbidden(fileMessages.downloadError(refusal));
      const { token, expiresAt } = (await signerOf()).sign(auth.tenantId, file.id);
      return { signedUrl: downloadUrl(API_BASE_PATH, token), expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/files/download',
    {
      config: read,
      schema: {
        tags,
        summary:
          "A file's bytes by its signed link: images inline on request, everything else as an attachment",
        querystring: downloadQuerySchema,
        response: { ...errors },
      },
      // Files are sent as stored: images and PDFs are compressed already.
      compress: false,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const verified = (await signerOf()).verify(request.query.token, auth.tenantId);
      if (verified === 'expired') throw forbidden(fileMessages.downloadError(fileMessages.linkExpired));
      if (verified === 'invalid') throw forbidden(fileMessages.downloadError(fileMessages.linkInvalid));
      const file = await inTenant(request, (trx) =>
        liveFile(trx, verified.fileId, fileMessages.downloadError(fileMessages.fileNotFound)),
      );
      // The grant is checked now, not when the link was made: a link outlives no change of role.
      const refusal = downloadRefusal(file.scan_status, (await policyOf(request)).mayWrite);
      if (refusal) throw forbidden(fileMessages.downloadError(refusal));
      const body = await app.storage.get(auth.tenantId, file.bucket, file.key);
      const inline =
        request.query.disposition === 'inline' &&
        canPreview({ name: file.name, contentType: file.content_type });
      return sendFile(reply, file, body, inline);
    },
  );
};

function sendFile(reply: FastifyReply, file: FileRow, body: Readable, inline: boolean) {
  return (
    reply
      .header('content-type', file.content_type)
      .header('content-length', file.size)
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${file.name}"`)
      .header('x-content-type-options', 'nosniff')
      // An SVG (or anything opened directly) runs no script and loads nothing: a sandboxed,
      // origin-less document even when shown inline.
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      )
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', 'private, no-store')
      .send(body)
  );
}

function parseMetadata(text: string | null): UploadMetadata {
  if (text === null || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(fileMessages.metadataInvalid);
  }
  const parsed = uploadMetadataSchema.safeParse(value);
  if (!parsed.success) {
    throw badRequest(
      fileMessages.metadataInvalid,
      parsed.error.issues.map((issue) => ({
        path: ['metadata', ...issue.path.map(String)].join('.'),
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}
