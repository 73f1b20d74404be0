-- A signed-in request's session in one round trip, and sign-in attempt counters shared by every
-- server process (issue 10, points 8 and 11).

-- The session named by a cookie's hash, checked against the database on every request so a
-- revocation from any process holds on the very next one: sets the tenant for this statement
-- (set_config local: outside a transaction it ends with the statement, never outliving it on a
-- pooled connection), so row-level security still confines every read below to that council.
-- Answers {"status": "unknown" | "terminated" | "expired"} or {"status": "active", the session,
-- its user's grants and the council's site data version (for caches keyed by it)}. A session of a
-- disabled account is revoked here; an active one is touched at most once per `touch_after_ms`.
create or replace function app_request_session(
  p_tenant uuid,
  p_token_hash text,
  p_idle_ms bigint,
  p_touch_after_ms bigint
) returns jsonb
  language plpgsql volatile
  as $$
declare
  found_session record;
begin
  perform set_config('app.tenant_id', p_tenant::text, true);
  select s.id, s.user_id, s.tenant_id, s.csrf_token, s.provider, s.last_seen_at, s.expires_at,
         s.revoked_at, u.kind, u.disabled_at
    into found_session
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = p_token_hash;
  if not found then
    return jsonb_build_object('status', 'unknown');
  end if;
  if found_session.revoked_at is not null then
    return jsonb_build_object('status', 'terminated');
  end if;
  if found_session.disabled_at is not null then
    update sessions set revoked_at = now(), revoked_reason = 'admin'
      where id = found_session.id and revoked_at is null;
    return jsonb_build_object('status', 'terminated');
  end if;
  if now() - found_session.last_seen_at > make_interval(secs => p_idle_ms / 1000.0)
     or found_session.expires_at <= now() then
    return jsonb_build_object('status', 'expired');
  end if;
  if now() - found_session.last_seen_at > make_interval(secs => p_touch_after_ms / 1000.0) then
    update sessions set last_seen_at = now() where id = found_session.id;
  end if;
  return jsonb_build_object(
    'status', 'active',
    'sessionId', found_session.id,
    'userId', found_session.user_id,
    'tenantId', found_session.tenant_id,
    'kind', found_session.kind,
    'provider', found_session.provider,
    'csrfToken', found_session.csrf_token,
    'grants', coalesce((
      select jsonb_agg(distinct jsonb_build_object('unit', g.unit, 'action', g.action))
      from user_roles ur join role_grants g on g.role_id = ur.role_id
      where ur.user_id = found_session.user_id), '[]'::jsonb),
    'dataVersion', coalesce((select version from site_data_versions), 1)::text
  );
end
$$;
grant execute on function app_request_session(uuid, text, bigint, bigint) to planning_app;

-- Failed sign-ins and other attempt counts, in rate-limiter-flexible's RateLimiterPostgres layout
-- (created here, so the application role needs no CREATE). Keys are prefixes and SHA-256 hashes
-- (of the council's id with an email, and of an IP address): no email or address in clear, and
-- the same email at two councils is two keys. Not tenant-owned: a sign-in is limited before any
-- tenant transaction, and nothing here names a council.
create table auth_attempts (
  key varchar(255) primary key,
  points integer not null default 0,
  -- Milliseconds since 1970 when the window ends.
  expire bigint
);
grant select, insert, update, delete on auth_attempts to planning_app;
