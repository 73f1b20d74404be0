import type { TimelineAction } from '@planning/shared';
import { notFound } from '../../lib/errors';
import { representationMessages } from '@planning/shared';
import { iso, type Actor, type Trx } from '../consultations/consultations.access';

export type TimelineEntry = {
  representationId: string;
  action: TimelineAction;
  detail?: Record<string, unknown>;
};

/**
 * A representation's timeline (`representation_events`): who did what and when. Details name
 * statuses, references and redaction types, never a letter's words.
 */
export async function record(trx: Trx, actor: Actor, entries: TimelineEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto('representation_events')
    .values(
      entries.map((entry) => ({
        tenant_id: actor.tenantId,
        representation_id: entry.representationId,
        action: entry.action,
        detail: JSON.stringify(entry.detail ?? {}),
        user_id: actor.userId,
        user_name: actor.name,
      })),
    )
    .execute();
}

/** Newest first. */
export async function timelineOf(trx: Trx, representationId: string) {
  const live = await trx
    .selectFrom('representations')
    .select('id')
    .where('id', '=', representationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!live) throw notFound(representationMessages.notFound);
  const rows = await trx
    .selectFrom('representation_events')
    .select(['id', 'action', 'detail', 'user_name', 'created_at'])
    .where('representation_id', '=', representationId)
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    action: row.action,
    detail: row.detail,
    userName: row.user_name,
    createdAt: iso(row.created_at),
  }));
}
