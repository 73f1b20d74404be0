-- Background jobs (DESIGN.md: the spec's cloud functions become jobs persisted here) and the
-- notifications that report them (spec 01 §3 Notification, §4 statuses).

-- A job belongs to a council like any other row. Workers claim jobs of every council, so besides
-- the tenant policy a second, permissive policy lets a transaction that has declared itself the
-- queue's worker (app.jobs_worker, set locally by jobs.queue.ts and nowhere else) see the queue.
-- The job itself then runs in an ordinary transaction scoped to its council.
create table jobs (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  user_id uuid references users (id) on delete set null,
  -- Processes only claim jobs of their own queue ('default'; tests keep theirs apart).
  queue text not null default 'default' check (length(queue) between 1 and 100),
  kind text not null check (length(kind) between 1 and 100),
  payload jsonb not null default '{}',
  status text not null default 'queued'
    check (status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  attempts integer not null default 0,
  max_attempts integer not null default 3 check (max_attempts between 1 and 20),
  -- When a queued job may next run (later after a failed attempt: backoff).
  run_at timestamptz not null default now(),
  -- The running job's lease: a worker that dies stops renewing it, and another takes the job over.
  locked_by text,
  locked_until timestamptz,
  progress_done integer not null default 0,
  progress_total integer not null default 0,
  cancel_requested boolean not null default false,
  result jsonb,
  error text check (length(error) <= 2000),
  notification_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_ready on jobs (queue, run_at) where status = 'queued';
create index jobs_leased on jobs (queue, locked_until) where status = 'running';
create trigger jobs_updated_at before update on jobs for each row execute function touch_updated_at();
select enable_tenant_isolation('jobs');
create policy jobs_worker on jobs
  using (current_setting('app.jobs_worker', true) = 'on')
  with check (current_setting('app.jobs_worker', true) = 'on');
grant select, insert, update, delete on jobs to planning_app;

create table notifications (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  user_id uuid not null references users (id) on delete cascade,
  status text not null check (status in (
    'success', 'error', 'new', 'initializing', 'initialized', 'processing', 'fetching', 'loading',
    'extracting', 'deleting', 'updating', 'info', 'important info')),
  label text not null check (length(label) between 1 and 200),
  message text check (length(message) <= 2000),
  details jsonb not null default '{}',
  completed integer not null default 0,
  completed_out_of integer not null default 0,
  job_id uuid references jobs (id) on delete set null,
  viewed boolean not null default false,
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index notifications_user on notifications (user_id, archived, created_at desc);
create trigger notifications_updated_at before update on notifications for each row execute function touch_updated_at();
select enable_tenant_isolation('notifications');
grant select, insert, update, delete on notifications to planning_app;
