-- PostGIS, the application role, and the tenant-isolation helpers every later migration uses.
create extension if not exists postgis;

-- The server's queries run as this role. It owns nothing and is no superuser, so row-level
-- security applies to it (owners and superusers bypass policies).
do $$
begin
  if not exists (select from pg_roles where rolname = 'planning_app') then
    create role planning_app nologin nosuperuser nobypassrls;
  end if;
end
$$;
grant usage on schema public to planning_app;

-- The tenant of the current transaction, set with set_config('app.tenant_id', id, true).
-- Null when unset, so a query outside a tenant transaction matches no tenant rows.
create or replace function app_current_tenant() returns uuid
  language sql stable
  as $$ select nullif(current_setting('app.tenant_id', true), '')::uuid $$;
grant execute on function app_current_tenant() to planning_app;

-- Every tenant-owned table calls this: rows are visible and writable only inside their tenant.
create or replace function enable_tenant_isolation(target regclass) returns void
  language plpgsql
  as $$
begin
  execute format('alter table %s enable row level security', target);
  execute format('alter table %s force row level security', target);
  execute format(
    'create policy tenant_isolation on %s using (tenant_id = app_current_tenant()) with check (tenant_id = app_current_tenant())',
    target
  );
end
$$;

create or replace function touch_updated_at() returns trigger
  language plpgsql
  as $$
begin
  new.updated_at := now();
  return new;
end
$$;
