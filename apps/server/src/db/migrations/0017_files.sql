-- Files attached to sites (spec 01 §3 File, §5 uploads, §7 "History and files"). The bytes live in
-- the storage driver under {tenant}/{bucket}/{key}; this row says where, what they are and whether
-- the virus scanner has passed them.
create table files (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  -- Null for a file sent to POST /file without a site.
  site_id bigint references sites (id) on delete cascade,
  -- Where the object is now: 'unscanned' until scanned, then its home bucket or 'quarantined'.
  bucket text not null check (bucket in (
    'oldSiteFiles', 'siteFiles', 'geodata', 'oldAvailability', 'availability', 'unscanned',
    'quarantined', 'consultations-attachments', 'documents', 'documents-attachments')),
  -- Where a clean scan moves it.
  home_bucket text not null default 'siteFiles' check (home_bucket in (
    'oldSiteFiles', 'siteFiles', 'geodata', 'oldAvailability', 'availability',
    'consultations-attachments', 'documents', 'documents-attachments')),
  key text not null check (length(key) between 1 and 500),
  orig_name text not null check (length(orig_name) between 1 and 1000),
  name text not null check (length(name) between 1 and 200),
  -- Decided from the content, never the name or the client's header.
  content_type text not null check (length(content_type) between 1 and 200),
  size bigint not null check (size >= 0),
  scan_status text not null default 'unscanned'
    check (scan_status in ('unscanned', 'clean', 'quarantined', 'fail')),
  -- The signature found, or why the scan failed.
  scan_detail text check (length(scan_detail) <= 1000),
  scanned_at timestamptz,
  description text check (length(description) <= 1000),
  uploaded_by uuid references users (id) on delete set null,
  uploaded_by_name text not null check (length(uploaded_by_name) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index files_site on files (site_id, created_at desc) where deleted_at is null;
create trigger files_updated_at before update on files for each row execute function touch_updated_at();
select enable_tenant_isolation('files');
grant select, insert, update, delete on files to planning_app;
