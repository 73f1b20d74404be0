-- Consultation documents (spec 02 §2–§7): the document builder's documents and templates, their
-- attachments, the public's reading (interaction tracking) and the residents' answers.
create table documents (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  title text not null check (length(title) between 1 and 200),
  -- Spec 02 §3 Document config: entities by id, root, heroSection, initialSection, documentSettings.
  config jsonb not null,
  author_id uuid references users (id) on delete set null,
  author_name text not null check (length(author_name) <= 200),
  is_published boolean not null default false,
  published_at timestamptz,
  -- Residents may give, change and delete answers until then; null: while the document is published.
  answers_open_until timestamptz,
  -- A share link's token: reads the document before it is published. Null when not shared.
  share_token text unique check (length(share_token) between 20 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Deleted documents keep their answers (nothing is lost), out of every list.
  deleted_at timestamptz,
  unique (tenant_id, id)
);
create index documents_list on documents (tenant_id, updated_at desc) where deleted_at is null;
create trigger documents_updated_at before update on documents for each row execute function touch_updated_at();
select enable_tenant_isolation('documents');
grant select, insert, update on documents to planning_app;

-- Saved templates (spec 02 §2 "You haven't saved any templates", §3 block templates): a whole
-- document, or one block or section with what it holds.
create table document_templates (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  kind text not null check (kind in ('document', 'block')),
  name text not null check (length(name) between 1 and 100),
  feature text not null default 'documentBuilder' check (length(feature) between 1 and 100),
  config jsonb not null,
  created_by uuid references users (id) on delete set null,
  created_by_name text not null check (length(created_by_name) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index document_templates_list on document_templates (tenant_id, kind, lower(name));
create trigger document_templates_updated_at before update on document_templates for each row execute function touch_updated_at();
select enable_tenant_isolation('document_templates');
grant select, insert, update, delete on document_templates to planning_app;

-- A document's attachments: rows of `files` (home bucket 'documents-attachments', scanned like
-- every upload), in the order added.
create table document_attachments (
  tenant_id uuid not null,
  document_id uuid not null,
  file_id uuid not null references files (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (document_id, file_id),
  foreign key (tenant_id, document_id) references documents (tenant_id, id) on delete cascade
);
select enable_tenant_isolation('document_attachments');
grant select, insert, delete on document_attachments to planning_app;

-- Spec 02 §4: reading is tracked on open, every 30 seconds, and on close, per page view.
create table document_interactions (
  id bigint generated always as identity primary key,
  tenant_id uuid not null,
  document_id uuid not null,
  view_id uuid not null,
  user_id uuid references users (id) on delete set null,
  event text not null check (event in ('open', 'close', 'heartbeat')),
  created_at timestamptz not null default now(),
  foreign key (tenant_id, document_id) references documents (tenant_id, id) on delete cascade
);
create index document_interactions_view on document_interactions (document_id, view_id, created_at desc);
select enable_tenant_isolation('document_interactions');
grant select, insert on document_interactions to planning_app;

-- One response per resident per document (spec 02 §3 Answer.responseId), holding their answers.
create table document_responses (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null,
  document_id uuid not null,
  user_id uuid not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (document_id, user_id),
  unique (tenant_id, id),
  foreign key (tenant_id, document_id) references documents (tenant_id, id) on delete cascade,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index document_responses_user on document_responses (user_id);
create trigger document_responses_updated_at before update on document_responses for each row execute function touch_updated_at();
select enable_tenant_isolation('document_responses');
grant select, insert, update on document_responses to planning_app;

-- Spec 02 §3 Answer. One live answer per question, and per site for a site-linked question: a new
-- answer replaces the last (spec 02 §4 "the last response per site is the one that counts").
-- A deleted answer is kept, marked deleted.
create table document_answers (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null,
  response_id uuid not null,
  question_id text not null check (length(question_id) between 1 and 100),
  question_type text not null check (question_type in (
    'radioQuestion', 'checkboxQuestion', 'textQuestion', 'dropdownQuestion', 'mapLinkedQuestion')),
  -- A JSON string, or a list of strings (checkboxes).
  value jsonb not null,
  conditional text check (length(conditional) <= 8000),
  related_site_id bigint,
  related_site_name text check (length(related_site_name) <= 1000),
  related_site_comment text check (length(related_site_comment) <= 8000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  foreign key (tenant_id, response_id) references document_responses (tenant_id, id) on delete cascade
);
create unique index document_answers_live on document_answers (response_id, question_id, coalesce(related_site_id, 0))
  where deleted_at is null;
create index document_answers_question on document_answers (tenant_id, question_id) where deleted_at is null;
create trigger document_answers_updated_at before update on document_answers for each row execute function touch_updated_at();
select enable_tenant_isolation('document_answers');
grant select, insert, update on document_answers to planning_app;
