-- A new site's reference follows its council's numbering (issue 25 point 6): the next number of
-- the council's own pattern (DB-000124 after DB-000123), from one counter row per council.
-- Taking a number is an UPDATE … RETURNING on that row: two sites created at once wait for each
-- other's row lock and get distinct numbers, where max() + 1 would give both the same one.
-- The pattern (prefix with its separator, and how many digits) and the starting number are read
-- from the council's existing references when the first site is created (site-references.service.ts).
create table site_reference_counters (
  tenant_id uuid primary key references tenants (id),
  prefix text not null check (length(prefix) between 1 and 40),
  digits integer not null check (digits between 1 and 15),
  last_number bigint not null check (last_number >= 0)
);
select enable_tenant_isolation('site_reference_counters');
grant select, insert, update on site_reference_counters to planning_app;
