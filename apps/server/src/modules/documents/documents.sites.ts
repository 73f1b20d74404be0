import { sql, type Transaction } from 'kysely';
import type { DocumentConfig, LayerOverlap, PublicDocumentSite } from '@planning/shared';
import type { Database } from '../../db/schema';
import { siteConstraints } from '../overlaps/overlaps.service';
import { loadDictionary, matchingSites } from '../search/search.service';

type Trx = Transaction<Database>;

/** More than a document's site question lists: a map shows a few dozen sites, a plan a few hundred. */
const SITES_MAX = 5000;

/**
 * The sites a document's site questions may ask about: those its map blocks show (by id, or by
 * the block's search filters; a block with both shows either). A map-linked question's own map
 * names no sites, so the blocks are the whole list. Live sites only.
 */
async function documentSitesQuery(trx: Trx, tenantId: string, config: DocumentConfig) {
  const ids = new Set<string>();
  const filterSets = [];
  for (const entity of Object.values(config.entities)) {
    if (entity.type !== 'map') continue;
    for (const id of entity.sites.ids ?? []) ids.add(id);
    if (entity.sites.filters?.length) filterSets.push(entity.sites.filters);
  }
  if (ids.size === 0 && filterSets.length === 0) return null;
  const dictionary = filterSets.length > 0 ? await loadDictionary(trx) : null;
  const matches = await Promise.all(
    filterSets.map(async (filters) =>
      (await matchingSites(trx, tenantId, dictionary!, filters, undefined)).select('sites.id'),
    ),
  );
  return trx
    .selectFrom('sites')
    .where('sites.tenant_id', '=', tenantId)
    .where('sites.is_deleted', '=', false)
    .where((eb) =>
      eb.or([
        ...(ids.size > 0 ? [eb('sites.id', 'in', [...ids])] : []),
        ...matches.map((match) => eb('sites.id', 'in', match)),
      ]),
    );
}

/** The 'Select site' list and the question's map: id, name, HELAA reference and outline, by name. */
export async function documentSites(
  trx: Trx,
  tenantId: string,
  config: DocumentConfig,
): Promise<PublicDocumentSite[]> {
  const query = await documentSitesQuery(trx, tenantId, config);
  if (!query) return [];
  const rows = await query
    .select(['sites.id', 'sites.site_name', 'sites.helaa_reference'])
    .select(sql<string | null>`ST_AsGeoJSON(ST_Transform(sites.geom, 4326), 6)`.as('geometry'))
    .orderBy('sites.site_name')
    .orderBy('sites.id')
    .limit(SITES_MAX)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    name: row.site_name?.trim() || `Site ${row.id}`,
    reference: row.helaa_reference,
    geometry: row.geometry ? (JSON.parse(row.geometry) as PublicDocumentSite['geometry']) : null,
  }));
}

/** Whether the site is one of the document's (any other answers "not found"). */
export async function isDocumentSite(
  trx: Trx,
  tenantId: string,
  config: DocumentConfig,
  siteId: string,
): Promise<boolean> {
  const query = await documentSitesQuery(trx, tenantId, config);
  if (!query) return false;
  return Boolean(await query.select('sites.id').where('sites.id', '=', siteId).executeTakeFirst());
}

/**
 * Spec 02 §2 'Layer associated with this site': the layers on the public web map that the site
 * overlaps, the most covering first (staff-only layers never show here).
 */
export async function publicSiteLayers(trx: Trx, siteId: string): Promise<LayerOverlap[]> {
  return (await siteConstraints(trx, [siteId], 'public')).get(siteId) ?? [];
}
