-- The tenant policy compared each row with app_current_tenant(), and PostgreSQL called it (a
-- setting lookup and a uuid parse) once per row read: counting a search's matches among a million
-- sites spent most of its time there. Written as a sub-select it becomes an init plan, worked out
-- once per query, and `tenant_id = <value>` can still use an index.
create or replace function enable_tenant_isolation(target regclass) returns void
  language plpgsql
  as $$
begin
  execute format('alter table %s enable row level security', target);
  execute format('alter table %s force row level security', target);
  execute format(
    'create policy tenant_isolation on %s using (tenant_id = (select app_current_tenant())) with check (tenant_id = (select app_current_tenant()))',
    target
  );
end
$$;

-- Every table that already has the policy gets the new form.
do $$
declare
  target record;
begin
  for target in
    select schemaname, tablename from pg_policies where policyname = 'tenant_isolation'
  loop
    execute format(
      'alter policy tenant_isolation on %I.%I using (tenant_id = (select app_current_tenant())) with check (tenant_id = (select app_current_tenant()))',
      target.schemaname,
      target.tablename
    );
  end loop;
end
$$;

alter policy tenants_update_self on tenants
  using (id = (select app_current_tenant())) with check (id = (select app_current_tenant()));
