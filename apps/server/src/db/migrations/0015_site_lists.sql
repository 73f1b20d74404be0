-- Site lists (spec 01 §7 "Lists"): a council's named lists of sites, and which sites are in each.
-- With the individual-scenario flag a list is of one scenario's sites (scenario_name).
create table site_lists (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  list_name text not null check (length(list_name) between 1 and 100),
  created_by uuid references users (id) on delete set null,
  scenario_name text check (length(scenario_name) between 1 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, id)
);
-- Names are unique in a council, compared case-insensitively.
create unique index site_lists_name on site_lists (tenant_id, lower(list_name));
create trigger site_lists_updated_at before update on site_lists for each row execute function touch_updated_at();
select enable_tenant_isolation('site_lists');
grant select, insert, update, delete on site_lists to planning_app;

create table site_list_sites (
  tenant_id uuid not null,
  list_id uuid not null,
  site_id bigint not null references sites (id) on delete cascade,
  added_at timestamptz not null default now(),
  primary key (list_id, site_id),
  foreign key (tenant_id, list_id) references site_lists (tenant_id, id) on delete cascade
);
create index site_list_sites_site on site_list_sites (site_id);
select enable_tenant_isolation('site_list_sites');
grant select, insert, delete on site_list_sites to planning_app;
