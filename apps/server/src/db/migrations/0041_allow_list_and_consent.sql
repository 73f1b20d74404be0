-- Issue 26 point 2: the council's allow list. Contacts public in their role (its switchboard,
-- mailbox and address, councillors, an agent's firm when the council decides so, a public body's
-- published contact) are never proposed for redaction. One list a council, replaced whole.
create table council_allow_lists (
  tenant_id uuid primary key references tenants (id),
  -- [{ kind, value, note }], validated by the shared allowListInputSchema before it is kept.
  entries jsonb not null default '[]' check (jsonb_typeof(entries) = 'array'),
  updated_by uuid,
  updated_by_name text check (length(updated_by_name) <= 200),
  updated_at timestamptz not null default now()
);
select enable_tenant_isolation('council_allow_lists');
grant select, insert, update on council_allow_lists to planning_app;

-- Issue 26 point 6: the council's privacy notice, in versions. A version is never changed or
-- removed (no update or delete grant): a response records the version its writer was shown, and
-- the council must be able to show what that said (UK GDPR arts. 7(1), 13).
create table privacy_notices (
  tenant_id uuid not null references tenants (id),
  version integer not null check (version > 0),
  text text not null check (length(text) between 1 and 20000),
  published_at timestamptz not null default now(),
  published_by uuid,
  published_by_name text check (length(published_by_name) <= 200),
  primary key (tenant_id, version)
);
select enable_tenant_isolation('privacy_notices');
grant select, insert on privacy_notices to planning_app;

-- What the person agreed to, beside what they sent: a resident's response to a document (their
-- latest choices on it) and a representation (as its form or letter says, recorded by an
-- officer). Both default to no: a name is published, and a person contacted, only on their word.
alter table document_responses
  add column notice_version integer,
  add column publish_name boolean not null default false,
  add column contact_for_updates boolean not null default false,
  add column consented_at timestamptz,
  add constraint document_responses_notice foreign key (tenant_id, notice_version)
    references privacy_notices (tenant_id, version);

alter table representations
  add column notice_version integer,
  add column publish_name boolean not null default false,
  add column contact_for_updates boolean not null default false,
  add column consented_at timestamptz,
  add constraint representations_notice foreign key (tenant_id, notice_version)
    references privacy_notices (tenant_id, version);
