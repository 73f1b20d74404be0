import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

/**
 * Issue 27 point 4: the council's constraint layers each site of a submission meets (every layer
 * with a feature the boundary touches, with how many), worked out once on arrival and kept with
 * the time: the queue counts and filters on them, review reads them as they were when submitted.
 */
export async function recordConstraintLayers(trx: Trx, submissionId: string): Promise<void> {
  await sql`
    update cfs_submission_sites x set
      constraint_layers = coalesce((
        select jsonb_agg(jsonb_build_object('id', l.id::text, 'title', l.title, 'features', m.n)
                         order by l.title, l.id)
          from (select f.layer_id, count(*)::int as n
                  from layer_features f
                 where ST_Intersects(f.geom, x.boundary)
                 group by f.layer_id) m
          join layers l on l.id = m.layer_id), '[]'::jsonb),
      constraints_checked_at = clock_timestamp()
    where x.submission_id = ${submissionId}`.execute(trx);
}
