import { sql, type Transaction } from 'kysely';
import { serverMessages, siteListMessages, type SiteList } from '@planning/shared';
import type { Database } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';

type Trx = Transaction<Database>;

type ListRow = {
  id: string;
  list_name: string;
  scenario_name: string | null;
  created_at: Date | string;
  site_count: number;
};

const asList = (row: ListRow): SiteList => ({
  id: row.id,
  listName: row.list_name,
  siteCount: Number(row.site_count),
  scenarioName: row.scenario_name,
  createdAt: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
});

/** Lists with how many live sites each holds (a deleted site leaves every list). */
async function listsWhere(trx: Trx, id: string | null): Promise<SiteList[]> {
  const { rows } = await sql<ListRow>`
    select l.id::text as id, l.list_name, l.scenario_name, l.created_at,
      (select count(*)::int from site_list_sites ls join sites s on s.id = ls.site_id and not s.is_deleted
        where ls.list_id = l.id) as site_count
    from site_lists l ${id ? sql`where l.id = ${id}` : sql``}
    order by lower(l.list_name)`.execute(trx);
  return rows.map(asList);
}

export const allLists = (trx: Trx) => listsWhere(trx, null);

export async function oneList(trx: Trx, id: string): Promise<SiteList> {
  const [list] = await listsWhere(trx, id);
  if (!list) throw notFound(serverMessages.nonExistingId);
  return list;
}

/** A taken name (case-insensitively) is 409 with its message, whoever took it first. */
async function namedWrite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(siteListMessages.nameTaken);
    throw error;
  }
}

export async function createList(
  trx: Trx,
  owner: { tenantId: string; userId: string },
  body: { listName: string; scenarioName?: string | undefined },
) {
  const row = await namedWrite(() =>
    trx
      .insertInto('site_lists')
      .values({
        tenant_id: owner.tenantId,
        list_name: body.listName,
        created_by: owner.userId,
        scenario_name: body.scenarioName ?? null,
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow(),
  );
  return oneList(trx, row.id);
}

export async function renameList(trx: Trx, id: string, listName: string) {
  const result = await namedWrite(() =>
    trx.updateTable('site_lists').set({ list_name: listName }).where('id', '=', id).executeTakeFirst(),
  );
  if (Number(result.numUpdatedRows) === 0) throw notFound(serverMessages.nonExistingId);
  return oneList(trx, id);
}

export async function deleteList(trx: Trx, id: string) {
  const result = await trx.deleteFrom('site_lists').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound(serverMessages.nonExistingId);
}

/** Every id must be a live site of the council (of the list's scenario, for a scenario list). */
async function requireSites(trx: Trx, list: SiteList, ids: string[]) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sites
    where id = any(${ids}::bigint[]) and not is_deleted
      ${list.scenarioName ? sql`and scenario_name = ${list.scenarioName}` : sql``}`.execute(trx);
  if ((rows[0]?.n ?? 0) !== ids.length) throw notFound(serverMessages.nonExistingId);
}

/** Adds sites (up to 10,000, one statement); sites already on the list stay as they are. */
export async function addSites(trx: Trx, tenantId: string, id: string, siteIds: readonly number[]) {
  const list = await oneList(trx, id);
  const ids = [...new Set(siteIds)].map(String);
  await requireSites(trx, list, ids);
  const result = await sql`insert into site_list_sites (tenant_id, list_id, site_id)
    select ${tenantId}::uuid, ${id}::uuid, site from unnest(${ids}::bigint[]) as site
    on conflict (list_id, site_id) do nothing`.execute(trx);
  return { changed: Number(result.numAffectedRows ?? 0), siteCount: (await oneList(trx, id)).siteCount };
}

export async function removeSites(trx: Trx, id: string, siteIds: readonly number[]) {
  await oneList(trx, id);
  const result = await sql`delete from site_list_sites
    where list_id = ${id} and site_id = any(${[...new Set(siteIds)].map(String)}::bigint[])`.execute(trx);
  return { changed: Number(result.numAffectedRows ?? 0), siteCount: (await oneList(trx, id)).siteCount };
}

/** The list's live sites, in the order they were added. */
export async function listSiteIds(trx: Trx, id: string): Promise<string[]> {
  await oneList(trx, id);
  const { rows } = await sql<{ id: string }>`select s.id::text as id from site_list_sites ls
    join sites s on s.id = ls.site_id and not s.is_deleted
    where ls.list_id = ${id} order by ls.added_at, s.id`.execute(trx);
  return rows.map((row) => row.id);
}

export async function listsOfSite(trx: Trx, siteId: string) {
  const site = await trx
    .selectFrom('sites')
    .select('id')
    .where('id', '=', siteId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (!site) throw notFound(serverMessages.nonExistingId);
  const { rows } = await sql<{
    id: string;
    list_name: string;
  }>`select l.id::text as id, l.list_name from site_lists l
    join site_list_sites ls on ls.list_id = l.id where ls.site_id = ${siteId} order by lower(l.list_name)`.execute(
    trx,
  );
  return rows.map((row) => ({ id: row.id, listName: row.list_name }));
}
