-- Accounts, sessions, emailed links, roles and grants. All tenant-owned: an account of one
-- council does not exist for another, sign-in included.
create table users (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  email text not null check (email = lower(email) and length(email) < 100),
  name text not null check (length(name) <= 128),
  phone text check (length(phone) <= 32),
  -- Null for accounts that only sign in through an identity provider.
  password_hash text,
  provider text not null check (provider in ('firebase-auth', 'azure', 'saml-sso')),
  kind text not null check (kind in ('staff', 'public')),
  email_verified_at timestamptz,
  about jsonb not null default '{}',
  meta jsonb not null default '{}',
  disabled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, email)
);
create trigger users_updated_at before update on users for each row execute function touch_updated_at();
select enable_tenant_isolation('users');
grant select, insert, update on users to planning_app;

create table roles (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  name text not null check (length(name) between 1 and 64),
  description text,
  created_at timestamptz not null default now(),
  unique (tenant_id, name),
  unique (tenant_id, id)
);
select enable_tenant_isolation('roles');
grant select, insert, update, delete on roles to planning_app;

create table role_grants (
  tenant_id uuid not null,
  role_id uuid not null,
  unit text not null check (unit in ('placemaker', 'consultations', 'sites', 'site-lists', 'authorisation', 'dev-features')),
  action text not null check (action in ('read', 'write', 'delete')),
  primary key (role_id, unit, action),
  foreign key (tenant_id, role_id) references roles (tenant_id, id) on delete cascade
);
select enable_tenant_isolation('role_grants');
grant select, insert, delete on role_grants to planning_app;

alter table users add constraint users_tenant_id_id unique (tenant_id, id);
create table user_roles (
  tenant_id uuid not null,
  user_id uuid not null,
  role_id uuid not null,
  primary key (user_id, role_id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
  foreign key (tenant_id, role_id) references roles (tenant_id, id) on delete cascade
);
create index user_roles_role on user_roles (role_id);
select enable_tenant_isolation('user_roles');
grant select, insert, delete on user_roles to planning_app;

alter table tenants add constraint tenants_admin_role foreign key (id, admin_role_id) references roles (tenant_id, id)
  deferrable initially deferred;

-- Sessions are stored by the SHA-256 of their token: a copy of the table signs nobody in.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null,
  user_id uuid not null,
  token_hash text not null unique,
  csrf_token text not null,
  provider text not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text check (revoked_reason in ('sign-out', 'sign-out-everywhere', 'password-changed', 'admin')),
  ip text,
  user_agent text,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index sessions_user on sessions (user_id) where revoked_at is null;
select enable_tenant_isolation('sessions');
grant select, insert, update on sessions to planning_app;

-- Email verification and password reset links: single use, expiring, stored hashed.
create table auth_tokens (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null,
  user_id uuid not null,
  purpose text not null check (purpose in ('verify-email', 'reset-password')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index auth_tokens_user on auth_tokens (user_id, purpose) where used_at is null;
select enable_tenant_isolation('auth_tokens');
grant select, insert, update on auth_tokens to planning_app;

-- The sign-in methods each council offers; enterprise providers add rows, not code paths.
create table auth_providers (
  tenant_id uuid not null references tenants (id),
  provider text not null check (provider in ('firebase-auth', 'azure', 'saml-sso')),
  enabled boolean not null default true,
  label text not null,
  settings jsonb not null default '{}',
  primary key (tenant_id, provider)
);
select enable_tenant_isolation('auth_providers');
grant select, insert, update, delete on auth_providers to planning_app;
