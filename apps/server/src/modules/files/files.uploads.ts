import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { FILE_LIMITS, fileMessages } from '@planning/shared';
import type { Database } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { Storage } from '../storage/storage';
import type { ReceivedFile, Uploader } from './files.service';

/** The job that scans an uploaded file and moves it to its home bucket (or to 'quarantined'). */
export const FILE_SCAN_JOB = 'file.scan';

// A multipart body is the files plus a little framing: anything much larger is refused unread.
const MULTIPART_OVERHEAD = 1024 * 1024;

/**
 * Lets the calling plugin's routes take spec 01 §5 uploads as multipart bodies. Register it in the
 * plugin that holds the upload routes only: no other route should accept multipart bodies.
 */
export async function acceptUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      // One byte over each limit reaches our own counter, which answers in the spec's words.
      fileSize: FILE_LIMITS.maxFileBytes + 1,
      files: FILE_LIMITS.maxFiles + 1,
      fields: 2,
      fieldSize: 16 * 1024,
      parts: FILE_LIMITS.maxFiles + 3,
      headerPairs: 50,
    },
  });
}

/** Refuses, before a byte is read, a body that is not multipart (415) or says it is too large (413). */
export function refuseUnlessUpload(request: FastifyRequest): void {
  if (!request.isMultipart()) throw new HttpError(415, fileMessages.notMultipart);
  if (Number(request.headers['content-length'] ?? 0) > FILE_LIMITS.maxTotalBytes + MULTIPART_OVERHEAD)
    throw new HttpError(413, fileMessages.totalTooLarge);
}

/** Queues each file's scan in the transaction that records it; with no scanner they stay unscanned. */
export async function queueScans(
  app: Pick<FastifyInstance, 'jobs' | 'config'>,
  trx: Transaction<Database>,
  uploader: Uploader,
  files: readonly ReceivedFile[],
): Promise<void> {
  if (!app.config.clamd) return;
  for (const file of files)
    await app.jobs.enqueue(trx, {
      tenantId: uploader.tenantId,
      userId: uploader.userId,
      kind: FILE_SCAN_JOB,
      payload: { fileId: file.id },
    });
}

/** Removes received files from 'unscanned' when recording them failed (one already gone is no matter). */
export const discardReceived = (storage: Storage, tenantId: string, files: readonly ReceivedFile[]) =>
  Promise.all(files.map((file) => storage.delete(tenantId, 'unscanned', file.key).catch(() => undefined)));
