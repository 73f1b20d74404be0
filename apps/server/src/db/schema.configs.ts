import type { ColumnType, Generated } from 'kysely';

/** Issue 16: config versions and templates (migration 0027); `configs` itself is in schema.ts. */
type Json<T> = ColumnType<T, string, string>;

export type ConfigVersionsTable = {
  id: Generated<string>;
  tenant_id: string;
  config_id: string;
  version: number;
  action: 'create' | 'update' | 'delete' | 'restore' | 'rollback';
  before: ColumnType<unknown, string | null, never> | null;
  after: ColumnType<unknown, string | null, never> | null;
  summary: string;
  changed_by: string | null;
  changed_at: ColumnType<Date, never, never>;
};

export type ConfigTemplatesTable = {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  config_type: string;
  config: Json<unknown>;
  created_by: string | null;
  created_at: ColumnType<Date, never, never>;
};

export type ConfigDocumentTables = {
  config_versions: ConfigVersionsTable;
  config_templates: ConfigTemplatesTable;
};
