-- Issue 26 point 4: erasure, and the legal hold that refuses it. A consultation under examination
-- (or any other legal hold the council names) keeps its representations whole: an erasure that
-- would change one of them is refused with the hold's reason.
alter table consultation_events
  add column legal_hold_reason text check (length(legal_hold_reason) between 1 and 500),
  add column legal_hold_since timestamptz,
  add constraint consultation_events_legal_hold check ((legal_hold_reason is null) = (legal_hold_since is null));

-- An erasure ends the person's sessions and sign-in links, and replaces their details in the
-- audit log's text and the representations' timelines (the rows themselves stay).
grant delete on sessions, auth_tokens to planning_app;
grant update (actor_email, summary, details, ip, user_agent) on audit_log to planning_app;
grant update (user_name, detail) on representation_events to planning_app;

-- The audit log stays append-only, except for a transaction that declares itself an erasure
-- (app.erasure, set locally by the erasure and nowhere else): it may rewrite the personal text of
-- a row, never what was done, by whom (account) or when.
create or replace function audit_log_append_only() returns trigger
  language plpgsql
  as $$
begin
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
