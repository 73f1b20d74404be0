-- Issue 27 point 3: a submitter's later submission for the same land is linked to the earlier
-- one, not taken as new land: set on submitting, when the two outlines share at least half of
-- either one's area.
alter table cfs_submission_sites add column same_land_as uuid references cfs_submission_sites (id) on delete set null;
