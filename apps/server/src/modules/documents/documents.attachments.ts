import { documentMessages } from '@planning/shared';
import type { AttachmentHolder } from '../files/files.attachments';

/**
 * A document's attachments (spec 03 §3.8): files of the files module, moved on a clean scan to
 * their home bucket 'documents-attachments'; the table document_attachments says which document
 * holds them.
 */
export const documentAttachments = {
  table: 'document_attachments',
  column: 'document_id',
  homeBucket: 'documents-attachments',
  notFound: documentMessages.attachmentNotFound,
} as const satisfies AttachmentHolder;
