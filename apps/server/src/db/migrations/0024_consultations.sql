-- The representation manager (spec 02 §1–§9, issue 15): consultation events, organisations and
-- contacts, representations with their representees and agents, sub-representations, responses,
-- custom columns, topics, the timeline and attachments. Lists and limits are checked by the shared
-- zod schemas (packages/shared/src/representations); the checks here bound what the schemas bound.

-- A consultation (a Regulation 18 or 19 stage, say): representations are received within one.
create table consultation_events (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  name text not null check (length(name) between 1 and 200),
  description text check (length(description) <= 4000),
  starts_on date not null,
  ends_on date not null check (ends_on >= starts_on),
  cancelled boolean not null default false,
  -- The consultation document residents answer, if it has one.
  document_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, id),
  foreign key (tenant_id, document_id) references documents (tenant_id, id) on delete set null (document_id)
);
create index consultation_events_list on consultation_events (tenant_id, starts_on desc);
create trigger consultation_events_updated_at before update on consultation_events for each row execute function touch_updated_at();
select enable_tenant_isolation('consultation_events');
grant select, insert, update on consultation_events to planning_app;

-- Spec 02 §3 Organisation. Custom columns' values are kept in `custom` by column id.
create table organisations (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  name text not null check (length(name) between 1 and 128),
  organisation_type text not null check (organisation_type in (
    'Consultant', 'Statutory authority', 'Community group', 'Residents association', 'Business', 'Other')),
  email text check (length(email) < 100),
  phone_number text check (length(phone_number) <= 40),
  address_line1 text check (length(address_line1) <= 255),
  address_line2 text check (length(address_line2) <= 255),
  town text check (length(town) <= 35),
  country text check (country in ('England', 'Scotland', 'Wales', 'Northern Ireland')),
  postcode text check (length(postcode) <= 10),
  custom jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (tenant_id, id)
);
create index organisations_name on organisations (tenant_id, lower(name)) where deleted_at is null;
create trigger organisations_updated_at before update on organisations for each row execute function touch_updated_at();
select enable_tenant_isolation('organisations');
grant select, insert, update on organisations to planning_app;

-- Spec 02 §3 Contact: a private individual, a person at an organisation, or an agent (a person at
-- a consultancy who writes for clients). `name` is kept as the full name for search and sorting.
create table contacts (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  contact_type text not null check (contact_type in ('individual', 'organisation', 'agent')),
  title text check (length(title) <= 20),
  first_name text not null check (length(first_name) between 1 and 128),
  last_name text not null check (length(last_name) between 1 and 128),
  name text generated always as (first_name || ' ' || last_name) stored,
  job_title text check (length(job_title) <= 128),
  email text check (length(email) < 100),
  phone_number text check (length(phone_number) <= 40),
  address_line1 text check (length(address_line1) <= 255),
  address_line2 text check (length(address_line2) <= 255),
  town text check (length(town) <= 35),
  country text check (country in ('England', 'Scotland', 'Wales', 'Northern Ireland')),
  postcode text check (length(postcode) <= 10),
  organisation_id uuid,
  is_primary boolean not null default false,
  custom jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (tenant_id, id),
  foreign key (tenant_id, organisation_id) references organisations (tenant_id, id)
);
create index contacts_name on contacts (tenant_id, lower(last_name), lower(first_name)) where deleted_at is null;
create index contacts_organisation on contacts (organisation_id) where deleted_at is null;
create trigger contacts_updated_at before update on contacts for each row execute function touch_updated_at();
select enable_tenant_isolation('contacts');
grant select, insert, update on contacts to planning_app;

-- Spec 02 §3 Organisation "a list of agent contacts": the agents who act for an organisation.
create table organisation_agents (
  tenant_id uuid not null,
  organisation_id uuid not null,
  contact_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (organisation_id, contact_id),
  foreign key (tenant_id, organisation_id) references organisations (tenant_id, id) on delete cascade,
  foreign key (tenant_id, contact_id) references contacts (tenant_id, id) on delete cascade
);
select enable_tenant_isolation('organisation_agents');
grant select, insert, delete on organisation_agents to planning_app;

