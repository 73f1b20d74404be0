-- Issue 27 point 2: documents attached to a call for sites submission (a title plan, a site
-- plan, a letter): rows of `files`, scanned like every upload, home bucket 'availability' (spec 01
-- §3's bucket for what landowners send about their land's availability).
create table cfs_submission_attachments (
  tenant_id uuid not null,
  submission_id uuid not null,
  file_id uuid not null references files (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (submission_id, file_id),
  foreign key (tenant_id, submission_id) references cfs_submissions (tenant_id, id) on delete cascade
);
select enable_tenant_isolation('cfs_submission_attachments');
grant select, insert, delete on cfs_submission_attachments to planning_app;
