import { randomUUID } from 'node:crypto';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { sql, type Transaction } from 'kysely';
import {
  FILE_LIMITS,
  fileMessages,
  isUploadType,
  storedFileName,
  type ScanStatus,
  type SiteFile,
  type UploadType,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import type { BucketName, Storage } from '../storage/storage';
import { PermanentJobError, type JobContext } from '../jobs/jobs.queue';
import { scanStream, type ClamdOptions } from './files.scan';
import type { FileSigner } from './files.signing';
import { discardReceived } from './files.uploads';

type Trx = Transaction<Database>;

export type Uploader = { tenantId: string; userId: string };

/** One file of an upload, already in the council's 'unscanned' bucket. */
export type ReceivedFile = {
  id: string;
  key: string;
  origName: string;
  name: string;
  contentType: UploadType;
  size: number;
};

export type FileRow = {
  id: string;
  site_id: string | null;
  bucket: BucketName;
  home_bucket: BucketName;
  key: string;
  orig_name: string;
  name: string;
  content_type: string;
  size: string;
  scan_status: ScanStatus;
  uploaded_by: string | null;
  uploaded_by_name: string;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
};

const FILE_COLUMNS = sql`f.id::text as id, f.site_id::text as site_id, f.bucket, f.home_bucket, f.key,
  f.orig_name, f.name, f.content_type, f.size::text as size, f.scan_status, f.uploaded_by::text as uploaded_by,
  f.uploaded_by_name, f.created_at, f.updated_at, f.deleted_at`;

const tooLarge = (message: string) => new HttpError(413, message);

/**
 * Counts what passes: past the per-file or the per-request limit the stream fails, so the
 * storage driver discards the partial object and nothing over the limit is ever kept.
 */
class ByteLimit extends Transform {
  size = 0;
  constructor(
    private readonly total: { bytes: number },
    private readonly onTooMuch: (which: 'file' | 'total') => Error,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    this.total.bytes += chunk.length;
    if (this.size > FILE_LIMITS.maxFileBytes) return done(this.onTooMuch('file'));
    if (this.total.bytes > FILE_LIMITS.maxTotalBytes) return done(this.onTooMuch('total'));
    done(null, chunk);
  }
}

/** What a multipart part looks like to us (@fastify/multipart's part, narrowed). */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; file: Readable };

/**
 * Spec 01 §5 uploads, streamed: each file's first bytes decide its type (png, jpeg or pdf, never
 * its name or the client's header), then it flows into the 'unscanned' bucket through a byte
 * counter; no file is ever held whole in memory. On any refusal the files already stored for this
 * request are removed. Resolves with the files and the metadata field's text.
 */
export async function receiveUpload(
  parts: AsyncIterable<UploadPart>,
  storage: Storage,
  tenantId: string,
): Promise<{ files: ReceivedFile[]; metadata: string | null }> {
  const files: ReceivedFile[] = [];
  const total = { bytes: 0 };
  let metadata: string | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== FILE_LIMITS.metadataField || typeof part.value !== 'string')
          throw new HttpError(400, fileMessages.unexpectedField);
        metadata = part.value;
        continue;
      }
      if (part.fieldname !== FILE_LIMITS.field) throw new HttpError(400, fileMessages.unexpectedField);
      if (files.length >= FILE_LIMITS.maxFiles) throw tooLarge(fileMessages.tooManyFiles);
      files.push(await storeOne(part, storage, tenantId, total));
    }
  } catch (error) {
    await discardReceived(storage, tenantId, files);
    throw asUploadError(error);
  }
  if (files.length === 0) throw new HttpError(400, fileMessages.filesEmpty);
  return { files, metadata };
}

const SNIFF_BYTES = 4100;

/**
 * Reads a stream's first `size` bytes (fewer if it ends first, none if empty), leaving the rest
 * in the stream, paused, for whoever reads it next.
 */
