import type { ColumnType } from 'kysely';

type Json<T> = ColumnType<T, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * Issue 16: events' times and features, privacy policies, default layouts, redactions (migration
 * 0030). The columns 0030 adds to `consultation_events` (typed in schema.ts) are merged into it by
 * `Database`; a trigger fills them from the dates when a row is written with dates only.
 */
export type ConsultationEventTimes = {
  starts_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ends_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type EventFeaturesTable = {
  tenant_id: string;
  event_id: string;
  feature: string;
  config_id: string;
  created_at: ColumnType<Date, never, never>;
};

export type CouncilPoliciesTable = {
  tenant_id: string;
  kind: string;
  html: string;
  updated_by: string | null;
  updated_by_name: string | null;
  updated_at: Stamp;
};

export type CouncilSiteLayoutsTable = {
  tenant_id: string;
  layouts: Json<unknown>;
  updated_by: string | null;
  updated_by_name: string | null;
  updated_at: Stamp;
};

export type AnswerRedactionsTable = {
  tenant_id: string;
  answer_id: string;
  field: 'answer' | 'conditional' | 'siteComment';
  original_text: string;
  redacted_text: string;
  spans: Json<unknown>;
  redacted_by: string | null;
  redacted_by_name: string | null;
  redacted_at: Stamp;
};

export type AdminContentTables = {
  consultation_events: ConsultationEventTimes;
  event_features: EventFeaturesTable;
  council_policies: CouncilPoliciesTable;
  council_site_layouts: CouncilSiteLayoutsTable;
  answer_redactions: AnswerRedactionsTable;
};