-- Spec 02 §4: topics a representation is about (refetched every 5 minutes by the screens).
create table consultation_topics (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  name text not null check (length(name) between 1 and 100),
  created_at timestamptz not null default now(),
  unique (tenant_id, id)
);
create unique index consultation_topics_name on consultation_topics (tenant_id, lower(name));
select enable_tenant_isolation('consultation_topics');
grant select, insert, update, delete on consultation_topics to planning_app;

-- Spec 02 §3 Representation with its representee (an organisation or a private individual, the
-- spec's placemakerConsul…Id trio) and its agent. `reference` counts up per council (R000123).
-- The text is kept twice: `original_text` as received (read-only once set, staff only) and
-- `content`, the editor's document (TipTap JSON) whose redaction marks hide what the public may
-- not read. `plain_text` is the content's text for search, duplicates and analysis; `public_text`
-- the content with every redaction replaced, the only text that leaves the staff screens.
create table representations (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  reference integer not null check (reference > 0),
  consultation_event_id uuid not null,
  correspondence_type text not null check (correspondence_type in (
    'Email', 'Letter', 'Online form', 'Hand delivered', 'Telephone', 'Other')),
  letter_date date,
  received_date date not null,
  acknowledgement_date date,
  due_date date,
  status text not null default 'Received' check (status in (
    'Received', 'Acknowledged', 'Pending', 'In review', 'Reviewed', 'Response drafted',
    'Response approved', 'Response sent')),
  attitude text check (attitude in ('Support', 'Neutral', 'Oppose')),
  representee_type text not null check (representee_type in ('organisation', 'privateIndividual')),
  organisation_id uuid,
  contact_id uuid,
  agent_contact_id uuid,
  original_text text not null default '' check (length(original_text) <= 200000),
  content jsonb,
  plain_text text not null default '' check (length(plain_text) <= 200000),
  public_text text not null default '' check (length(public_text) <= 200000),
  -- Site ids the representation is about (from the editor's map marks and the officer's choice).
  site_ids bigint[] not null default '{}',
  custom jsonb not null default '{}',
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (tenant_id, id),
  unique (tenant_id, reference),
  check (organisation_id is not null or contact_id is not null),
  foreign key (tenant_id, consultation_event_id) references consultation_events (tenant_id, id),
  foreign key (tenant_id, organisation_id) references organisations (tenant_id, id),
  foreign key (tenant_id, contact_id) references contacts (tenant_id, id),
  foreign key (tenant_id, agent_contact_id) references contacts (tenant_id, id)
);
create index representations_event on representations (tenant_id, consultation_event_id, received_date desc) where deleted_at is null;
create index representations_status on representations (tenant_id, status) where deleted_at is null;
create index representations_organisation on representations (organisation_id) where deleted_at is null;
create index representations_contact on representations (contact_id) where deleted_at is null;
create index representations_search on representations using gin (to_tsvector('english', plain_text));
create trigger representations_updated_at before update on representations for each row execute function touch_updated_at();
select enable_tenant_isolation('representations');
grant select, insert, update on representations to planning_app;

create table representation_topics (
  tenant_id uuid not null,
  representation_id uuid not null,
  topic_id uuid not null,
  primary key (representation_id, topic_id),
  foreign key (tenant_id, representation_id) references representations (tenant_id, id) on delete cascade,
  foreign key (tenant_id, topic_id) references consultation_topics (tenant_id, id) on delete cascade
);
create index representation_topics_topic on representation_topics (topic_id);
select enable_tenant_isolation('representation_topics');
grant select, insert, delete on representation_topics to planning_app;

-- Spec 02 §3 Sub-representation: a part of a representation (one issue, one site) split out in
-- the editor, numbered 1, 2, 3 within it and soft-deleted (isDeleted) so numbers are never reused.
create table sub_representations (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  representation_id uuid not null,
  sequential_id integer not null check (sequential_id > 0),
  content jsonb,
  plain_text text not null default '' check (length(plain_text) <= 200000),
  public_text text not null default '' check (length(public_text) <= 200000),
  comment text check (length(comment) <= 2000),
  status text not null default 'Received' check (status in (
    'Received', 'Acknowledged', 'Pending', 'In review', 'Reviewed', 'Response drafted',
    'Response approved', 'Response sent')),
  attitude text check (attitude in ('Support', 'Neutral', 'Oppose')),
  topic_id uuid,
  site_ids bigint[] not null default '{}',
  is_deleted boolean not null default false,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, id),
  unique (representation_id, sequential_id),
  foreign key (tenant_id, representation_id) references representations (tenant_id, id),
  foreign key (tenant_id, topic_id) references consultation_topics (tenant_id, id) on delete set null (topic_id)
);
create trigger sub_representations_updated_at before update on sub_representations for each row execute function touch_updated_at();
select enable_tenant_isolation('sub_representations');
grant select, insert, update on sub_representations to planning_app;

