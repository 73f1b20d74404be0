import { sql, type Expression, type Transaction } from 'kysely';
import {
  documentMapMessages,
  DOCUMENT_LIMITS,
  fieldKind,
  type DocumentConfig,
  type DocumentSite,
  type SiteInfoItem,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { fieldValue, SITE_COLUMNS } from '../search/search.compile';
import { loadDictionary, matchingSites, type Dictionary } from '../search/search.service';

type Trx = Transaction<Database>;

/** The columns a site info config names, once each, in order. */
export function siteInfoColumns(items: readonly SiteInfoItem[]): string[] {
  const names = items.flatMap((item) =>
    item.type === 'field' ? [item.columnName] : item.columns.map((column) => column.columnName),
  );
  return [...new Set(names)];
}

/** A column's value, numbers as numbers; null for a name the council's dictionary does not hold. */
function infoValue(dictionary: Dictionary, name: string): Expression<unknown> {
  const field = dictionary.get(name);
  // A dictionary row can only name the site columns the search module allows (never request text).
  if (!field || (field.storage === 'column' && !SITE_COLUMNS.has(name))) return sql`null`;
  const value = fieldValue(field);
  return fieldKind(field.fieldType) === 'number' ? sql`${value}::float8` : value;
}

/**
 * Spec 02 §2 Document map block: the sites one map block of a document shows (its ids, or those
 * its search filters find; both: either), live ones only, each with its outline in WGS84, its tags
 * and the values of the block's site info columns: nothing else of the site leaves. The caller has
 * read the document as the public may (published, or shared) in the council's transaction.
 */
export async function mapBlockSites(
  trx: Trx,
  tenantId: string,
  config: DocumentConfig,
  blockId: string,
): Promise<DocumentSite[]> {
  const block = Object.hasOwn(config.entities, blockId) ? config.entities[blockId] : undefined;
  if (!block || block.type !== 'map') throw notFound(documentMapMessages.notAMap);
  const ids = block.sites.ids ?? [];
  const filters = block.sites.filters ?? [];
  if (ids.length === 0 && filters.length === 0) return [];

  const dictionary = await loadDictionary(trx);
  const matched =
    filters.length > 0
      ? (await matchingSites(trx, tenantId, dictionary, filters, undefined)).select('sites.id')
      : null;
  const columns = siteInfoColumns(block.siteInfo);
  const rows = await trx
    .selectFrom('sites')
    .where('sites.tenant_id', '=', tenantId)
    .where('sites.is_deleted', '=', false)
    .where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('sites.id', 'in', ids)] : []),
        ...(matched ? [eb('sites.id', 'in', matched)] : []),
      ]),
    )
    .select([
      'sites.id',
      'sites.site_name',
      'sites.helaa_reference',
      sql<string | null>`ST_AsGeoJSON(ST_Transform(sites.geom, 4326), 6)`.as('geometry'),
      // Aliased by position: a column name never becomes SQL text.
      ...columns.map((name, index) => sql`${infoValue(dictionary, name)}`.as(`info_${index}`)),
    ])
    .orderBy('sites.site_name')
    .orderBy('sites.id')
    .limit(DOCUMENT_LIMITS.siteIdsMax)
    .execute();
  if (rows.length === 0) return [];

  const tags = await trx
    .selectFrom('site_tags')
    .innerJoin('tags', 'tags.id', 'site_tags.tag_id')
    .select(['site_tags.site_id', 'tags.tag_name'])
    .where(
      'site_tags.site_id',
      'in',
      rows.map((row) => String(row.id)),
    )
    .orderBy('tags.tag_name')
    .execute();
  const tagsOf = new Map<string, { tag_name: string }[]>();
  for (const tag of tags) {
    const list = tagsOf.get(String(tag.site_id)) ?? [];
    list.push({ tag_name: tag.tag_name });
    tagsOf.set(String(tag.site_id), list);
  }

  return rows.map((row) => {
    const values = row as unknown as Record<string, unknown>;
    return {
      id: String(row.id),
      name: row.site_name,
      helaa_reference: row.helaa_reference,
      site_tags: tagsOf.get(String(row.id)) ?? [],
      geometry: row.geometry ? (JSON.parse(row.geometry) as DocumentSite['geometry']) : null,
      info: Object.fromEntries(columns.map((name, index) => [name, values[`info_${index}`] ?? null])),
    };
  });
}
