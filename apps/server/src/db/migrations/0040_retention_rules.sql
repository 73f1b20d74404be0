-- Issue 26 point 5: retention. Each council's rules (a period per record type, within the bounds
-- of packages/shared/src/data-protection/retention.ts), kept as one document so a record type added
-- later falls back to its default. `last_scheduled_on` is the London date of the council's last
-- daily run: the worker that moves it forward is the one that queues the run.
create table retention_rules (
  tenant_id uuid primary key references tenants (id),
  rules jsonb not null default '{}',
  updated_by uuid,
  updated_by_name text check (length(updated_by_name) <= 200),
  updated_at timestamptz,
  last_scheduled_on date
);
select enable_tenant_isolation('retention_rules');
grant select, insert, update on retention_rules to planning_app;

-- Representations' personal data is kept for a period after the plan is adopted: the consultation
-- (a stage of the plan) records the date, and a contact records when its details were removed.
alter table consultation_events add column plan_adopted_on date;
alter table contacts add column anonymised_at timestamptz;

-- The audit log stays append-only for the application, except for entries past the council's
-- rule, removed through this one function (never less than a year old, whatever it is asked).
-- The trigger lets a delete through only inside it: the setting alone is not enough, the delete
-- must run as the table's owner (the function's definer), so a role granted more still cannot.
create or replace function audit_log_append_only() returns trigger
  language plpgsql
  as $$
begin
  if tg_op = 'DELETE'
     and current_setting('app.audit_retention', true) = 'on'
     and current_user = (select pg_get_userbyid(relowner) from pg_class where oid = tg_relid) then
    return old;
  end if;
  -- 0039's erasure rewrite, kept: the person's details go, what was done, by whom and when stay.
  if tg_op = 'UPDATE' and current_setting('app.erasure', true) = 'on'
     and new.id = old.id and new.tenant_id = old.tenant_id and new.occurred_at = old.occurred_at
     and new.actor_user_id is not distinct from old.actor_user_id and new.action = old.action
     and new.target_type is not distinct from old.target_type
     and new.target_id is not distinct from old.target_id then
    return new;
  end if;
  raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
end
$$;

create or replace function audit_log_expire(cutoff timestamptz) returns bigint
  language plpgsql
  security definer
  set search_path = public, pg_temp
  as $$
declare
  removed bigint;
begin
  if app_current_tenant() is null then
    raise exception 'audit_log_expire needs a council';
  end if;
  if cutoff > now() - interval '1 year' then
    raise exception 'audit log entries are kept for at least a year';
  end if;
  perform set_config('app.audit_retention', 'on', true);
  delete from audit_log where tenant_id = app_current_tenant() and occurred_at < cutoff;
  get diagnostics removed = row_count;
  perform set_config('app.audit_retention', '', true);
  return removed;
end
$$;
revoke all on function audit_log_expire(timestamptz) from public;
grant execute on function audit_log_expire(timestamptz) to planning_app;
