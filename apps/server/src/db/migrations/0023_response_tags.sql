-- Spec 02 §2 My responses, §6: a resident's own tags on the questions they answered, given once the
-- consultation has ended. One row per resident and question; no row when they have no tags.
create table document_response_tags (
  tenant_id uuid not null,
  document_id uuid not null,
  user_id uuid not null,
  question_id text not null check (length(question_id) between 1 and 100),
  -- Trimmed, 1 to 40 characters each, no two alike ignoring case: checked by the shared rule
  -- (packages/shared/src/documents/tags.ts); the count is bounded here as well.
  tags text[] not null check (cardinality(tags) between 1 and 10),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (document_id, user_id, question_id),
  foreign key (tenant_id, document_id) references documents (tenant_id, id) on delete cascade,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
-- My responses reads a resident's tags across the documents they answered.
create index document_response_tags_user on document_response_tags (user_id, document_id);
create trigger document_response_tags_updated_at before update on document_response_tags for each row execute function touch_updated_at();
select enable_tenant_isolation('document_response_tags');
grant select, insert, update, delete on document_response_tags to planning_app;
