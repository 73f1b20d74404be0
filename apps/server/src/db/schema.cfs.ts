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

/** Migration 0043: a submission to a call for sites (issue 27 point 2). */
export type CfsSubmissionsTable = {
  id: ColumnType<string, string | undefined, never>;
  tenant_id: string;
  event_id: string;
  user_id: string;
  reference: string | null;
  status: ColumnType<string, string | undefined, string>;
  contact: ColumnType<Record<string, unknown>, string | undefined, string>;
  on_behalf_of: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  submitted_at: Date | null;
  withdrawn_at: Date | null;
  /** Migration 0044: SHA-256 of the council and the address the draft was started from. */
  created_from: string | null;
  /** Migration 0046: the review's decision. */
  reviewed_by: string | null;
  reviewed_at: Date | null;
  decision_reason: string | null;
  /** Migration 0048: deleted by an administrator (restorable). */
  deleted_at: Date | null;
};

/** Migration 0043: one site of a submission, its boundary in EPSG:27700. */
export type CfsSubmissionSitesTable = {
  id: ColumnType<string, string | undefined, never>;
  tenant_id: string;
  submission_id: string;
  position: number;
  name: string;
  boundary: string | null;
  area_ha: ColumnType<string | null, number | null | undefined, number | null>;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  answers: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Migration 0046: the site an acceptance made of it. */
  site_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0047: the submitter's earlier site of the same land. */
  same_land_as: string | null;
  /** Migration 0051: the constraint layers the boundary met when submitted, and when. */
  constraint_layers: ColumnType<
    { id: string; title: string; features: number }[] | null,
    string | null | undefined,
    string | null
  >;
  constraints_checked_at: Date | null;
};

/** Migration 0049: a submission's attached files. */
export type CfsSubmissionAttachmentsTable = {
  tenant_id: string;
  submission_id: string;
  file_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type CfsTables = {
  cfs_submission_attachments: CfsSubmissionAttachmentsTable;
  cfs_calls: CfsCallsTable;
  cfs_submissions: CfsSubmissionsTable;
  cfs_submission_sites: CfsSubmissionSitesTable;
};
