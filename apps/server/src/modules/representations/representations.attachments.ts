import { consultationMessages, representationMessages } from '@planning/shared';
import { notFound } from '../../lib/errors';
import type { Trx } from '../consultations/consultations.access';
import type { AttachmentHolder } from '../files/files.attachments';

/**
 * A representation's attachments (the letter's scan, a plan it enclosed): files of the files
 * module, moved on a clean scan to their home bucket 'consultations-attachments'; the table
 * representation_attachments says which representation holds them.
 */
export const representationAttachments = {
  table: 'representation_attachments',
  column: 'representation_id',
  homeBucket: 'consultations-attachments',
  notFound: consultationMessages.attachmentNotFound,
} as const satisfies AttachmentHolder;

export async function requireLiveRepresentation(trx: Trx, id: string): Promise<void> {
  const row = await trx
    .selectFrom('representations')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(representationMessages.notFound);
}
