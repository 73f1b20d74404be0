-- Issue 16 point 1: config documents (spec 03 §3.1–3.4). The configs of 0005 grow the config
-- meta of the content service (label, tags, optional data, created and updated by, deleted at and
-- by, app feature, assignment), a template and a version; every change is kept in
-- config_versions (who, when, before and after) so it can be rolled back.
--
-- The spec's three tables (configs, immutable_configs, mutable_configs) are one physical table
-- with the table as the `store` column: a link names (id, table), ids are unique across all three,
-- one row-level-security policy, one set of indexes and one version history serve them all, and
-- "immutable" is a rule the service keeps (and a trigger below enforces) rather than a copy of
-- the table.

create table config_templates (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  name text not null check (length(name) between 1 and 200),
  -- The spec's feature_id: the config type the template is for.
  config_type text not null check (config_type ~ '^[a-z][a-z-]{0,62}$'),
  config jsonb not null,
  -- No foreign key to users: the template outlives the account that made it.
  created_by uuid,
  created_at timestamptz not null default now()
);
create index config_templates_type on config_templates (tenant_id, config_type, name);
select enable_tenant_isolation('config_templates');
grant select, insert, delete on config_templates to planning_app;

alter table configs drop constraint if exists configs_tenant_id_config_type_key;
alter table configs
  add column store text not null default 'configs'
    check (store in ('configs', 'immutable_configs', 'mutable_configs')),
  add column tags text[] not null default '{}' check (cardinality(tags) <= 20),
  add column optional_data jsonb,
  add column created_by uuid,
  add column updated_by uuid,
  add column deleted_at timestamptz,
  add column deleted_by uuid,
  add column app_feature text check (app_feature ~ '^[A-Za-z][A-Za-z0-9]{0,62}$'),
  -- Existing rows (and a row written without one) are the council's current document: 'tenant'.
  add column assignment text default 'tenant' check (length(assignment) between 1 and 100),
  add column template_id uuid references config_templates (id) on delete set null,
  add column version integer not null default 1 check (version >= 1);
alter table configs add constraint configs_type_format check (config_type ~ '^[a-z][a-z-]{0,62}$');

-- One live council document per type: the one GET /configs/:type answers with.
create unique index configs_live_tenant on configs (tenant_id, config_type)
  where assignment = 'tenant' and deleted_at is null;
create index configs_list on configs (tenant_id, config_type, updated_at desc);
create index configs_assignment on configs (tenant_id, assignment) where assignment is not null;

-- Configs are deleted softly (deleted_at), so the application needs no delete.
revoke delete on configs from planning_app;

-- An immutable config keeps its document (and stays immutable) once written.
create or replace function configs_immutable_document() returns trigger
  language plpgsql
  as $$
begin
  if old.store = 'immutable_configs' and (new.config is distinct from old.config or new.store <> old.store) then
    raise exception 'An immutable config cannot be changed' using errcode = 'check_violation';
  end if;
  return new;
end
$$;
create trigger configs_immutable_document before update on configs
  for each row execute function configs_immutable_document();

create table config_versions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  config_id uuid not null references configs (id),
  version integer not null check (version >= 1),
  action text not null check (action in ('create', 'update', 'delete', 'restore', 'rollback')),
  before jsonb,
  after jsonb,
  summary text not null default '' check (length(summary) <= 1000),
  changed_by uuid,
  changed_at timestamptz not null default clock_timestamp(),
  unique (config_id, version)
);
create index config_versions_tenant on config_versions (tenant_id, changed_at desc);
select enable_tenant_isolation('config_versions');
grant select, insert on config_versions to planning_app;

-- The history is append-only for every role (as the audit log).
create or replace function config_versions_append_only() returns trigger
  language plpgsql
  as $$
begin
  raise exception 'config_versions is append-only' using errcode = 'insufficient_privilege';
end
$$;
create trigger config_versions_append_only before update or delete on config_versions
  for each row execute function config_versions_append_only();

-- The documents a council already has start their history at version 1.
insert into config_versions (tenant_id, config_id, version, action, before, after, summary, changed_at)
select tenant_id, id, 1, 'create', null, config, 'Created', created_at from configs;
