import { sql, type Kysely, type Transaction } from 'kysely';
import {
  isInProgress,
  notificationMessages,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationList,
  type NotificationStatus,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';

type Executor = Kysely<Database> | Transaction<Database>;

export type NewNotification = {
  tenantId: string;
  userId: string;
  status: NotificationStatus;
  label: string;
  message?: string | null;
  details?: Record<string, unknown>;
  completedOutOf?: number;
  jobId?: string | null;
};

/** Writes a notification for one user (in the caller's council transaction). */
export async function createNotification(trx: Executor, notification: NewNotification): Promise<string> {
  const row = await trx
    .insertInto('notifications')
    .values({
      tenant_id: notification.tenantId,
      user_id: notification.userId,
      status: notification.status,
      label: notification.label,
      message: notification.message ?? null,
      details: JSON.stringify(notification.details ?? {}),
      completed_out_of: notification.completedOutOf ?? 0,
      job_id: notification.jobId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type NotificationChange = {
  status?: NotificationStatus;
  message?: string | null;
  details?: Record<string, unknown>;
  completed?: number;
  completedOutOf?: number;
  /** A finished job's news is new again: the bell counts it until the user has seen it. */
  unviewed?: boolean;
};

export async function updateNotification(
  trx: Executor,
  id: string,
  change: NotificationChange,
): Promise<void> {
  await trx
    .updateTable('notifications')
    .set({
      ...(change.status && { status: change.status }),
      ...(change.message !== undefined && { message: change.message }),
      ...(change.details && { details: JSON.stringify(change.details) }),
      ...(change.completed !== undefined && { completed: change.completed }),
      ...(change.completedOutOf !== undefined && { completed_out_of: change.completedOutOf }),
      ...(change.unviewed && { viewed: false }),
    })
    .where('id', '=', id)
    .execute();
}

const columns = [
  'notifications.id',
  'notifications.status',
  'notifications.label',
  'notifications.message',
  'notifications.details',
  'notifications.completed',
  'notifications.completed_out_of',
  'notifications.job_id',
  'notifications.viewed',
  'notifications.archived',
  'notifications.user_id',
  'notifications.created_at',
] as const;

/** The user's notifications, newest first, with how many they have not seen. */
export async function listNotifications(
  trx: Transaction<Database>,
  userId: string,
  archived: boolean,
): Promise<NotificationList> {
  const rows = await trx
    .selectFrom('notifications')
    .leftJoin('jobs', 'jobs.id', 'notifications.job_id')
    .select(columns)
    .select(['jobs.status as job_status'])
    .where('notifications.user_id', '=', userId)
    .where('notifications.archived', '=', archived)
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(NOTIFICATIONS_PAGE_SIZE)
    .execute();
  const unviewed = await trx
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('archived', '=', false)
    .where('viewed', '=', false)
    .executeTakeFirstOrThrow();
  return {
    notifications: rows.map((row): Notification => ({
      id: row.id,
      status: row.status as NotificationStatus,
      label: row.label,
      message: row.message,
      details: row.details,
      completed: row.completed,
      completed_out_of: row.completed_out_of,
      jobId: row.job_id,
      cancellable: row.job_status === 'queued' || row.job_status === 'running',
      viewed: row.viewed,
      archived: row.archived,
      uid: row.user_id,
      created_at: row.created_at.toISOString(),
    })),
    unviewed: unviewed.count,
  };
}

/** Marks the given notifications (all of the user's when none are named) as seen. */
export async function markViewed(
  trx: Transaction<Database>,
  userId: string,
  ids?: string[],
): Promise<number> {
  let query = trx
    .updateTable('notifications')
    .set({ viewed: true })
    .where('user_id', '=', userId)
    .where('viewed', '=', false);
  if (ids) {
    if (ids.length === 0) return 0;
    query = query.where('id', 'in', ids);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The notification, refused unless it is the user's own (spec 02 §6: matched by user id). */
async function ownNotification(trx: Transaction<Database>, userId: string, id: string) {
  const row = await trx
    .selectFrom('notifications')
    .select(['id', 'user_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(notificationMessages.notFound);
  if (row.user_id !== userId) throw forbidden(notificationMessages.notYours);
  return row;
}

export async function setArchived(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  archived: boolean,
): Promise<void> {
  await ownNotification(trx, userId, id);
  // An archived notification has been dealt with: it no longer counts as unseen.
  await trx
    .updateTable('notifications')
    .set({ archived, ...(archived && { viewed: true }) })
    .where('id', '=', id)
    .execute();
}

export async function deleteNotification(
  trx: Transaction<Database>,
  userId: string,
  id: string,
): Promise<void> {
  const row = await ownNotification(trx, userId, id);
  if (isInProgress(row.status as NotificationStatus)) throw conflict(notificationMessages.stillRunning);
  await trx.deleteFrom('notifications').where('id', '=', id).execute();
}
