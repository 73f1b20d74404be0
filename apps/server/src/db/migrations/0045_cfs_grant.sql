-- Issue 27 point 4: reviewing call for sites submissions is a unit of its own, 'cfs': read the
-- submissions with their submitters' details (read), review, accept and reject them (write).
-- Each council's administrator role, and any role that held every grant, holds all three, so
-- "holds every grant" still names the same people; an administrator gives it to others.
alter table role_grants drop constraint role_grants_unit_check;
alter table role_grants add constraint role_grants_unit_check check (
  unit in ('placemaker', 'consultations', 'sites', 'site-lists', 'authorisation', 'dev-features',
           'personal-data', 'data-protection', 'cfs')
);

do $$
declare
  council record;
begin
  for council in select id, admin_role_id from tenants loop
    perform set_config('app.tenant_id', council.id::text, true);
    insert into role_grants (tenant_id, role_id, unit, action)
    select council.id, r.id, 'cfs', a.action
      from roles r
      cross join (values ('read'), ('write'), ('delete')) as a(action)
     -- The council's own roles by name, not by row-level security alone (see 0038).
     where r.tenant_id = council.id
       and (r.id = council.admin_role_id
            or (select count(*) from role_grants g where g.role_id = r.id) >= 24)
    on conflict do nothing;
  end loop;
  perform set_config('app.tenant_id', '', true);
end
$$;
