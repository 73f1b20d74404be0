import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Runs `work` in a transaction scoped to one tenant. Row-level security reads the tenant from this
 * transaction-local setting, so even a query that forgets `where tenant_id = …` sees one tenant.
 */
export async function withTenant<T>(
  db: Kysely<Database>,
  tenantId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
  /** More transaction-local settings, made in the same round trip. */
  settings: Record<string, string> = {},
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await setTransactionTenant(trx, tenantId, settings);
    return work(trx);
  });
}

/** Scopes the rest of an open transaction to a tenant (one just created, for instance). */
export async function setTransactionTenant(
  trx: Transaction<Database>,
  tenantId: string,
  settings: Record<string, string> = {},
): Promise<void> {
  const more = Object.entries(settings).map(([name, value]) => sql`, set_config(${name}, ${value}, true)`);
  // `true` makes the setting local to this transaction, never to the pooled connection.
  await sql`select set_config('app.tenant_id', ${tenantId}, true)${sql.join(more, sql``)}`.execute(trx);
}
