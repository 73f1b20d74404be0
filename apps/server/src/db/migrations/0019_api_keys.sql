-- Personal API keys (issue 13 point 6): read-only access to one council's OGC API (QGIS, GDAL)
-- as one user. Only the SHA-256 of the key is kept: the key is 32 random bytes, so a fast hash
-- is enough (nothing to guess), and the database never holds a usable key.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  user_id uuid not null,
  name text not null check (length(name) between 1 and 100),
  -- The public part of the key (8 hex characters): shown in lists, and how a key's row is found.
  prefix text not null check (prefix ~ '^[0-9a-f]{8}$'),
  key_hash text not null check (key_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create unique index api_keys_prefix on api_keys (tenant_id, prefix);
create index api_keys_user on api_keys (user_id) where revoked_at is null;
select enable_tenant_isolation('api_keys');
grant select, insert, update on api_keys to planning_app;
