import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Migration 0026: append-only (insert and select only). */
export type AuditLogTable = {
  id: Generated<string>;
  tenant_id: string;
  occurred_at: ColumnType<Date, string | Date | undefined, never>;
  actor_user_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  summary: string;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  ip: string | null;
  user_agent: string | null;
  /** Migration 0037: insertion order, the tie-break of entries written in the same millisecond. */
  seq: GeneratedAlways<string>;
};

export type AuditTables = { audit_log: AuditLogTable };
