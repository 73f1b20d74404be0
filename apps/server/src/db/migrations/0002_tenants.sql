-- Tenants (councils), applications, the feature catalogue and per-tenant flags and maintenance.
create table tenants (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (name ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  short_name text not null check (length(short_name) between 1 and 64),
  raw_name text not null check (length(raw_name) between 1 and 200),
  logo text,
  small_logo text,
  logos jsonb not null default '{}',
  main_color text not null default '#1d4f91' check (main_color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'),
  theme jsonb not null default '{"mode":"light"}',
  admin_role_id uuid,
  emails jsonb not null default '{}',
  social_links jsonb not null default '{}',
  location text,
  location_lon_lat geometry(Point, 4326),
  map_license text,
  main_schema text,
  global_maintenance_active boolean not null default false,
  global_maintenance_until timestamptz,
  global_maintenance_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger tenants_updated_at before update on tenants
  for each row execute function touch_updated_at();

-- Anyone may read the tenant list (the picker needs it); a tenant may only change itself.
-- Tenants are created by provisioning and never deleted by the application.
alter table tenants enable row level security;
alter table tenants force row level security;
create policy tenants_read on tenants for select using (true);
create policy tenants_create on tenants for insert with check (true);
create policy tenants_update_self on tenants for update
  using (id = app_current_tenant()) with check (id = app_current_tenant());
grant select, insert, update on tenants to planning_app;

create table applications (
  id serial primary key,
  name text not null unique check (name in ('placemaker', 'consultations', 'cfs'))
);

-- The catalogue of flags, kept in step with packages/shared at start-up.
create table app_features (
  id serial primary key,
  application_id integer not null references applications (id),
  name text not null unique,
  label text not null,
  default_value boolean not null
);
grant select on applications, app_features to planning_app;

create table app_feature_flags (
  tenant_id uuid not null references tenants (id),
  feature_id integer not null references app_features (id),
  value boolean not null,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, feature_id)
);
create trigger app_feature_flags_updated_at before update on app_feature_flags
  for each row execute function touch_updated_at();
select enable_tenant_isolation('app_feature_flags');
grant select, insert, update, delete on app_feature_flags to planning_app;

create table page_maintenance (
  tenant_id uuid not null references tenants (id),
  route text not null check (route ~ '^/'),
  maintenance_active boolean not null default false,
  maintenance_active_until timestamptz,
  primary key (tenant_id, route)
);
select enable_tenant_isolation('page_maintenance');
grant select, insert, update, delete on page_maintenance to planning_app;
