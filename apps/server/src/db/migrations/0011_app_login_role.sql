-- The request pool logs in as planning_app itself (decision 0008), instead of the owner switching
-- to it with `-c role=`, which a statement could undo with RESET ROLE. Roles belong to the whole
-- cluster: another database of the same server may have done this already, and a DBA may have
-- prepared the role; altering it needs CREATEROLE (or a superuser), so only when it differs.
do $$
begin
  if exists (
    select from pg_roles
    where rolname = 'planning_app'
      and not (rolcanlogin and not rolsuper and not rolbypassrls and not rolcreatedb
               and not rolcreaterole and not rolinherit and not rolreplication)
  ) then
    alter role planning_app login nosuperuser nobypassrls nocreatedb nocreaterole noinherit noreplication;
  end if;
exception when insufficient_privilege then
  -- The message is what start-up prints ("Cannot start: Migration 0011… failed: …").
  raise exception 'planning_app must become a login role and this user may not alter it: as a '
    'superuser run "alter role planning_app login nosuperuser nobypassrls nocreatedb nocreaterole '
    'noinherit noreplication", or give the DATABASE_URL user CREATEROLE';
end
$$;
