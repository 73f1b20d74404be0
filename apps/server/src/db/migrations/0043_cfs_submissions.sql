-- Issue 27 point 2: what landowners and agents submit to a call for sites. A submission belongs
-- to one consultation account (a public user) and one call; it holds its sites (point 3), each
-- with its boundary in British National Grid, the ordinary questions and the questionnaire's
-- answers. Contact details are personal data: staff with the grant read them, the public never.
create table cfs_submissions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  event_id uuid not null,
  user_id uuid not null,
  -- Given when submitted, unique in the council: CFS-<year>-<number>.
  reference text check (reference ~ '^CFS-[0-9]{4}-[0-9]{4,}$'),
  status text not null default 'draft'
    check (status in ('draft', 'new', 'in_review', 'accepted', 'rejected', 'withdrawn')),
  -- { name, organisation, email, phone, address }, checked by the shared schema.
  contact jsonb not null default '{}' check (jsonb_typeof(contact) = 'object'),
  -- An agent's client { name, organisation, address }; null when submitting for oneself.
  on_behalf_of jsonb check (on_behalf_of is null or jsonb_typeof(on_behalf_of) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  submitted_at timestamptz,
  withdrawn_at timestamptz,
  unique (tenant_id, id),
  unique (tenant_id, reference),
  foreign key (tenant_id, event_id) references consultation_events (tenant_id, id) on delete cascade,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index cfs_submissions_user on cfs_submissions (tenant_id, user_id, updated_at desc);
create index cfs_submissions_call on cfs_submissions (tenant_id, event_id, status);
create trigger cfs_submissions_updated_at before update on cfs_submissions
  for each row execute function touch_updated_at();
select enable_tenant_isolation('cfs_submissions');
grant select, insert, update, delete on cfs_submissions to planning_app;

create table cfs_submission_sites (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null,
  submission_id uuid not null,
  position integer not null check (position >= 0),
  name text not null default '' check (length(name) <= 200),
  boundary geometry(MultiPolygon, 27700),
  area_ha numeric(14, 4),
  -- The ordinary questions: ownership, availability, uses, capacity, constraints known.
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
  -- The call's questionnaire answers by question id.
  answers jsonb not null default '{}' check (jsonb_typeof(answers) = 'object'),
  unique (submission_id, position),
  foreign key (tenant_id, submission_id) references cfs_submissions (tenant_id, id) on delete cascade
);
create index cfs_submission_sites_boundary on cfs_submission_sites using gist (boundary);
select enable_tenant_isolation('cfs_submission_sites');
grant select, insert, update, delete on cfs_submission_sites to planning_app;
