import { sql } from 'kysely';
import {
  consultationMessages,
  representationMessages,
  type DocumentAttachment,
  type ScanStatus,
} from '@planning/shared';
import { notFound } from '../../lib/errors';
import type { Actor, Trx } from '../consultations/consultations.access';
import type { ReceivedFile } from '../files/files.service';
import type { BucketName } from '../storage/storage';

/**
 * A representation's attachments (the letter's scan, a plan it enclosed) are files like any
 * upload: received by the files module (type from content, size limits), scanned by its job, and
 * moved on a clean scan to their home bucket. This table only says which representation holds them.
 */
export const ATTACHMENT_BUCKET = 'consultations-attachments' satisfies BucketName;

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

const COLUMNS = sql`f.id, f.name, f.content_type, f.size::text as size, f.scan_status, f.bucket, f.key, f.created_at`;

export async function requireLiveRepresentation(trx: Trx, id: string): Promise<void> {
  const row = await trx
    .selectFrom('representations')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(representationMessages.notFound);
}

export async function listAttachments(trx: Trx, representationId: string): Promise<AttachmentRow[]> {
  const { rows } = await sql<AttachmentRow>`select ${COLUMNS}
    from representation_attachments ra join files f on f.id = ra.file_id and f.deleted_at is null
    where ra.representation_id = ${representationId}
    order by ra.created_at, f.name`.execute(trx);
  return rows;
}

export async function oneAttachment(
  trx: Trx,
  representationId: string,
  fileId: string,
): Promise<AttachmentRow> {
  await requireLiveRepresentation(trx, representationId);
  const { rows } = await sql<AttachmentRow>`select ${COLUMNS}
    from representation_attachments ra join files f on f.id = ra.file_id and f.deleted_at is null
    where ra.representation_id = ${representationId} and ra.file_id = ${fileId}`.execute(trx);
  if (!rows[0]) throw notFound(consultationMessages.attachmentNotFound);
  return rows[0];
}

/** Records received files as the representation's, waiting in 'unscanned' for their scan. */
export async function recordAttachments(
  trx: Trx,
  uploader: Actor & { userId: string },
  representationId: string,
  files: readonly ReceivedFile[],
): Promise<void> {
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
        uploaded_by_name: uploader.name,
      })),
    )
    .execute();
  await trx
    .insertInto('representation_attachments')
    .values(
      files.map((file) => ({
        tenant_id: uploader.tenantId,
        representation_id: representationId,
        file_id: file.id,
      })),
    )
    .execute();
}

/** Marks the file deleted; the caller removes the object once this has committed. */
export async function deleteAttachment(
  trx: Trx,
  representationId: string,
  fileId: string,
): Promise<AttachmentRow> {
  const file = await oneAttachment(trx, representationId, fileId);
  await trx.updateTable('files').set({ deleted_at: new Date() }).where('id', '=', fileId).execute();
  await trx
    .deleteFrom('representation_attachments')
    .where('representation_id', '=', representationId)
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

/** As for site files: clean for anyone with read; unscanned or failed only for writers; quarantined never. */
export const mayDownload = (file: AttachmentRow, canWrite: boolean) =>
  file.scan_status === 'clean' || (file.scan_status !== 'quarantined' && canWrite);
