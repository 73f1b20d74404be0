-- Issue 27 point 8: spam limits on submissions per account and per address. The address a draft
-- was started from, kept only as a SHA-256 hash with the council's id (never the address itself),
-- so starts from one address can be counted across accounts.
alter table cfs_submissions add column created_from text check (created_from ~ '^[0-9a-f]{64}$');
create index cfs_submissions_from on cfs_submissions (tenant_id, created_from, created_at);