-- Spec 02 §3 Response: the council's answer to a representation or to one of its parts. A
-- response kept as a template (use_as_template) may belong to neither. Soft-deleted (§4
-- "Responses and suggestions can be soft-deleted and restored").
create table consultation_responses (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  description text not null check (length(description) between 1 and 2000),
  -- HTML from the editor, sanitised on the server; its plain text is at most 8000 characters.
  text text not null check (length(text) <= 100000),
  plain_text text not null check (length(plain_text) between 1 and 8000),
  use_as_template boolean not null default false,
  representation_id uuid,
  sub_representation_id uuid,
  created_by uuid references users (id) on delete set null,
  created_by_name text not null default '' check (length(created_by_name) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  unique (tenant_id, id),
  foreign key (tenant_id, representation_id) references representations (tenant_id, id),
  foreign key (tenant_id, sub_representation_id) references sub_representations (tenant_id, id)
);
create index consultation_responses_representation on consultation_responses (representation_id) where deleted_at is null;
create index consultation_responses_sub on consultation_responses (sub_representation_id) where deleted_at is null;
create index consultation_responses_templates on consultation_responses (tenant_id) where use_as_template and deleted_at is null;
create trigger consultation_responses_updated_at before update on consultation_responses for each row execute function touch_updated_at();
select enable_tenant_isolation('consultation_responses');
grant select, insert, update on consultation_responses to planning_app;

-- Spec 02 §3 Column metadata: a council's own columns on the three tables.
create table custom_columns (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  table_name text not null check (table_name in ('representations', 'contacts', 'organisations')),
  name text not null check (length(name) between 3 and 50),
  render_type text not null check (length(render_type) between 1 and 40),
  render_feature text check (length(render_feature) <= 40),
  data_type text not null check (data_type in (
    'checkbox', 'singleSelect', 'multiSelect', 'text', 'paragraph', 'number', 'percentage',
    'date', 'currency')),
  options jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, id)
);
create unique index custom_columns_name on custom_columns (tenant_id, table_name, lower(name));
create trigger custom_columns_updated_at before update on custom_columns for each row execute function touch_updated_at();
select enable_tenant_isolation('custom_columns');
grant select, insert, update, delete on custom_columns to planning_app;

-- A representation's timeline: who did what and when (created, status changed, redacted, split,
-- responded, ...), append-only for the application.
create table representation_events (
  id bigint generated always as identity primary key,
  tenant_id uuid not null,
  representation_id uuid not null,
  action text not null check (length(action) between 1 and 60),
  detail jsonb not null default '{}',
  user_id uuid references users (id) on delete set null,
  user_name text not null default '' check (length(user_name) <= 200),
  created_at timestamptz not null default now(),
  foreign key (tenant_id, representation_id) references representations (tenant_id, id)
);
create index representation_events_representation on representation_events (representation_id, id);
select enable_tenant_isolation('representation_events');
grant select, insert on representation_events to planning_app;

-- A representation's attachments: rows of `files` (home bucket 'consultations-attachments').
create table representation_attachments (
  tenant_id uuid not null,
  representation_id uuid not null,
  file_id uuid not null references files (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (representation_id, file_id),
  foreign key (tenant_id, representation_id) references representations (tenant_id, id)
);
select enable_tenant_isolation('representation_attachments');
grant select, insert, delete on representation_attachments to planning_app;
