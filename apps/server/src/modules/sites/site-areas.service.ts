import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

/**
 * The boundary of `kind` the site mostly lies in: the largest overlap with the council's
 * boundaries (the ward and parish lines of the map), the name first in order on a tie. One the
 * site only touches does not count; with no such boundary the answer is null.
 */
const largestOverlap = (kind: 'ward' | 'parish' | 'neighbourhood') => sql<string | null>`(
  select b.name from boundaries b
  where b.tenant_id = s.tenant_id and b.kind = ${kind}
    and ST_Intersects(b.geom, s.geom) and not ST_Touches(b.geom, s.geom)
  order by ST_Area(ST_Intersection(b.geom, s.geom)) desc, b.name
  limit 1)`;

/**
 * A new site's ward, parish and neighbourhood area, from where it lies (issue 25 point 6). A
 * council without such boundaries leaves them empty, as an officer may still fill them in.
 */
export async function fillSiteAreas(trx: Trx, siteId: string): Promise<void> {
  await sql`update sites s set
      ward = ${largestOverlap('ward')},
      parish = ${largestOverlap('parish')},
      neighbourhood_area_name = ${largestOverlap('neighbourhood')}
    where s.id = ${siteId}`.execute(trx);
}
