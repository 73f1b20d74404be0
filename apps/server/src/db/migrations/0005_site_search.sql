-- What the site search screen needs around the sites: a point per site for low-zoom tiles, a
-- per-council data version that keys the tile cache, council boundaries, saved search templates
-- and the council's configuration documents (Site search and Site card configs, spec 03 §3.1).

-- Below zoom 11 tiles carry one point per site (clustered), not polygons (DESIGN.md: full
-- polygons at z8 made a 1.7 MB tile). Kept by the same trigger as the Web Mercator copy.
alter table sites add column point_3857 geometry(Point, 3857);
update sites set point_3857 = ST_PointOnSurface(geom_3857);
alter table sites alter column point_3857 set not null;
create index sites_point_3857 on sites using gist (point_3857);

create or replace function sites_derive_geometry() returns trigger
  language plpgsql
  as $$
begin
  new.geom_3857 := ST_Transform(new.geom, 3857);
  new.point_3857 := ST_PointOnSurface(new.geom_3857);
  return new;
end
$$;

-- Bumped by every statement that changes a council's sites or tags, so a cached tile or search
-- answer keyed by it can never outlive the data it was made from.
create table site_data_versions (
  tenant_id uuid primary key references tenants (id),
  version bigint not null default 1
);
select enable_tenant_isolation('site_data_versions');
grant select, insert, update on site_data_versions to planning_app;

create or replace function bump_site_data_version() returns trigger
  language plpgsql
  as $$
begin
  if app_current_tenant() is not null then
    insert into site_data_versions (tenant_id, version) values (app_current_tenant(), 2)
      on conflict (tenant_id) do update set version = site_data_versions.version + 1;
  end if;
  return null;
end
$$;
create trigger sites_data_version after insert or update or delete on sites
  for each statement execute function bump_site_data_version();
create trigger site_tags_data_version after insert or update or delete on site_tags
  for each statement execute function bump_site_data_version();
create trigger tags_data_version after insert or update or delete on tags
  for each statement execute function bump_site_data_version();

-- Administrative areas a search can be limited to (/search/boundaries): district, wards, parishes.
create table boundaries (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  kind text not null check (kind in ('district', 'ward', 'parish', 'neighbourhood')),
  name text not null check (length(name) between 1 and 200),
  geom geometry(MultiPolygon, 27700) not null check (ST_IsValid(geom)),
  unique (tenant_id, kind, name)
);
create index boundaries_geom on boundaries using gist (geom);
select enable_tenant_isolation('boundaries');
grant select, insert, update, delete on boundaries to planning_app;

-- Saved site searches (spec 01 §7 "Site search templates"): a name and the filter values.
create table site_search_templates (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  name text not null check (length(name) between 1 and 100),
  filters jsonb not null,
  created_by uuid not null references users (id),
  shared boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index site_search_templates_name on site_search_templates (tenant_id, created_by, lower(name));
create trigger site_search_templates_updated_at before update on site_search_templates
  for each row execute function touch_updated_at();
select enable_tenant_isolation('site_search_templates');
grant select, insert, update, delete on site_search_templates to planning_app;

-- Configuration documents (spec 03 §3.1), one current document per council and type for the
-- tenant-only types; the admin config editor comes with its own issue.
create table configs (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  config_type text not null,
  label text not null check (length(label) between 1 and 200),
  config jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, config_type)
);
create trigger configs_updated_at before update on configs for each row execute function touch_updated_at();
select enable_tenant_isolation('configs');
grant select, insert, update, delete on configs to planning_app;
