-- How much of each site each geodata layer covers (issue 13 point 5, spec 01 §7 intersected-layers):
-- kept for the whole council by a job after a layer changes, and for one site when its boundary does.
create table site_layer_overlaps (
  tenant_id uuid not null,
  site_id bigint not null references sites (id) on delete cascade,
  layer_id uuid not null,
  overlap_area_m2 double precision not null check (overlap_area_m2 >= 0),
  -- Of the site's own area, 0 to 100.
  overlap_percent double precision not null check (overlap_percent between 0 and 100),
  primary key (site_id, layer_id),
  foreign key (tenant_id, layer_id) references layers (tenant_id, id) on delete cascade
);
-- The search filter 'overlaps layer by at least n %' reads by layer and percentage.
create index site_layer_overlaps_layer on site_layer_overlaps (layer_id, overlap_percent);
select enable_tenant_isolation('site_layer_overlaps');
grant select, insert, update, delete on site_layer_overlaps to planning_app;
