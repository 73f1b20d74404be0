import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

/** A council with no references of its own yet numbers its sites SITE-000001, SITE-000002, … */
export const FALLBACK_REFERENCE = { prefix: 'SITE-', digits: 6 } as const;

/** Numbers taken by sites made some other way (an import) are skipped, a few at most. */
const MAX_SKIPS = 1000;

type Counter = { prefix: string; digits: number; last_number: string };

/**
 * The council's next site reference, in its own numbering: the prefix and zero padding of most
 * of its references (DB-000123 gives DB-000124), from its counter row (migration 0036). The row
 * stays locked until the creating transaction ends, so concurrent creates take turns and never
 * share a number. A number some site already carries as its id is passed over.
 */
export async function nextSiteReference(trx: Trx, tenantId: string): Promise<string> {
  for (let skipped = 0; skipped <= MAX_SKIPS; skipped += 1) {
    const counter = (await takeNumber(trx, tenantId)) ?? (await startCounter(trx, tenantId));
    const reference = counter.prefix + counter.last_number.padStart(counter.digits, '0');
    const { rows } = await sql<{ taken: boolean }>`select exists (
        select 1 from sites where tenant_id = ${tenantId} and id_unique = ${reference}) as taken`.execute(
      trx,
    );
    if (!rows[0]?.taken) return reference;
  }
  throw new Error(`No free site reference after ${MAX_SKIPS} tries`);
}

async function takeNumber(trx: Trx, tenantId: string): Promise<Counter | undefined> {
  const { rows } = await sql<Counter>`update site_reference_counters set last_number = last_number + 1
    where tenant_id = ${tenantId}
    returning prefix, digits, last_number::text as last_number`.execute(trx);
  return rows[0];
}

/**
 * The council's first new site: its numbering is read from the references it already has (the
 * commonest prefix, the shortest number's width as padding, the highest number as the last
 * taken). Two first creates at once: one inserts, the other waits for it and takes the next.
 */
async function startCounter(trx: Trx, tenantId: string): Promise<Counter> {
  const { rows } = await sql<Counter>`
    with refs as (
      select substring(helaa_reference from '^(.*[^0-9])[0-9]{1,15}$') as prefix,
             substring(helaa_reference from '([0-9]{1,15})$') as num
      from sites
      where tenant_id = ${tenantId} and helaa_reference ~ '^[A-Za-z].{0,38}[^0-9][0-9]{1,15}$'
    ), pattern as (
      select prefix, min(length(num)) as digits, max(num::bigint) as last
      from refs group by prefix order by count(*) desc, prefix limit 1
    )
    insert into site_reference_counters (tenant_id, prefix, digits, last_number)
    select ${tenantId}, coalesce(p.prefix, ${FALLBACK_REFERENCE.prefix}),
      coalesce(p.digits, ${FALLBACK_REFERENCE.digits}), coalesce(p.last, 0) + 1
    from (values (1)) as one left join pattern p on true
    on conflict (tenant_id) do update set last_number = site_reference_counters.last_number + 1
    returning prefix, digits, last_number::text as last_number`.execute(trx);
  return rows[0]!;
}