export function readStart(stream: Readable, size: number): Promise<Buffer> {
  if (stream.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = () => {
      stream.off('readable', onReadable);
      stream.off('end', finish);
      stream.off('error', onError);
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stream.off('readable', onReadable);
      stream.off('end', finish);
      reject(error);
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while (length < size && (chunk = stream.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        length += chunk.length;
      }
      if (length >= size) finish();
    };
    stream.on('readable', onReadable);
    stream.once('end', finish);
    stream.once('error', onError);
  });
}

async function storeOne(
  part: Extract<UploadPart, { type: 'file' }>,
  storage: Storage,
  tenantId: string,
  total: { bytes: number },
): Promise<ReceivedFile> {
  // A name holding NUL or another control character cannot be stored (PostgreSQL refuses NUL).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(part.filename)) {
    part.file.resume();
    throw new HttpError(400, fileMessages.nameInvalid);
  }
  // The first bytes decide the type. Read here rather than by file-type's stream, which never
  // settles on an empty stream (a 0-byte part held the connection open: issue 25 point 2).
  const head = await readStart(part.file, SNIFF_BYTES);
  if (head.length === 0) throw new HttpError(400, fileMessages.emptyFile(part.filename || 'file'));
  const contentType = (await fileTypeFromBuffer(head))?.mime;
  if (!contentType || !isUploadType(contentType)) {
    part.file.resume();
    throw new HttpError(400, fileMessages.onlyImagesAndPdf);
  }
  const sniffed = Readable.from(
    (async function* () {
      yield head;
      yield* part.file;
    })(),
  );
  const id = randomUUID();
  const counter = new ByteLimit(total, (which) =>
    tooLarge(which === 'file' ? fileMessages.fileTooLarge : fileMessages.totalTooLarge),
  );
  // pipeline hands on the first failure (a too-large part, a broken request) to the last stream.
  const body = pipeline(sniffed, counter, () => undefined);
  const origName = part.filename.slice(0, 1000) || 'file';
  const stored = await storage.put(tenantId, 'unscanned', id, body, { contentType });
  if (counter.errored) throw counter.errored;
  return {
    id,
    key: id,
    origName,
    name: storedFileName(origName, contentType),
    contentType,
    size: stored.size,
  };
}

/** Fastify's and busboy's refusals, in the words of spec 01 §5; anything else is passed on. */
export function asUploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return tooLarge(fileMessages.tooManyFiles);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(fileMessages.fileTooLarge);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
    return new HttpError(400, fileMessages.unexpectedField);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, fileMessages.notMultipart);
  const message = error instanceof Error ? error.message : '';
  // busboy's words for a body that is not well-formed multipart.
  if (/multipart|boundary|unexpected end of form|malformed|part terminated/i.test(message))
    return new HttpError(400, fileMessages.notMultipart);
  return error;
}

/** The uploader's name as the file's row keeps it. */
export async function uploaderName(trx: Trx, userId: string): Promise<string> {
  const row = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name || 'Unknown user';
}

/**
 * Received files' rows, waiting in 'unscanned' until their scan moves them to their home bucket
 * (a site's files, or a record's attachments).
 */
export async function insertUnscanned(
  trx: Trx,
  uploader: Uploader,
  uploaderName: string,
  files: readonly ReceivedFile[],
  place: { siteId: string | null; homeBucket: BucketName; description?: string | null },
): Promise<void> {
  await trx
    .insertInto('files')
    .values(
      files.map((file) => ({
        id: file.id,
        tenant_id: uploader.tenantId,
        site_id: place.siteId,
        bucket: 'unscanned',
        home_bucket: place.homeBucket,
        key: file.key,
        orig_name: file.origName,
        name: file.name,
        content_type: file.contentType,
        size: file.size,
        description: place.description ?? null,
        uploaded_by: uploader.userId,
        uploaded_by_name: uploaderName,
      })),
    )
    .execute();
}

/**
 * The files' rows and, for a site's files, one FILE history item each (action UPLOAD), in the
 * caller's transaction: the history never tells of a file that is not there, nor the reverse.
 */
