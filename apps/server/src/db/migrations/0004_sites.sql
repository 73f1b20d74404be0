-- Development sites, their council's data dictionary, scenarios and tags.
-- Geometry is stored in British National Grid (EPSG:27700); a Web Mercator copy, kept by a
-- trigger, serves vector tiles without transforming every site on every tile (DESIGN.md).

-- What each council's sites carry: typed HELAA columns, or entries of `attributes`.
create table site_fields (
  tenant_id uuid not null references tenants (id),
  name text not null check (name ~ '^[a-z][a-z0-9_]{0,62}$'),
  label text not null check (length(label) between 1 and 200),
  field_type text not null,
  unit text,
  decimals integer check (decimals between 0 and 6),
  min double precision,
  max double precision,
  options jsonb,
  storage text not null check (storage in ('column', 'attribute')),
  filterable boolean not null default true,
  sortable boolean not null default true,
  position integer not null default 0,
  primary key (tenant_id, name)
);
select enable_tenant_isolation('site_fields');
grant select, insert, update, delete on site_fields to planning_app;

create table scenarios (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  name text not null check (length(name) between 1 and 100),
  is_default boolean not null default false,
  unique (tenant_id, name)
);
select enable_tenant_isolation('scenarios');
grant select, insert, update, delete on scenarios to planning_app;

create table sites (
  id bigint generated always as identity primary key,
  tenant_id uuid not null references tenants (id),
  id_unique text not null check (length(id_unique) between 1 and 100),
  scenario_name text not null default 'Base',
  site_name text,
  helaa_reference text,
  size_ha numeric(12, 4),
  suitable_area numeric(12, 4),
  optimised_unit_capacity integer,
  suitability_assessment_result text,
  accessibility_band text,
  availability_time_period text,
  neighbourhood_area_name text,
  ward text,
  parish text,
  status text,
  attributes jsonb not null default '{}',
  geom geometry(MultiPolygon, 27700) not null check (ST_IsValid(geom)),
  geom_cut geometry(MultiPolygon, 27700) check (geom_cut is null or ST_IsValid(geom_cut)),
  geom_3857 geometry(MultiPolygon, 3857) not null,
  children_data jsonb not null default '[]',
  public_map_visibility boolean not null default false,
  is_deleted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, id_unique, scenario_name)
);

create or replace function sites_derive_geometry() returns trigger
  language plpgsql
  as $$
begin
  new.geom_3857 := ST_Transform(new.geom, 3857);
  return new;
end
$$;
create trigger sites_geometry before insert or update of geom on sites
  for each row execute function sites_derive_geometry();
create trigger sites_updated_at before update on sites for each row execute function touch_updated_at();

create index sites_geom on sites using gist (geom);
create index sites_geom_3857 on sites using gist (geom_3857);
create index sites_tenant_live on sites (tenant_id, scenario_name) where not is_deleted;
create index sites_size_ha on sites (tenant_id, size_ha);
create index sites_capacity on sites (tenant_id, optimised_unit_capacity);
create index sites_ward on sites (tenant_id, ward);
create index sites_suitability on sites (tenant_id, suitability_assessment_result);
create index sites_availability on sites (tenant_id, availability_time_period);
select enable_tenant_isolation('sites');
grant select, insert, update on sites to planning_app;

create table tags (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  tag_name text not null check (length(tag_name) between 3 and 100),
  color text check (color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'),
  unique (tenant_id, id)
);
-- Spec 01 §5: no duplicate tags, compared case-insensitively.
create unique index tags_name on tags (tenant_id, lower(tag_name));
select enable_tenant_isolation('tags');
grant select, insert, update, delete on tags to planning_app;

create table site_tags (
  tenant_id uuid not null,
  site_id bigint not null references sites (id) on delete cascade,
  tag_id uuid not null,
  primary key (site_id, tag_id),
  foreign key (tenant_id, tag_id) references tags (tenant_id, id) on delete cascade
);
create index site_tags_tag on site_tags (tag_id);
select enable_tenant_isolation('site_tags');
grant select, insert, delete on site_tags to planning_app;
