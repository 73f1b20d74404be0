import type { ColumnType } from 'kysely';

/** Migration 0040: each council's retention rules (issue 26 point 5). */
export type RetentionRulesTable = {
  tenant_id: string;
  /** The rules as packages/shared's retentionRulesSchema: read through rulesWithDefaults. */
  rules: ColumnType<unknown, string | undefined, string>;
  updated_by: string | null;
  updated_by_name: string | null;
  updated_at: Date | null;
  /** The London date of the council's last daily run (read as text). */
  last_scheduled_on: ColumnType<string | null, string | null | undefined, string | null>;
};

export type RetentionTables = { retention_rules: RetentionRulesTable };
