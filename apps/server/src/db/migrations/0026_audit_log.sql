-- Issue 16 point 5: every admin and config change, role change, sign-in as admin, session ending
-- and export is recorded. Append-only for the application: it may read and add rows, never change
-- or remove them (no grant, and a trigger for any role that were given more).
create table audit_log (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  occurred_at timestamptz not null default clock_timestamp(),
  -- No foreign key: the record outlives the account it names; the email is kept as it was then.
  actor_user_id uuid,
  actor_email text check (length(actor_email) <= 200),
  action text not null check (action ~ '^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$'),
  target_type text check (length(target_type) <= 64),
  target_id text check (length(target_id) <= 200),
  summary text not null check (length(summary) between 1 and 1000),
  details jsonb not null default '{}',
  ip text check (length(ip) <= 64),
  user_agent text check (length(user_agent) <= 500)
);
create index audit_log_list on audit_log (tenant_id, occurred_at desc, id desc);
create index audit_log_action on audit_log (tenant_id, action, occurred_at desc);
create index audit_log_actor on audit_log (tenant_id, actor_user_id, occurred_at desc);
select enable_tenant_isolation('audit_log');
grant select, insert on audit_log to planning_app;

create or replace function audit_log_append_only() returns trigger
  language plpgsql
  as $$
begin
  raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
end
$$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();
