-- Issue 25 point 3: reading a representation as received (names, email addresses, telephone
-- numbers, addresses the redactions hide) is a grant of its own, 'personal-data' read. Officers and
-- administrators of every council hold it; viewers and everyone else read the redacted text.
alter table role_grants drop constraint role_grants_unit_check;
alter table role_grants add constraint role_grants_unit_check check (
  unit in ('placemaker', 'consultations', 'sites', 'site-lists', 'authorisation', 'dev-features', 'personal-data')
);

-- Each council in turn (row-level security binds a migration owner that is no superuser too).
-- A role that held every grant (the administrator's) keeps holding every grant; a role that writes
-- consultations (the officer's) reads personal data, as it did before.
do $$
declare
  council record;
begin
  for council in select id, admin_role_id from tenants loop
    perform set_config('app.tenant_id', council.id::text, true);
    insert into role_grants (tenant_id, role_id, unit, action)
    select council.id, r.id, 'personal-data', a.action
      from roles r
      cross join (values ('read'), ('write'), ('delete')) as a(action)
     where r.id = council.admin_role_id
        or (select count(*) from role_grants g where g.role_id = r.id) >= 18
    on conflict do nothing;
    insert into role_grants (tenant_id, role_id, unit, action)
    select council.id, g.role_id, 'personal-data', 'read'
      from role_grants g
     where g.unit = 'consultations' and g.action = 'write'
    on conflict do nothing;
  end loop;
  perform set_config('app.tenant_id', '', true);
end
$$;
