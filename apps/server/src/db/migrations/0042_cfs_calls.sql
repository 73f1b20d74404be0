-- Issue 27 point 1: a call for sites is a council event running the 'call-for-sites' feature
-- (event_features holds its questionnaire config). What the call adds: the guidance submitters
-- read (sanitised HTML) and the public web map layers they see while drawing their boundary.
-- An event given the feature on the events screen has no row here: no guidance, no layers.
create table cfs_calls (
  tenant_id uuid not null references tenants (id),
  event_id uuid not null,
  guidance text not null default '' check (length(guidance) <= 200000),
  layer_ids uuid[] not null default '{}' check (cardinality(layer_ids) <= 50),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  primary key (event_id),
  foreign key (tenant_id, event_id) references consultation_events (tenant_id, id) on delete cascade
);
create index cfs_calls_tenant on cfs_calls (tenant_id);
select enable_tenant_isolation('cfs_calls');
grant select, insert, update, delete on cfs_calls to planning_app;
