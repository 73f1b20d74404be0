import { sql, type Transaction } from 'kysely';
import { serverMessages, siteMessages } from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { requireLiveSite, type Editor } from './site-record.service';

type Trx = Transaction<Database>;

/** A site's child sites and the sites related to it (spec 01 §7). */

/** A site's child sites (drawn inside it), live ones only. */
export async function childSites(trx: Trx, siteId: string) {
  await requireLiveSite(trx, siteId);
  const { rows } = await sql<{ id: string; id_unique: string; site_name: string | null }>`
    select c.id::text as id, c.id_unique, c.site_name
    from sites p, jsonb_array_elements(p.children_data) as child
    join sites c on c.id = (child ->> 'id')::bigint and not c.is_deleted
    where p.id = ${siteId} order by c.id`.execute(trx);
  return rows;
}

export async function relatedSites(trx: Trx, siteId: string) {
  await requireLiveSite(trx, siteId);
  const { rows } = await sql<{
    id: string;
    id_unique: string;
    site_name: string | null;
    is_primary: boolean;
    comment: string | null;
  }>`
    select s.id::text as id, s.id_unique, s.site_name, r.is_primary, r.comment
    from site_relations r join sites s on s.id = r.related_site_id and not s.is_deleted
    where r.site_id = ${siteId} order by r.is_primary desc, s.id`.execute(trx);
  return rows.map((row) => ({
    id: row.id,
    id_unique: row.id_unique,
    site_name: row.site_name,
    isPrimary: row.is_primary,
    comment: row.comment,
  }));
}

/** Relates two sites of the council, or updates the relation; one primary related site at most. */
export async function saveRelatedSite(
  trx: Trx,
  editor: Editor,
  siteId: string,
  relatedId: string,
  body: { isPrimary: boolean; comment: string | null },
) {
  if (siteId === relatedId) throw badRequest(siteMessages.relatedToItself);
  await requireLiveSite(trx, siteId);
  await requireLiveSite(trx, relatedId);
  if (body.isPrimary) {
    await sql`update site_relations set is_primary = false where site_id = ${siteId} and is_primary`.execute(
      trx,
    );
  }
  await sql`insert into site_relations (tenant_id, site_id, related_site_id, is_primary, comment)
    values (${editor.tenantId}, ${siteId}, ${relatedId}, ${body.isPrimary}, ${body.comment || null})
    on conflict (site_id, related_site_id) do update set is_primary = excluded.is_primary, comment = excluded.comment`.execute(
    trx,
  );
  return relatedSites(trx, siteId);
}

export async function removeRelatedSite(trx: Trx, siteId: string, relatedId: string) {
  await requireLiveSite(trx, siteId);
  const result =
    await sql`delete from site_relations where site_id = ${siteId} and related_site_id = ${relatedId}`.execute(
      trx,
    );
  if (Number(result.numAffectedRows ?? 0) === 0) throw notFound(serverMessages.nonExistingId);
}
