import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canPreview, documentAttachmentsSchema, fileMessages, type Grant } from '@planning/shared';
import type { Database } from '../../db/schema';
import { contentDisposition } from '../../lib/content-disposition';
import { HttpError } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import {
  deleteAttachment,
  listAttachments,
  mayDownload,
  oneAttachment,
  presentAttachment,
  recordAttachments,
  type AttachmentHolder,
  type AttachmentRow,
} from './files.attachments';
import { receiveUpload, type UploadPart } from './files.service';
import { acceptUploads, discardReceived, queueScans, refuseUnlessUpload } from './files.uploads';

type Trx = Transaction<Database>;
type Action = 'read' | 'write' | 'delete';

const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);

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

export type AttachmentRoutes = {
  /** The record's path, with its id as `:id`: '/documents/:id'. */
  path: string;
  /** The record in the routes' words: 'document', 'representation'. */
  record: string;
  holder: AttachmentHolder;
  tags: string[];
  /** The grant each route needs to read, add or delete attachments. */
  grant: (action: Action) => { access: readonly Grant[] };
  /** The module's transaction for the signed-in user (its flags checked). */
  inTenant: (request: FastifyRequest) => <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;
  /**
   * Throws the module's 404 when the record is not there (or deleted), or the module's refusal
   * when this caller may not reach it now (a submitter's own draft: issue 27).
   */
  requireRecord: (trx: Trx, id: string, request: FastifyRequest) => Promise<unknown>;
  /** Whether the user may change the record: they may also download files not scanned clean yet. */
  canWrite: (request: FastifyRequest) => Promise<boolean>;
  downloadPath: (recordId: string, fileId: string) => string;
};

/**
 * A record's attachments for its staff: list, upload (multipart field 'fileCollection'),
 * download and delete, under `${path}/attachments`. A plugin of its own, so that only these
 * routes take multipart bodies. Every route finds the record first: the attachments of a record
 * that is gone are not found either.
 */
export const attachmentRoutes =
  (options: AttachmentRoutes): FastifyPluginAsyncZod =>
  async (app) => {
    const { path, record, holder, tags, grant, requireRecord, downloadPath } = options;
    const idParams = z.object({ id: z.uuid(`A ${record} id`) });
    const fileParams = z.object({ id: z.uuid(`A ${record} id`), fileId: z.uuid('A file id') });
    await acceptUploads(app);

    app.get(
      `${path}/attachments`,
      {
        config: grant('read'),
        schema: {
          tags,
          summary: `The ${record}'s attachments with their scan status`,
          params: idParams,
          response: { 200: documentAttachmentsSchema, ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        const canWrite = await options.canWrite(request);
        const rows = await options.inTenant(request)(async (trx) => {
          await requireRecord(trx, id, request);
          return listAttachments(trx, holder, id);
        });
        return {
          attachments: rows.map((row) =>
            presentAttachment(row, mayDownload(row, canWrite) ? downloadPath(id, row.id) : null),
          ),
        };
      },
    );

    app.post(
      `${path}/attachments`,
      {
        config: grant('write'),
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
        const { id } = request.params;
        refuseUnlessUpload(request);
        const inTenant = options.inTenant(request);
        // A missing record is refused before a byte is stored.
        await inTenant((trx) => requireRecord(trx, id, request));
        const { files } = await receiveUpload(
          request.parts() as AsyncIterable<UploadPart>,
          app.storage,
          auth.tenantId,
        );
        try {
          await inTenant(async (trx) => {
            await requireRecord(trx, id, request);
            await recordAttachments(trx, holder, auth, id, files);
            await queueScans(app, trx, auth, files);
          });
        } catch (error) {
          await discardReceived(app.storage, auth.tenantId, files);
          throw error;
        }
        const ids = new Set(files.map((file) => file.id));
        const rows = await inTenant((trx) => listAttachments(trx, holder, id));
        return reply.status(201).send({
          attachments: rows
            .filter((row) => ids.has(row.id))
            .map((row) => presentAttachment(row, downloadPath(id, row.id))),
        });
      },
    );

    app.get(
      `${path}/attachments/:fileId/download`,
      {
        config: grant('read'),
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
        const { id, fileId } = request.params;
        const file = await options.inTenant(request)(async (trx) => {
          await requireRecord(trx, id, request);
          return oneAttachment(trx, holder, id, fileId);
        });
        if (!mayDownload(file, await options.canWrite(request)))
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
      `${path}/attachments/:fileId`,
      {
        config: grant('delete'),
        schema: {
          tags,
          summary: 'Deletes an attachment',
          params: fileParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const { id, fileId } = request.params;
        const file = await options.inTenant(request)(async (trx) => {
          await requireRecord(trx, id, request);
          return deleteAttachment(trx, holder, id, fileId);
        });
        await app.storage.delete(auth.tenantId, file.bucket, file.key).catch((error: unknown) => {
          request.log.warn({ err: error, fileId: file.id }, 'deleted attachment: object not removed');
        });
        return reply.status(204).send(null);
      },
    );
  };