export async function recordUpload(
  trx: Trx,
  uploader: Uploader,
  siteId: string | null,
  files: readonly ReceivedFile[],
  description: string | null,
): Promise<FileRow[]> {
  const name = await uploaderName(trx, uploader.userId);
  await insertUnscanned(trx, uploader, name, files, { siteId, homeBucket: 'siteFiles', description });
  if (siteId !== null) {
    await trx
      .insertInto('site_history')
      .values(
        files.map((file) => ({
          tenant_id: uploader.tenantId,
          site_id: siteId,
          type: 'FILE' as const,
          user_id: uploader.userId,
          user_name: name,
          file_name: file.name,
          action_type: 'UPLOAD',
        })),
      )
      .execute();
  }
  return filesByIds(
    trx,
    files.map((file) => file.id),
  );
}

async function filesByIds(trx: Trx, ids: readonly string[]): Promise<FileRow[]> {
  const { rows } = await sql<FileRow>`select ${FILE_COLUMNS} from files f
    where f.id = any(${ids}::uuid[]) order by f.created_at desc, f.name`.execute(trx);
  return rows;
}

/** A site's files (not deleted), newest first; of one scan status when asked. */
export async function listSiteFiles(trx: Trx, siteId: string, status?: ScanStatus): Promise<FileRow[]> {
  const { rows } = await sql<FileRow>`select ${FILE_COLUMNS} from files f
    where f.site_id = ${siteId} and f.deleted_at is null
      ${status ? sql`and f.scan_status = ${status}` : sql``}
    order by f.created_at desc, f.name`.execute(trx);
  return rows;
}

/** A file of the council that is not deleted, or 404. */
export async function liveFile(trx: Trx, fileId: string, message: string = fileMessages.fileNotFound) {
  const { rows } = await sql<FileRow>`select ${FILE_COLUMNS} from files f
    where f.id = ${fileId} and f.deleted_at is null`.execute(trx);
  if (!rows[0]) throw notFound(message);
  return rows[0];
}

/**
 * Marks a site's file deleted and writes its FILE history item (action DELETE). The caller removes
 * the object once this has committed: a failed commit must not lose the bytes.
 */
export async function deleteSiteFile(
  trx: Trx,
  uploader: Uploader,
  siteId: string,
  fileId: string,
): Promise<FileRow> {
  const { rows } = await sql<FileRow>`select ${FILE_COLUMNS} from files f
    where f.id = ${fileId} and f.site_id = ${siteId} and f.deleted_at is null for update`.execute(trx);
  const file = rows[0];
  if (!file) throw notFound(fileMessages.fileNotFound);
  await sql`update files set deleted_at = now() where id = ${fileId}`.execute(trx);
  await trx
    .insertInto('site_history')
    .values({
      tenant_id: uploader.tenantId,
      site_id: siteId,
      type: 'FILE',
      user_id: uploader.userId,
      user_name: await uploaderName(trx, uploader.userId),
      file_name: file.name,
      action_type: 'DELETE',
    })
    .execute();
  return file;
}

/** What a caller may do with files: worked out on the server, shown by the web app. */
export type FilePolicy = { mayWrite: boolean; mayDelete: boolean; scannerConfigured: boolean };

/**
 * Spec 01 §3: a quarantined file is never downloadable; an unscanned one (no scanner, or waiting)
 * or one whose scan failed only by staff who may edit sites; a clean one by anyone who may read.
 */
