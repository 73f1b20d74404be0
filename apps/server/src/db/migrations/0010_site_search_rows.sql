-- A narrow copy of the site columns that search filters compare, so a search's total can be
-- counted without reading the polygons. A site row carries three geometries (~600 bytes at the
-- benchmark's sizes) and PostgreSQL moves values out of line only above ~2 kB, so counting the
-- matches of a million sites read 605 MB; this table is ~150 MB for the same sites and the count
-- is three times faster (decision 0006). Kept by statement-level triggers, in the same
-- transaction as the change, so it is never behind `sites`.
-- It also holds each site's overview cell (the z11 clustering grid: 32 cells across a z11 tile,
-- counted from the world's top-left corner in Web Mercator), so low-zoom tiles with filters and
-- the pre-aggregated base cells group two integers from this table instead of every polygon row.

-- The cell of a point on that grid; the same formula as `cellOf` in tiles.render.ts (the world's
-- width halved and divided by powers of two is exact, so both give the same doubles).
create or replace function site_overview_cell_x(point geometry) returns integer
  language sql immutable strict parallel safe
  as $$ select floor((ST_X(point) + 40075016.685578488::float8 / 2) / (40075016.685578488::float8 / 65536))::integer $$;
create or replace function site_overview_cell_y(point geometry) returns integer
  language sql immutable strict parallel safe
  as $$ select floor((40075016.685578488::float8 / 2 - ST_Y(point)) / (40075016.685578488::float8 / 65536))::integer $$;
create table site_search_rows (
  site_id bigint primary key references sites (id) on delete cascade,
  tenant_id uuid not null references tenants (id),
  scenario_name text not null,
  is_deleted boolean not null,
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
  public_map_visibility boolean not null,
  cell_x integer not null,
  cell_y integer not null
);
create index site_search_rows_cells on site_search_rows (tenant_id, scenario_name, cell_x, cell_y)
  where not is_deleted;
select enable_tenant_isolation('site_search_rows');
grant select, insert, update, delete on site_search_rows to planning_app;

insert into site_search_rows
select id, tenant_id, scenario_name, is_deleted, size_ha, suitable_area, optimised_unit_capacity,
  suitability_assessment_result, accessibility_band, availability_time_period,
  neighbourhood_area_name, ward, parish, status, public_map_visibility,
  site_overview_cell_x(point_3857), site_overview_cell_y(point_3857)
from sites;

create or replace function site_search_rows_insert() returns trigger
  language plpgsql
  as $$
begin
  insert into site_search_rows
  select id, tenant_id, scenario_name, is_deleted, size_ha, suitable_area, optimised_unit_capacity,
    suitability_assessment_result, accessibility_band, availability_time_period,
    neighbourhood_area_name, ward, parish, status, public_map_visibility,
    site_overview_cell_x(point_3857), site_overview_cell_y(point_3857)
  from inserted_sites;
  return null;
end
$$;

create or replace function site_search_rows_update() returns trigger
  language plpgsql
  as $$
begin
  -- A site's id never changes (generated always), so rows pair up by it.
  update site_search_rows r set
    tenant_id = s.tenant_id,
    scenario_name = s.scenario_name,
    is_deleted = s.is_deleted,
    size_ha = s.size_ha,
    suitable_area = s.suitable_area,
    optimised_unit_capacity = s.optimised_unit_capacity,
    suitability_assessment_result = s.suitability_assessment_result,
    accessibility_band = s.accessibility_band,
    availability_time_period = s.availability_time_period,
    neighbourhood_area_name = s.neighbourhood_area_name,
    ward = s.ward,
    parish = s.parish,
    status = s.status,
    public_map_visibility = s.public_map_visibility,
    cell_x = site_overview_cell_x(s.point_3857),
    cell_y = site_overview_cell_y(s.point_3857)
  from updated_sites s
  where r.site_id = s.id
    and (r.tenant_id, r.scenario_name, r.is_deleted, r.size_ha, r.suitable_area,
      r.optimised_unit_capacity, r.suitability_assessment_result, r.accessibility_band,
      r.availability_time_period, r.neighbourhood_area_name, r.ward, r.parish, r.status,
      r.public_map_visibility, r.cell_x, r.cell_y)
    is distinct from (s.tenant_id, s.scenario_name, s.is_deleted, s.size_ha, s.suitable_area,
      s.optimised_unit_capacity, s.suitability_assessment_result, s.accessibility_band,
      s.availability_time_period, s.neighbourhood_area_name, s.ward, s.parish, s.status,
      s.public_map_visibility, site_overview_cell_x(s.point_3857), site_overview_cell_y(s.point_3857));
  return null;
end
$$;

-- Deleted sites leave by the foreign key's cascade.
create trigger sites_search_rows_insert after insert on sites
  referencing new table as inserted_sites
  for each statement execute function site_search_rows_insert();
create trigger sites_search_rows_update after update on sites
  referencing new table as updated_sites
  for each statement execute function site_search_rows_update();
