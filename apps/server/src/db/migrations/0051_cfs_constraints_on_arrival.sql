-- Issue 27 point 4: the constraint layers each submitted site's boundary meets, worked out once
-- when the submission arrives and kept with when: the queue counts and filters on them without
-- intersecting every boundary with every layer on each read, and review shows what the officer
-- and the submitter's receipt both date from. [{ id, title, features }]; null while a draft.
alter table cfs_submission_sites
  add column constraint_layers jsonb
    check (constraint_layers is null or jsonb_typeof(constraint_layers) = 'array'),
  add column constraints_checked_at timestamptz;

-- Sites submitted before this migration: worked out now, council by council (row-level
-- security holds for the owner too, see 0045).
do $$
declare
  council record;
begin
  for council in select id from tenants loop
    perform set_config('app.tenant_id', council.id::text, true);
    update cfs_submission_sites x set
      constraint_layers = coalesce((
        select jsonb_agg(jsonb_build_object('id', l.id::text, 'title', l.title, 'features', m.n)
                         order by l.title, l.id)
          from (select f.layer_id, count(*)::int as n
                  from layer_features f
                 where f.tenant_id = council.id and ST_Intersects(f.geom, x.boundary)
                 group by f.layer_id) m
          join layers l on l.id = m.layer_id), '[]'::jsonb),
      constraints_checked_at = now()
    from cfs_submissions s
    where s.id = x.submission_id and s.tenant_id = council.id and x.tenant_id = council.id
      and s.status <> 'draft';
  end loop;
  perform set_config('app.tenant_id', '', true);
end
$$;
