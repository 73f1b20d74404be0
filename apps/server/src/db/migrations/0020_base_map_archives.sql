-- PMTiles base maps an administrator uploaded (issue 13 point 7). The bytes live in the storage
-- driver's 'basemaps' bucket as {id}.pmtiles; this row says what the archive holds, read from its
-- header and metadata when it was checked, so listing base maps never opens the file.
create table base_map_archives (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  name text not null check (length(name) between 1 and 100),
  size bigint not null check (size > 0),
  -- A digest of the bytes: the archive's ETag, so browsers revalidate ranges cheaply.
  etag text not null check (length(etag) between 1 and 100),
  -- tileType, minZoom, maxZoom, bounds, attribution, vectorLayers.
  summary jsonb not null,
  uploaded_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index base_map_archives_tenant on base_map_archives (tenant_id, created_at);
select enable_tenant_isolation('base_map_archives');
grant select, insert, update, delete on base_map_archives to planning_app;
