-- The session check reads one session row and one row of council versions (issue 25, point 8).
--
-- A per-council access version, bumped in the same transaction by every change to what a
-- signed-in user may do: roles, their grants, who holds them, an account's kind, disabling and
-- deletion. The session check reads it beside the session on every request, so a server process
-- may keep each user's kind, grants and disabled state, and skip reading them while the version
-- is unchanged; a change made by any process, or straight in the database, is seen on the very
-- next request. It sits beside the sites' data version (one row per council, read by the same
-- check), so both come from one index lookup. Sign-out and revocation need no version: the
-- session row itself is read on every request.
alter table site_data_versions add column access_version bigint not null default 1;

-- Row-level, keyed by the changed row's own council (not the session's setting, which a
-- superuser's script may not have set): the writer could change that council's rows only, so the
-- tenant policy lets it bump that council's version too. A missing row reads as version 1.
create or replace function bump_access_version() returns trigger
  language plpgsql
  as $$
declare
  changed uuid := case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end;
begin
  insert into site_data_versions (tenant_id, access_version) values (changed, 2)
    on conflict (tenant_id) do update set access_version = site_data_versions.access_version + 1;
  return null;
end
$$;

create trigger roles_access_version after insert or update or delete on roles
  for each row execute function bump_access_version();
create trigger role_grants_access_version after insert or update or delete on role_grants
  for each row execute function bump_access_version();
create trigger user_roles_access_version after insert or update or delete on user_roles
  for each row execute function bump_access_version();
create trigger users_access_version after update of kind, disabled_at, deleted_at on users
  for each row
  when (old.kind is distinct from new.kind or old.disabled_at is distinct from new.disabled_at
        or old.deleted_at is distinct from new.deleted_at)
  execute function bump_access_version();
