import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The council's next representation number (R000123). Two officers saving at once would read the
 * same max: a transaction-scoped advisory lock per council makes them take turns, and the unique
 * (tenant_id, reference) index would refuse a clash anyway. The lock is held to the commit, so
 * the caller may also take the numbers after the one returned (a duplicate of several rows).
 */
export async function nextReference(trx: Transaction<Database>, tenantId: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext('representations.reference'), hashtext(${tenantId}))`.execute(
    trx,
  );
  const { rows } = await sql<{ next: number }>`
    select coalesce(max(reference), 0)::int + 1 as next from representations where tenant_id = ${tenantId}`.execute(
    trx,
  );
  return rows[0]!.next;
}
