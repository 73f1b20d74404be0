-- The row-level security policy calls app_current_tenant() on every tenant table. A function is
-- PARALLEL UNSAFE unless declared otherwise, which kept every query off parallel workers: a
-- search's total over a million sites could use one core only. It only reads a setting, and
-- PostgreSQL copies settings to its parallel workers, so it is safe.
alter function app_current_tenant() parallel safe;
