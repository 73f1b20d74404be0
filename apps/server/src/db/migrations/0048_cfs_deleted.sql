-- Issue 27 point 5 (spec 03 §7 "/submissions delete and restore (userIds)"): a person's
-- submissions can be deleted and restored by an administrator; deleted ones are left out of
-- review, analytics, exports and the person's own list until restored.
alter table cfs_submissions add column deleted_at timestamptz;
