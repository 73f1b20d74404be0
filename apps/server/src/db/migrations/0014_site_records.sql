-- The site as an officer's working record (issue 11): a version that refuses stale edits, its
-- history (edits, notes, later files), officer overrides of computed values, related sites and
-- numbers for drawn sites.

-- Every change of a site row makes a new version; an edit names the version it was made on, and
-- is refused when that is no longer the current one (two officers never overwrite each other).
alter table sites add column version integer not null default 1;
create or replace function sites_bump_version() returns trigger
  language plpgsql
  as $$
begin
  new.version := old.version + 1;
  return new;
end
$$;
create trigger sites_version before update on sites for each row execute function sites_bump_version();

-- Spec 01 §3 History item. A note is its own history item (type NOTE, its text in `content`); an
-- edit keeps field, old and new apart, served as edit_content 'field|old|new'.
create table site_history (
  id bigint generated always as identity primary key,
  tenant_id uuid not null references tenants (id),
  site_id bigint not null references sites (id) on delete cascade,
  type text not null check (type in ('NOTE', 'FILE', 'EDIT')),
  user_id uuid references users (id) on delete set null,
  user_name text not null check (length(user_name) <= 200),
  content text check (length(content) <= 10000),
  edit_field text,
  edit_label text,
  edit_old text,
  edit_new text,
  override_reason text check (length(override_reason) <= 1000),
  file_name text,
  action_type text,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  check (type <> 'EDIT' or edit_field is not null),
  check (type <> 'NOTE' or length(content) >= 3)
);
create index site_history_site on site_history (site_id, id desc);
create index site_history_site_type on site_history (site_id, type, id desc);
select enable_tenant_isolation('site_history');
grant select, insert, update, delete on site_history to planning_app;

-- An officer's value in place of one the council calculates (capacity, suitability), with the
-- calculated value kept so the override can be reverted.
create table site_overrides (
  tenant_id uuid not null references tenants (id),
  site_id bigint not null references sites (id) on delete cascade,
  field text not null,
  computed_value jsonb,
  value jsonb,
  reason text not null check (length(reason) between 1 and 1000),
  user_id uuid references users (id) on delete set null,
  user_name text not null,
  created_at timestamptz not null default now(),
  primary key (site_id, field)
);
select enable_tenant_isolation('site_overrides');
grant select, insert, update, delete on site_overrides to planning_app;

-- Spec 01 §3 Related site: isPrimary and a comment, from one site to another of the council.
create table site_relations (
  tenant_id uuid not null references tenants (id),
  site_id bigint not null references sites (id) on delete cascade,
  related_site_id bigint not null references sites (id) on delete cascade,
  is_primary boolean not null default false,
  comment text check (length(comment) <= 2000),
  primary key (site_id, related_site_id),
  check (site_id <> related_site_id)
);
create index site_relations_related on site_relations (related_site_id);
select enable_tenant_isolation('site_relations');
grant select, insert, update, delete on site_relations to planning_app;

-- Drawn sites are numbered DRAWN-1, DRAWN-2, … (their id_unique).
create sequence drawn_site_numbers;
grant usage on sequence drawn_site_numbers to planning_app;
