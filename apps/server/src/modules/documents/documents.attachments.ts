import { sql, type Transaction } from 'kysely';
import { documentMessages, type DocumentAttachment, type ScanStatus } from '@planning/shared';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { BucketName } from '../storage/storage';
import type { ReceivedFile } from '../files/files.service';

type Trx = Transaction<Database>;

/**
 * A document's attachments are files like any upload (spec 03 §3.8): received by the files
 * module (type from content, size limits), scanned by its job, and moved on a clean scan to their
 * home bucket 'documents-attachments'. This table only says which document holds them.
 */
export const ATTACHMENT_BUCKET = 'documents-attachments' satisfies BucketName;

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

export async function listAttachments(
  trx: Trx,
  documentId: string,
  cleanOnly: boolean,
): Promise<AttachmentRow[]> {
  const { rows } = await sql<AttachmentRow>`select ${COLUMNS}
    from document_attachments da join files f on f.id = da.file_id and f.deleted_at is null
    where da.document_id = ${documentId} ${cleanOnly ? sql`and f.scan_status = 'clean'` : sql``}
    order by da.created_at, f.name`.execute(trx);
  return rows;
}

export async function oneAttachment(trx: Trx, documentId: string, fileId: string): Promise<AttachmentRow> {
  const { rows } = await sql<AttachmentRow>`select ${COLUMNS}
    from document_attachments da join files f on f.id = da.file_id and f.deleted_at is null
    where da.document_id = ${documentId} and da.file_id = ${fileId}`.execute(trx);
  if (!rows[0]) throw notFound(documentMessages.attachmentNotFound);
  return rows[0];
}

/** Records received files as the document's attachments, waiting in 'unscanned' for their scan. */
export async function recordAttachments(
  trx: Trx,
  uploader: { tenantId: string; userId: string },
  documentId: string,
  files: readonly ReceivedFile[],
): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select('name')
    .where('id', '=', uploader.userId)
    .executeTakeFirst();
  await trx
    .insertInto('files')
    .values(
      files.map((file) => ({
        id: file.id,
        tenant_id: uploader.tenantId,
        site_id: null,
        bucket: 'unscanned',
        home_bucket: ATTACHMENT_BUCKET,
        key: file.key,
        orig_name: file.origName,
        name: file.name,
        content_type: file.contentType,
        size: file.size,
        uploaded_by: uploader.userId,
        uploaded_by_name: user?.name || 'Unknown user',
      })),
    )
    .execute();
  await trx
    .insertInto('document_attachments')
    .values(
      files.map((file) => ({ tenant_id: uploader.tenantId, document_id: documentId, file_id: file.id })),
    )
    .execute();
}

/** Marks the file deleted; the caller removes the object once this has committed. */
export async function deleteAttachment(trx: Trx, documentId: string, fileId: string): Promise<AttachmentRow> {
  const file = await oneAttachment(trx, documentId, fileId);
  await trx.updateTable('files').set({ deleted_at: new Date() }).where('id', '=', fileId).execute();
  await trx
    .deleteFrom('document_attachments')
    .where('document_id', '=', documentId)
    .where('file_id', '=', fileId)
    .execute();
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
