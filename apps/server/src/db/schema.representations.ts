import type { ConsentColumns } from './schema.data-protection';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

type Json<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, string | Date>;

// Migration 0024: the representation manager (spec 02 §3, issue 15).

/**
 * A date column, written as 'YYYY-MM-DD'. Read it as text (`sql<string>`${ref}::text``): the two
 * drivers would otherwise turn it into a Date at the process's local midnight.
 */
type DateColumn = ColumnType<Date, string, string>;
type NullableDate = ColumnType<Date | null, string | null | undefined, string | null>;
type Address = {
  address_line1: string | null;
  address_line2: string | null;
  town: string | null;
  country: string | null;
  postcode: string | null;
};

export type ConsultationEventsTable = {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  description: string | null;
  starts_on: DateColumn;
  ends_on: DateColumn;
  cancelled: Generated<boolean>;
  document_id: string | null;
  /** Migration 0040: when the plan this consultation was a stage of was adopted (read as text). */
  plan_adopted_on: NullableDate;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Migration 0039: a legal hold refuses erasures touching the consultation's representations. */
  legal_hold_reason: ColumnType<string | null, string | null | undefined, string | null>;
  legal_hold_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type OrganisationsTable = Address & {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  organisation_type: string;
  email: string | null;
  phone_number: string | null;
  custom: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
};

export type ContactsTable = Address & {
  id: Generated<string>;
  tenant_id: string;
  contact_type: 'individual' | 'organisation' | 'agent';
  title: string | null;
  first_name: string;
  last_name: string;
  /** Generated: first and last name. */
  name: ColumnType<string, never, never>;
  job_title: string | null;
  email: string | null;
  phone_number: string | null;
  organisation_id: string | null;
  is_primary: Generated<boolean>;
  custom: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
  /** Migration 0040: when retention removed the contact's details (the plan adopted long enough ago). */
  anonymised_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type OrganisationAgentsTable = {
  tenant_id: string;
  organisation_id: string;
  contact_id: string;
  created_at: CreatedAt;
};

export type ConsultationTopicsTable = {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  created_at: CreatedAt;
};

export type RepresentationsTable = {
  id: Generated<string>;
  tenant_id: string;
  reference: number;
  consultation_event_id: string;
  correspondence_type: string;
  letter_date: NullableDate;
  received_date: DateColumn;
  acknowledgement_date: NullableDate;
  due_date: NullableDate;
  status: Generated<string>;
  attitude: string | null;
  representee_type: 'organisation' | 'privateIndividual';
  organisation_id: string | null;
  contact_id: string | null;
  agent_contact_id: string | null;
  original_text: Generated<string>;
  /** The editor's document (TipTap JSON, packages/shared/src/representations/editor.ts). */
  content: Json<unknown> | null;
  plain_text: Generated<string>;
  public_text: Generated<string>;
  /** bigint[]: site ids come back as strings. */
  site_ids: ColumnType<string[], string[] | undefined, string[]>;
  custom: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
  /** Migration 0025: the campaign (near-duplicate group) the letter belongs to, and its size. */
  campaign_id: Generated<string | null>;
  campaign_size: Generated<number | null>;
} & ConsentColumns;

export type RepresentationTopicsTable = {
  tenant_id: string;
  representation_id: string;
  topic_id: string;
};

export type SubRepresentationsTable = {
  id: Generated<string>;
  tenant_id: string;
  representation_id: string;
  sequential_id: number;
  content: Json<unknown> | null;
  plain_text: Generated<string>;
  public_text: Generated<string>;
  comment: string | null;
  status: Generated<string>;
  attitude: string | null;
  topic_id: string | null;
  site_ids: ColumnType<string[], string[] | undefined, string[]>;
  is_deleted: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type ConsultationResponsesTable = {
  id: Generated<string>;
  tenant_id: string;
  description: string;
  text: string;
  plain_text: string;
  use_as_template: Generated<boolean>;
  representation_id: string | null;
  sub_representation_id: string | null;
  created_by: string | null;
  created_by_name: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
  /** Migration 0037: insertion order, the tie-break of responses saved in the same millisecond. */
  seq: GeneratedAlways<string>;
};

export type CustomColumnsTable = {
  id: Generated<string>;
  tenant_id: string;
  table_name: 'representations' | 'contacts' | 'organisations';
  name: string;
  render_type: string;
  render_feature: string | null;
  data_type: string;
  options: ColumnType<{ value: string; color?: string | null }[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type RepresentationEventsTable = {
  id: Generated<string>;
  tenant_id: string;
  representation_id: string;
  action: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  user_id: string | null;
  user_name: Generated<string>;
  created_at: CreatedAt;
};

export type RepresentationAttachmentsTable = {
  tenant_id: string;
  representation_id: string;
  file_id: string;
  created_at: CreatedAt;
};

export type RepresentationTables = {
  consultation_events: ConsultationEventsTable;
  organisations: OrganisationsTable;
  contacts: ContactsTable;
  organisation_agents: OrganisationAgentsTable;
  consultation_topics: ConsultationTopicsTable;
  representations: RepresentationsTable;
  representation_topics: RepresentationTopicsTable;
  sub_representations: SubRepresentationsTable;
  consultation_responses: ConsultationResponsesTable;
  custom_columns: CustomColumnsTable;
  representation_events: RepresentationEventsTable;
  representation_attachments: RepresentationAttachmentsTable;
};
