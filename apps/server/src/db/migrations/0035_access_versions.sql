-- A per-council access version (issue 25, point 8): bumped, in the same transaction, by every
-- change to what a signed-in user may do: roles, their grants, who holds them, and an account's
-- kind or disabling. The session check reads it beside the session on every request, so a server
-- process may keep each session's grants and skip the grant join while the version is unchanged;
-- any change, made by any process or straight in the database, is seen on the very next request.
-- Sign-out and revocation need no version: the session row itself is read on every request.
--
-- No foreign key to tenants: the triggers below fire inside the cascade of a council's deletion,
-- after its tenants row is gone, and a counter with no council behind it is harmless.
create table tenant_access_versions (
  tenant_id uuid primary key,
  version bigint not null default 1
);
select enable_tenant_isolation('tenant_access_versions');
grant select, insert, update on tenant_access_versions to planning_app;

-- Row-level, keyed by the changed row's own council (never the session's setting, which a
-- superuser's script may not have set): the writer could only change that council's rows, so
-- the row-level policy lets it bump that council's version too.
create or replace function bump_access_version() returns trigger
  language plpgsql
  as $$
declare
  changed uuid := case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end;
begin
  insert into tenant_access_versions (tenant_id, version) values (changed, 2)
    on conflict (tenant_id) do update set version = tenant_access_versions.version + 1;
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
