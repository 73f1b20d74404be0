import type { ColumnType } from 'kysely';

/** Migration 0042: what a call for sites adds to its event (issue 27 point 1). */
export type CfsCallsTable = {
  tenant_id: string;
  event_id: string;
  guidance: ColumnType<string, string | undefined, string>;
  layer_ids: ColumnType<string[], string[] | undefined, string[]>;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type CfsTables = { cfs_calls: CfsCallsTable };