export function downloadRefusal(status: ScanStatus, mayWrite: boolean): string | null {
  if (status === 'quarantined') return fileMessages.quarantined;
  if (status !== 'clean' && !mayWrite) return fileMessages.notScanned;
  return null;
}

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** Spec 01 §3 File, allow-listed: storage keys and buckets never leave the server. */
export function presentFile(
  row: FileRow,
  policy: FilePolicy,
  signer: FileSigner,
  tenantId: string,
  apiBase: string,
): SiteFile {
  const canDownload = downloadRefusal(row.scan_status, policy.mayWrite) === null;
  return {
    name: row.name,
    signedUrl: canDownload ? downloadUrl(apiBase, signer.sign(tenantId, row.id).token) : null,
    metadata: {
      id: row.id,
      name: row.name,
      orig_name: row.orig_name,
      contentType: row.content_type,
      size: Number(row.size),
      kind: 'storage#object',
      selfLink: `${apiBase}/files/${row.id}/signed-url`,
      timeCreated: isoOf(row.created_at),
      updated: isoOf(row.updated_at),
    },
    scannedStatus: row.scan_status,
    siteId: row.site_id,
    uploadedBy: { id: row.uploaded_by, name: row.uploaded_by_name },
    scannerConfigured: policy.scannerConfigured,
    canDownload,
    canDelete: policy.mayDelete,
  };
}

export const downloadUrl = (apiBase: string, token: string) =>
  `${apiBase}/files/download?token=${encodeURIComponent(token)}`;

export type ScanPayload = { fileId: string };

/**
 * The 'file.scan' job: streams the file from the 'unscanned' bucket to clamd, then moves it to its
 * home bucket (clean) or to 'quarantined' (a virus), the row following the object. A scanner that
 * gives no verdict marks the file 'fail' and throws, so the queue tries again with backoff.
 */
export async function scanUploadedFile(
  context: JobContext<ScanPayload>,
  clamd: ClamdOptions | null,
): Promise<{ status: ScanStatus | 'skipped'; signature?: string }> {
  const { job, payload, storage } = context;
  const file = await context.inTenant(async (trx) => {
    const { rows } =
      await sql<FileRow>`select ${FILE_COLUMNS} from files f where f.id = ${payload.fileId}`.execute(trx);
    return rows[0];
  });
  // Deleted meanwhile, or already scanned (a retry after the move committed): nothing to do.
  if (!file || file.deleted_at !== null || file.bucket !== 'unscanned') return { status: 'skipped' };
  // The scanner was switched off after the upload: the file stays unscanned and says so.
  if (!clamd) return { status: 'skipped' };
  if (!(await storage.stat(job.tenantId, 'unscanned', file.key))) {
    // An earlier attempt moved the object and stopped before the row followed: finish its work.
    for (const [bucket, status] of [
      [file.home_bucket, 'clean'],
      ['quarantined', 'quarantined'],
    ] as const) {
      if (await storage.stat(job.tenantId, bucket, file.key)) {
        await context.inTenant((trx) =>
          trx
            .updateTable('files')
            .set({ bucket, scan_status: status, scanned_at: new Date() })
            .where('id', '=', file.id)
            .execute(),
        );
        return { status };
      }
    }
    throw new PermanentJobError(`file ${file.id}: its object is missing`);
  }
  let verdict: Awaited<ReturnType<typeof scanStream>>;
  try {
    verdict = await scanStream(clamd, await storage.get(job.tenantId, 'unscanned', file.key), context.signal);
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await context.inTenant((trx) =>
      trx
        .updateTable('files')
        .set({ scan_status: 'fail', scan_detail: detail })
        .where('id', '=', file.id)
        .where('bucket', '=', 'unscanned')
        .execute(),
    );
    context.log.warn({ fileId: file.id, attempt: job.attempt }, `file scan failed: ${detail}`);
    throw error;
  }
  const target: BucketName = verdict.infected ? 'quarantined' : file.home_bucket;
  const status: ScanStatus = verdict.infected ? 'quarantined' : 'clean';
  await storage.move(job.tenantId, 'unscanned', file.key, target);
  await context.inTenant((trx) =>
    trx
      .updateTable('files')
      .set({
        bucket: target,
        scan_status: status,
        scan_detail: verdict.infected ? verdict.signature.slice(0, 1000) : null,
        scanned_at: new Date(),
      })
      .where('id', '=', file.id)
      .execute(),
  );
  if (verdict.infected)
    context.log.warn({ fileId: file.id, signature: verdict.signature }, 'file quarantined: virus found');
  return verdict.infected ? { status, signature: verdict.signature } : { status };
}
