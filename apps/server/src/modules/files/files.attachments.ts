import { sql, type Transaction } from 'kysely';
import type { DocumentAttachment, ScanStatus } from '@planning/shared';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { BucketName } from '../storage/storage';
import { insertUnscanned, uploaderName, type ReceivedFile, type Uploader } from './files.service';

type Trx = Transaction<Database>;

/**
 * A record's attachments (a document's images and papers, a letter's scan) are files like any
 * upload (spec 03 §3.8): received by this module (type from content, size limits), scanned by its
 * job, and moved on a clean scan to their home bucket. A link table only says which record holds
 * them; this names it, for one kind of record.
 */
export type AttachmentHolder = {
  table: 'document_attachments' | 'representation_attachments' | 'cfs_submission_attachments';
  /** The link table's column that names the record. */
  column: 'document_id' | 'representation_id' | 'submission_id';
  homeBucket: BucketName;
  /** The 404's words for an attachment the record does not hold. */
  notFound: string;
};

export type AttachmentRow = {
  id: string;
  name: string;
  content_type: string;
  size: string;
  scan_status: ScanStatus;
  bucket: BucketName;
  key: string;
  created_at: Date;
};

const COLUMNS = sql`f.id, f.name, f.content_type, f.size::text as size, f.scan_status, f.bucket, f.key,
  f.created_at`;

const heldBy = (holder: AttachmentHolder, recordId: string) =>
  sql`from ${sql.table(holder.table)} a join files f on f.id = a.file_id and f.deleted_at is null
    where ${sql.ref(`a.${holder.column}`)} = ${recordId}`;

/** The record's attachments in the order added (only those that passed the scan, when asked). */
export async function listAttachments(
  trx: Trx,
  holder: AttachmentHolder,
  recordId: string,
  cleanOnly = false,
): Promise<AttachmentRow[]> {
  const { rows } = await sql<AttachmentRow>`select ${COLUMNS} ${heldBy(holder, recordId)}
    ${cleanOnly ? sql`and f.scan_status = 'clean'` : sql``}
    order by a.created_at, f.name`.execute(trx);
  return rows;
}

export async function oneAttachment(
  trx: Trx,
  holder: AttachmentHolder,
  recordId: string,
  fileId: string,
): Promise<AttachmentRow> {
  const { rows } = await sql<AttachmentRow>`select ${COLUMNS} ${heldBy(holder, recordId)}
    and a.file_id = ${fileId}`.execute(trx);
  if (!rows[0]) throw notFound(holder.notFound);
  return rows[0];
}

/** Records received files as the record's attachments, waiting in 'unscanned' for their scan. */
export async function recordAttachments(
  trx: Trx,
  holder: AttachmentHolder,
  uploader: Uploader,
  recordId: string,
  files: readonly ReceivedFile[],
): Promise<void> {
  await insertUnscanned(trx, uploader, await uploaderName(trx, uploader.userId), files, {
    siteId: null,
    homeBucket: holder.homeBucket,
  });
  const links = files.map((file) => sql`(${uploader.tenantId}, ${recordId}, ${file.id})`);
  await sql`insert into ${sql.table(holder.table)} (tenant_id, ${sql.ref(holder.column)}, file_id)
    values ${sql.join(links)}`.execute(trx);
}

/** Marks the file deleted; the caller removes the object once this has committed. */
export async function deleteAttachment(
  trx: Trx,
  holder: AttachmentHolder,
  recordId: string,
  fileId: string,
): Promise<AttachmentRow> {
  const file = await oneAttachment(trx, holder, recordId, fileId);
  await trx.updateTable('files').set({ deleted_at: new Date() }).where('id', '=', fileId).execute();
  await sql`delete from ${sql.table(holder.table)}
    where ${sql.ref(holder.column)} = ${recordId} and file_id = ${fileId}`.execute(trx);
  return file;
}

export function presentAttachment(row: AttachmentRow, downloadPath: string | null): DocumentAttachment {
  return {
    id: row.id,
    name: row.name,
    contentType: row.content_type,
    size: Number(row.size),
    scanStatus: row.scan_status,
    createdAt: new Date(row.created_at).toISOString(),
    downloadPath,
  };
}

/** As for site files: clean for anyone with read; unscanned or failed only for writers; quarantined never. */
export const mayDownload = (file: AttachmentRow, canWrite: boolean) =>
  file.scan_status === 'clean' || (file.scan_status !== 'quarantined' && canWrite);
