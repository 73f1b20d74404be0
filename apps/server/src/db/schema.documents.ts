import type { ConsentColumns } from './schema.data-protection';
import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, string | Date>;

/** Spec 02 §3 Document (migration 0022). */
export type DocumentsTable = {
  id: Generated<string>;
  tenant_id: string;
  title: string;
  config: Json<unknown>;
  author_id: string | null;
  author_name: string;
  is_published: Generated<boolean>;
  published_at: Date | null;
  answers_open_until: Date | null;
  share_token: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
};

export type DocumentTemplatesTable = {
  id: Generated<string>;
  tenant_id: string;
  kind: 'document' | 'block';
  name: string;
  feature: Generated<string>;
  config: Json<unknown>;
  created_by: string | null;
  created_by_name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type DocumentAttachmentsTable = {
  tenant_id: string;
  document_id: string;
  file_id: string;
  created_at: CreatedAt;
};

export type DocumentInteractionsTable = {
  id: ColumnType<string, never, never>;
  tenant_id: string;
  document_id: string;
  view_id: string;
  user_id: string | null;
  event: 'open' | 'close' | 'heartbeat';
  created_at: CreatedAt;
};

export type DocumentResponsesTable = {
  id: Generated<string>;
  tenant_id: string;
  document_id: string;
  user_id: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
} & ConsentColumns;

export type DocumentAnswersTable = {
  id: Generated<string>;
  tenant_id: string;
  response_id: string;
  question_id: string;
  question_type: string;
  value: Json<string | string[]>;
  conditional: string | null;
  related_site_id: string | null;
  related_site_name: string | null;
  related_site_comment: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
};

/** A resident's tags on one question of a document (spec 02 §2 My responses). */
export type DocumentResponseTagsTable = {
  tenant_id: string;
  document_id: string;
  user_id: string;
  question_id: string;
  tags: string[];
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type DocumentTables = {
  documents: DocumentsTable;
  document_templates: DocumentTemplatesTable;
  document_attachments: DocumentAttachmentsTable;
  document_interactions: DocumentInteractionsTable;
  document_responses: DocumentResponsesTable;
  document_answers: DocumentAnswersTable;
  document_response_tags: DocumentResponseTagsTable;
};
