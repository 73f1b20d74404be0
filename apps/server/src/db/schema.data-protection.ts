import type { ColumnType } from 'kysely';
import type { AllowListEntry } from '@planning/shared';

/** Migration 0041: the council's allow list, one row a council, replaced whole. */
export type CouncilAllowListsTable = {
  tenant_id: string;
  entries: ColumnType<AllowListEntry[], string, string>;
  updated_by: string | null;
  updated_by_name: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** Migration 0041: privacy notice versions, insert and select only. */
export type PrivacyNoticesTable = {
  tenant_id: string;
  version: number;
  text: string;
  published_at: ColumnType<Date, Date | undefined, never>;
  published_by: string | null;
  published_by_name: string | null;
};

/** Migration 0041: what a person agreed to, on document_responses and representations. */
export type ConsentColumns = {
  notice_version: number | null;
  publish_name: ColumnType<boolean, boolean | undefined, boolean>;
  contact_for_updates: ColumnType<boolean, boolean | undefined, boolean>;
  consented_at: Date | null;
};

export type DataProtectionTables = {
  council_allow_lists: CouncilAllowListsTable;
  privacy_notices: PrivacyNoticesTable;
};
