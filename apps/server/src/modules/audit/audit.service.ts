import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import {
  AUDIT_LOG_LIMITS,
  auditActions,
  auditCsvColumns,
  type AuditAction,
  type AuditEntry,
  type AuditLogFilter,
  type AuditLogPage,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { escapeLike } from '../../lib/table-query';
import { csvLine as line } from '../export/export.formats';

type Trx = Transaction<Database>;
type Where = ExpressionBuilder<Database, 'audit_log'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Days are the council's days: a UK council reads "24 November" as London's 24 November. */
const startOfDay = (day: string) => sql<Date>`(${day}::date)::timestamp at time zone 'Europe/London'`;
const startOfNextDay = (day: string) => sql<Date>`(${day}::date + 1)::timestamp at time zone 'Europe/London'`;

/** The filters as one predicate (row-level security keeps the rows to the transaction's council). */
function matches(filter: AuditLogFilter) {
  return (eb: Where): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [];
    if (filter.action && filter.action.length > 0) all.push(eb('action', 'in', filter.action));
    if (filter.actor) {
      all.push(
        UUID.test(filter.actor)
          ? eb('actor_user_id', '=', filter.actor.toLowerCase())
          : eb('actor_email', 'ilike', `%${escapeLike(filter.actor)}%`),
      );
    }
    if (filter.targetType) all.push(eb('target_type', '=', filter.targetType));
    if (filter.targetId) all.push(eb('target_id', '=', filter.targetId));
    if (filter.from) all.push(eb('occurred_at', '>=', startOfDay(filter.from)));
    if (filter.to) all.push(eb('occurred_at', '<', startOfNextDay(filter.to)));
    if (filter.q) all.push(eb('summary', 'ilike', `%${escapeLike(filter.q)}%`));
    return eb.and(all);
  };
}

type Row = {
  id: string;
  occurred_at: Date;
  actor_user_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  summary: string;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
};

const COLUMNS = [
  'id',
  'occurred_at',
  'actor_user_id',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'summary',
  'details',
  'ip',
  'user_agent',
] as const;

const labelOf = (action: string): string => auditActions[action as AuditAction] ?? action;

function present(row: Row): AuditEntry {
  return {
    id: row.id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email,
    action: row.action as AuditAction,
    actionLabel: labelOf(row.action),
    targetType: row.target_type,
    targetId: row.target_id,
    summary: row.summary,
    details: row.details,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

/** One page of the council's log, newest first (ties by insertion order, so pages never overlap). */
export async function listAuditLog(
  trx: Trx,
  query: AuditLogFilter & { page: number; pageSize: number },
): Promise<AuditLogPage> {
  const where = matches(query);
  const [{ total }, rows] = await Promise.all([
    trx
      .selectFrom('audit_log')
      .select(sql<number>`count(*)::int`.as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('audit_log')
      .select(COLUMNS)
      .where(where)
      .orderBy('occurred_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return { entries: rows.map(present), total, page: query.page, pageSize: query.pageSize };
}

/** The filtered log as CSV (RFC 4180, formulas neutralised), newest first, and its row count. */
export async function auditLogCsv(trx: Trx, filter: AuditLogFilter): Promise<{ csv: string; rows: number }> {
  const rows = await trx
    .selectFrom('audit_log')
    .select([
      ...COLUMNS,
      sql<string>`to_char(occurred_at at time zone 'Europe/London', 'YYYY-MM-DD HH24:MI:SS')`.as(
        'local_time',
      ),
    ])
    .where(matches(filter))
    .orderBy('occurred_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(AUDIT_LOG_LIMITS.csvMaxRows)
    .execute();
  const body = rows.map((row) =>
    line([
      row.local_time,
      row.actor_email ?? '',
      row.actor_user_id ?? '',
      row.action,
      labelOf(row.action),
      row.target_type ?? '',
      row.target_id ?? '',
      row.summary,
      row.ip ?? '',
      row.user_agent ?? '',
      Object.keys(row.details).length > 0 ? JSON.stringify(row.details) : '',
    ]),
  );
  // A byte-order mark: Excel then reads the file as UTF-8 (names with accents, '£').
  return { csv: `\uFEFF${line([...auditCsvColumns])}${body.join('')}`, rows: rows.length };
}

/** Today in the council's time, for the CSV's name. */
export const londonDate = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
