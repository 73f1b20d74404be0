import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * A new site's ward and parish, from the council's boundaries (the one holding most of it, or the
 * one under a point), and its HELAA reference, the next in the council's own numbering: the prefix
 * most of its references share, one past the highest number with it, at the same width
 * ('DB-000123' follows 'DB-000122'). A council without boundaries or numbered references leaves
 * the field empty. Creations wait for each other on a per-council lock, so two officers drawing
 * at once get different references.
 */
export async function fillPlaceAndReference(trx: Transaction<Database>, tenantId: string, siteId: string) {
  await sql`select pg_advisory_xact_lock(hashtext('site-reference:' || ${tenantId}::text))`.execute(trx);
  const { rows } = await sql<{ prefix: string; last: string; width: number }>`
    select prefix, max(digits::numeric)::text as last, max(length(digits))::int as width
    from (
      select substring(helaa_reference from '^(.*[^0-9])[0-9]+$') as prefix,
             substring(helaa_reference from '([0-9]+)$') as digits
      from sites where helaa_reference ~ '^.*[^0-9][0-9]+$' and id <> ${siteId}
    ) numbered
    group by prefix order by count(*) desc, prefix limit 1`.execute(trx);
  const numbering = rows[0];
  const reference = numbering
    ? `${numbering.prefix}${(BigInt(numbering.last) + 1n).toString().padStart(numbering.width, '0')}`
    : null;
  const area = (kind: 'ward' | 'parish') => sql`(
    select b.name from boundaries b
    where b.kind = ${kind} and ST_Intersects(b.geom, s.geom)
    order by ST_Area(ST_Intersection(b.geom, s.geom)) desc, b.name limit 1)`;
  await sql`update sites s set ward = ${area('ward')}, parish = ${area('parish')},
      helaa_reference = coalesce(s.helaa_reference, ${reference}::text)
    where s.id = ${siteId}`.execute(trx);
}
