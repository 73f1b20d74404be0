import { sql, type Transaction } from 'kysely';
import { siteMessages, type HistoryItem } from '@planning/shared';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import {
  editorName,
  historyByIds,
  historyItem,
  HISTORY_COLUMNS,
  requireLiveSite,
  type Editor,
  type HistoryRow,
} from './site-record.service';

type Trx = Transaction<Database>;

/** Spec 01 §7 notes: NOTE history items of a site, each editable only by its author. */

const noteOf = (item: HistoryItem) => ({
  id: item.id,
  note_content: item.content ?? '',
  user_id: item.user_id,
  user_name: item.user_name,
  date: item.date,
  edited_at: item.edited_at,
});

export async function listNotes(trx: Trx, siteId: string) {
  await requireLiveSite(trx, siteId);
  const { rows } = await sql<HistoryRow>`select ${HISTORY_COLUMNS} from site_history h
    where h.site_id = ${siteId} and h.type = 'NOTE' order by h.id desc`.execute(trx);
  return rows.map((row) => noteOf(historyItem(row)));
}

/** Spec 01 §7 save note: a NOTE history item by the signed-in user. */
export async function addNote(trx: Trx, editor: Editor, siteId: string, content: string) {
  await requireLiveSite(trx, siteId);
  const row = await trx
    .insertInto('site_history')
    .values({
      tenant_id: editor.tenantId,
      site_id: siteId,
      type: 'NOTE',
      user_id: editor.userId,
      user_name: await editorName(trx, editor.userId),
      content,
    })
    .returning(sql<string>`id::text`.as('id'))
    .executeTakeFirstOrThrow();
  return noteOf((await historyByIds(trx, [row.id]))[0]!);
}

/** Spec 01 §5: a user may edit (or delete) a note only if it is their own. */
async function ownNote(trx: Trx, editor: Editor, siteId: string, noteId: string) {
  await requireLiveSite(trx, siteId);
  const note = await trx
    .selectFrom('site_history')
    .select('user_id')
    .where('id', '=', noteId as never)
    .where('site_id', '=', siteId)
    .where('type', '=', 'NOTE')
    .executeTakeFirst();
  if (!note) throw notFound(siteMessages.noteNotFound);
  if (note.user_id !== editor.userId) throw forbidden(siteMessages.noteNotYours);
}

export async function editNote(trx: Trx, editor: Editor, siteId: string, noteId: string, content: string) {
  await ownNote(trx, editor, siteId, noteId);
  await sql`update site_history set content = ${content}, edited_at = now() where id = ${noteId}`.execute(
    trx,
  );
  return noteOf((await historyByIds(trx, [noteId]))[0]!);
}

export async function deleteNote(trx: Trx, editor: Editor, siteId: string, noteId: string) {
  await ownNote(trx, editor, siteId, noteId);
  await sql`delete from site_history where id = ${noteId}`.execute(trx);
}
