import { sql, type Transaction } from 'kysely';
import { serverMessages, tagMessages, type SiteTagItem } from '@planning/shared';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';

type Trx = Transaction<Database>;

const asItem = (row: { id: string; tag_name: string; color: string | null }): SiteTagItem => ({
  id: row.id,
  name: row.tag_name,
  color: row.color,
});

export async function allTags(trx: Trx): Promise<SiteTagItem[]> {
  const rows = await trx.selectFrom('tags').select(['id', 'tag_name', 'color']).orderBy('tag_name').execute();
  return rows.map(asItem);
}

/** The live site with this id in the transaction's council, or 404 'Non-existing id'. */
async function requireSite(trx: Trx, siteId: number): Promise<void> {
  const site = await trx
    .selectFrom('sites')
    .select('id')
    .where('id', '=', String(siteId) as never)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (!site) throw notFound(serverMessages.nonExistingId);
}

/**
 * The council's tag of this (normalised) name, made when it has none. Names are unique per
 * council case-insensitively (tags_name); a concurrent creator's row is taken instead of failing.
 */
async function tagNamed(trx: Trx, tenantId: string, name: string): Promise<SiteTagItem> {
  await trx
    .insertInto('tags')
    .values({ tenant_id: tenantId, tag_name: name, color: null })
    .onConflict((oc) => oc.expression(sql`tenant_id, lower(tag_name)`).doNothing())
    .execute();
  const row = await trx
    .selectFrom('tags')
    .select(['id', 'tag_name', 'color'])
    .where(sql<boolean>`lower(tag_name) = ${name.toLowerCase()}`)
    .executeTakeFirstOrThrow();
  return asItem(row);
}

/** Spec 01 §7 POST tag/{siteId}: the tag on the site; asking again changes nothing. */
export async function addTag(trx: Trx, tenantId: string, siteId: number, name: string): Promise<SiteTagItem> {
  await requireSite(trx, siteId);
  const tag = await tagNamed(trx, tenantId, name);
  await trx
    .insertInto('site_tags')
    .values({ tenant_id: tenantId, site_id: String(siteId), tag_id: tag.id })
    .onConflict((oc) => oc.columns(['site_id', 'tag_id']).doNothing())
    .execute();
  return tag;
}

/** Spec 01 §7 DELETE tag/{siteId}: the tag off the site (the council keeps the tag itself). */
export async function removeTag(trx: Trx, siteId: number, name: string): Promise<void> {
  await requireSite(trx, siteId);
  const removed = await trx
    .deleteFrom('site_tags')
    .where('site_id', '=', String(siteId))
    .where('tag_id', 'in', (qb) =>
      qb
        .selectFrom('tags')
        .select('id')
        .where(sql<boolean>`lower(tag_name) = ${name.toLowerCase()}`),
    )
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound(tagMessages.notOnSite);
}

/**
 * Spec 01 §7 "save a tag for many sites": one statement for all of them (up to 10,000); sites that
 * have the tag already are left as they are. Every id must be a live site of the council.
 */
export async function tagSites(
  trx: Trx,
  tenantId: string,
  siteIds: readonly number[],
  name: string,
): Promise<{ tag: SiteTagItem; created: Array<{ site_id: number; tag_id: string }> }> {
  const ids = [...new Set(siteIds)];
  const { rows: found } = await sql<{ n: number }>`
    select count(*)::int as n from sites where id = any(${ids.map(String)}::bigint[]) and not is_deleted`.execute(
    trx,
  );
  if ((found[0]?.n ?? 0) !== ids.length) throw notFound(serverMessages.nonExistingId);
  const tag = await tagNamed(trx, tenantId, name);
  const { rows } = await sql<{ site_id: string; tag_id: string }>`
    insert into site_tags (tenant_id, site_id, tag_id)
    select ${tenantId}::uuid, id, ${tag.id}::uuid from unnest(${ids.map(String)}::bigint[]) as id
    on conflict (site_id, tag_id) do nothing
    returning site_id, tag_id`.execute(trx);
  return { tag, created: rows.map((row) => ({ site_id: Number(row.site_id), tag_id: row.tag_id })) };
}
