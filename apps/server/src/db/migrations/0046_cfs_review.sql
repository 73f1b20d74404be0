-- Issue 27 point 4: reviewing submissions. Who decided, when, the reason a rejection gives the
-- submitter, and the sites an acceptance made (one per submitted site).
alter table cfs_submissions
  add column reviewed_by uuid,
  add column reviewed_at timestamptz,
  add column decision_reason text check (length(decision_reason) <= 4000);
alter table cfs_submission_sites add column site_id bigint;
create index cfs_submission_sites_site on cfs_submission_sites (tenant_id, site_id) where site_id is not null;
