import type { Kysely, Transaction } from 'kysely';
import { authMessages, searchTemplateMessages, type SearchFilter } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { loadDictionary, matchingSites } from './search.service';

/** A template is a search to run later: its filters must pass the same checks a search does. */
async function checkFilters(trx: Transaction<Database>, tenantId: string, filters: SearchFilter[]) {
  await matchingSites(trx, tenantId, await loadDictionary(trx), filters, undefined);
}

type Input = { name: string; filters: SearchFilter[]; shared: boolean };
/**
 * Whether the user may share templates (write on sites). Without it a user keeps private ones
 * only: a read-only user may save their own searches, but not publish one to colleagues.
 */
type Sharing = { canShare: boolean };

const refuseSharing = () => forbidden(authMessages.notAuthorized);
type Row = {
  id: string;
  name: string;
  filters: unknown;
  shared: boolean;
  created_by: string;
  updated_at: Date;
};

const present = (row: Row, userId: string) => ({
  id: row.id,
  name: row.name,
  filters: row.filters as SearchFilter[],
  shared: row.shared,
  mine: row.created_by === userId,
  updatedAt: row.updated_at.toISOString(),
});

const columns = ['id', 'name', 'filters', 'shared', 'created_by', 'updated_at'] as const;

/** A user's own templates and those colleagues shared, newest first. */
export async function availableTemplates(db: Kysely<Database>, tenantId: string, userId: string) {
  return withTenant(db, tenantId, async (trx) => {
    const rows = await trx
      .selectFrom('site_search_templates')
      .select(columns)
      .where((eb) => eb.or([eb('created_by', '=', userId), eb('shared', '=', true)]))
      .orderBy('updated_at', 'desc')
      .execute();
    return rows.map((row) => present(row, userId));
  });
}

export async function createTemplate(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  input: Input,
  { canShare }: Sharing,
) {
  if (input.shared && !canShare) throw refuseSharing();
  try {
    return await withTenant(db, tenantId, async (trx) => {
      await checkFilters(trx, tenantId, input.filters);
      const row = await trx
        .insertInto('site_search_templates')
        .values({
          tenant_id: tenantId,
          name: input.name,
          filters: JSON.stringify(input.filters),
          shared: input.shared,
          created_by: userId,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return present(row, userId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(searchTemplateMessages.nameTaken);
    throw error;
  }
}

/**
 * Only the author changes a template; anyone else is told it does not exist. A shared template,
 * or one being shared, is changed only with write on sites.
 */
export async function updateTemplate(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  id: string,
  input: Input,
  { canShare }: Sharing,
) {
  try {
    return await withTenant(db, tenantId, async (trx) => {
      const current = await trx
        .selectFrom('site_search_templates')
        .select('shared')
        .where('id', '=', id)
        .where('created_by', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw notFound(searchTemplateMessages.notFound);
      if ((current.shared || input.shared) && !canShare) throw refuseSharing();
      await checkFilters(trx, tenantId, input.filters);
      const row = await trx
        .updateTable('site_search_templates')
        .set({ name: input.name, filters: JSON.stringify(input.filters), shared: input.shared })
        .where('id', '=', id)
        .where('created_by', '=', userId)
        .returning(columns)
        .executeTakeFirst();
      if (!row) throw notFound(searchTemplateMessages.notFound);
      return present(row, userId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(searchTemplateMessages.nameTaken);
    throw error;
  }
}
