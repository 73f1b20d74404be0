import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  fieldKind,
  searchMessages,
  type flexibleSearchRequestSchema,
  type SearchFilter,
  SITE_IDS_MAX,
  siteIdsMessages,
  type SiteFieldType,
} from '@planning/shared';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { badRequest } from '../../lib/errors';
import { perDatabase } from '../../lib/per-database';
import {
  compileFilters,
  fieldValue,
  SEARCH_ROW_COLUMNS,
  type DictionaryField,
  type SitesEb,
} from './search.compile';

type Request = z.output<typeof flexibleSearchRequestSchema>;

export const DEFAULT_SCENARIO = 'Base';

export type Dictionary = Map<
  string,
  DictionaryField & { filterable: boolean; sortable: boolean; options: string[] | null }
>;

/** The council's data dictionary: the only fields a search may name. */
export async function loadDictionary(trx: Transaction<Database>): Promise<Dictionary> {
  const rows = await trx
    .selectFrom('site_fields')
    .select(['name', 'field_type', 'storage', 'filterable', 'sortable', 'options'])
    .execute();
  const fields: Dictionary = new Map();
  for (const row of rows) {
    fields.set(row.name, {
      name: row.name,
      fieldType: row.field_type as SiteFieldType,
      storage: row.storage,
      filterable: row.filterable,
      sortable: row.sortable,
      options: Array.isArray(row.options) ? (row.options as string[]) : null,
    });
  }
  return fields;
}

/**
 * The live sites of a scenario that match a filter list: the one WHERE every search, tile and
 * geometry answer shares. A self-intersecting or otherwise broken area is refused up front.
 * `trx` is a tenant transaction, or (with no area to check) the handle a tenant-scoped statement
 * is composed with.
 */
export async function matchingSites(
  trx: Kysely<Database>,
  tenantId: string,
  dictionary: Dictionary,
  filters: SearchFilter[],
  scenario: string | undefined,
) {
  const filterable = filterableOf(dictionary);
  for (const area of areasOf(filters)) {
    const { rows } = await sql<{
      valid: boolean;
    }>`select ST_IsValid(ST_GeomFromGeoJSON(${JSON.stringify(area)})) as valid`
      .execute(trx)
      .catch(() => ({ rows: [{ valid: false }] }));
    if (!rows[0]?.valid) throw badRequest(searchMessages.invalidArea);
  }
  return (
    trx
      .selectFrom('sites')
      // Row-level security already limits the rows to the tenant; saying so with the value lets
      // the planner estimate how many rows that is (it cannot see into the policy's setting).
      .where('sites.tenant_id', '=', tenantId)
      .where('sites.is_deleted', '=', false)
      .where('sites.scenario_name', '=', scenario ?? DEFAULT_SCENARIO)
      .where((eb) => compileFilters(eb, filters, filterable))
  );
}

/** Spec 01 §7 /search/site/flexible: one page of matching sites and how many match in all. */
export async function flexibleSearch(db: Kysely<Database>, tenantId: string, request: Request) {
  // The page and the total are two queries over the same rows: on PostgreSQL they run at once,
  // each in its own tenant transaction (on PGlite they simply take turns).
  const [sites, total] = await Promise.all([
    withTenant(db, tenantId, async (trx) => {
      // The planner cannot see how many rows the tenant policy keeps and guesses "one", so it
      // would sort every match to return 50; streaming them in order stops after the page.
      await sql`select set_config('enable_sort', 'off', true)`.execute(trx);
      const { dictionary, base } = await prepareSearch(trx, tenantId, request);
      const attributes = request.attributes.filter((name) => name !== 'tags');
      const sortField = request.sort ? dictionary.get(request.sort.field) : undefined;
      let page = base
        .select(['sites.id', 'sites.id_unique', 'sites.scenario_name'])
        .select(attributes.map((name) => sql`${selectValue(dictionary.get(name)!)}`.as(name)))
        .select(
          sql<{ id: string; name: string; color: string | null }[]>`coalesce((
            select json_agg(json_build_object('id', t.id, 'name', t.tag_name, 'color', t.color) order by t.tag_name)
            from site_tags st join tags t on t.id = st.tag_id where st.site_id = sites.id), '[]'::json)`.as(
            'site_tags',
          ),
        );
      if (sortField && request.sort) {
        const descending = request.sort.direction === 'desc';
        page = page.orderBy(sql`${fieldValue(sortField)}`, (order) =>
          (descending ? order.desc() : order.asc()).nullsLast(),
        );
      }
      if (request.after) page = page.where('sites.id', '>', request.after);
      page = chosenSites(trx, page, request);
      const rows = await readingArea(() =>
        page.orderBy('sites.id').limit(request.limit).offset(request.offset).execute(),
      );
      return rows.map((row) => ({ ...row, id: String(row.id) }));
    }),
    withTenant(db, tenantId, async (trx) => {
      if (request.listId || request.siteIds) {
        // A list's grid or named sites: few, counted directly (the totals cache is keyed by filters only).
        const { base } = await prepareSearch(trx, tenantId, request);
        const row = await chosenSites(trx, base, request)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }
      // The version is read before counting: a total counted after a concurrent change may be
      // filed under the older version, which no later request asks for again.
      const { rows } = await sql<{
        version: string | null;
      }>`select (select version::text from site_data_versions) as version`.execute(trx);
      const key = [
        tenantId,
        rows[0]?.version ?? '1',
        request.scenario ?? DEFAULT_SCENARIO,
        JSON.stringify(request.filters),
      ].join('|');
      const totals = totalsOf(db);
      const cached = totals.get(key);
      if (cached !== undefined) return cached;
      // The page's transaction checks the attributes and sort; the filters are checked as compiled.
      const dictionary = await loadDictionary(trx);
      const total = await countMatchingSites(trx, tenantId, dictionary, request.filters, request.scenario);
      totals.set(key, total);
      return total;
    }),
  ]);
  return { sites, total };
}

/**
 * Totals by tenant, data version, scenario and filters. The results list loads every page of a
 * search, and each page would otherwise count all the matches again; any change to the council's
 * sites or tags bumps the version, so a total is never served for data it was not counted on.
 */
const totalsOf = perDatabase(() => new LRUCache<string, number>({ max: 10_000 }));

/** For tests and benchmarks that must measure counting, not the cache. */
export function clearTotalsCache(db: Kysely<Database>): void {
  totalsOf(db).clear();
}

/**
 * How many live sites of a scenario match. Filters that compare only the narrow columns are
 * counted on `site_search_rows` (a third of the bytes: no polygons); others on `sites`.
 */
export async function countMatchingSites(
  trx: Transaction<Database>,
  tenantId: string,
  dictionary: Dictionary,
  filters: SearchFilter[],
  scenario: string | undefined,
): Promise<number> {
  const query = readsOnlySearchRows(filters, dictionary)
    ? matchingSearchRows(trx, tenantId, dictionary, filters, scenario)
    : await matchingSites(trx, tenantId, dictionary, filters, scenario);
  const count = await readingArea(() =>
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  );
  return count.total;
}

/**
 * The same match as `matchingSites` on the narrow copy, for filters `readsOnlySearchRows` allows.
 * Aliased as `sites` so the same compiled filters (`sites.<column>`) apply unchanged.
 */
export function matchingSearchRows(
  trx: Kysely<Database>,
  tenantId: string,
  dictionary: Dictionary,
  filters: SearchFilter[],
  scenario: string | undefined,
) {
  return trx
    .selectFrom('site_search_rows as sites')
    .where('sites.tenant_id', '=', tenantId)
    .where('sites.is_deleted', '=', false)
    .where('sites.scenario_name', '=', scenario ?? DEFAULT_SCENARIO)
    .where((eb) => compileFilters(eb as unknown as SitesEb, filters, filterableOf(dictionary)));
}

/** Whether every filter compares a column that `site_search_rows` also holds. */
export function readsOnlySearchRows(filters: SearchFilter[], dictionary: Dictionary): boolean {
  return filters.every((filter) => {
    if (filter.type === 'group') return readsOnlySearchRows(filter.filters, dictionary);
    if (filter.type === 'inArea' || filter.type === 'inArray' || filter.type === 'overlapsLayer')
      return false;
    const field = dictionary.get(filter.dbPropertyName);
    return field?.storage === 'column' && SEARCH_ROW_COLUMNS.has(field.name);
  });
}

function filterableOf(dictionary: Dictionary): Dictionary {
  return new Map([...dictionary].filter(([, field]) => field.filterable));
}

/** Checks the names a request uses against the dictionary, then builds its WHERE. */
async function prepareSearch(trx: Transaction<Database>, tenantId: string, request: Request) {
  const dictionary = await loadDictionary(trx);
  for (const name of request.attributes) {
    if (name !== 'tags' && !dictionary.has(name)) throw badRequest(searchMessages.unknownField(name));
  }
  const sortField = request.sort ? dictionary.get(request.sort.field) : undefined;
  if (request.sort && (!sortField || !sortField.sortable || sortField.name === 'tags')) {
    throw badRequest(searchMessages.unknownField(request.sort.field));
  }
  return {
    dictionary,
    base: await matchingSites(trx, tenantId, dictionary, request.filters, request.scenario),
  };
}

/** A search narrowed to a site list's sites, or to named sites, when the request asks. */
function chosenSites<O>(
  trx: Transaction<Database>,
  query: SelectQueryBuilder<Database, 'sites', O>,
  request: Request,
): SelectQueryBuilder<Database, 'sites', O> {
  let narrowed = query;
  if (request.listId) narrowed = narrowed.where('sites.id', 'in', onList(trx, request.listId));
  if (request.siteIds) narrowed = narrowed.where('sites.id', 'in', request.siteIds);
  return narrowed;
}

/** The ids of the sites on a site list (row-level security keeps it to the council's lists). */
const onList = (trx: Transaction<Database>, listId: string) =>
  trx
    .selectFrom('site_list_sites')
    .select('site_list_sites.site_id')
    .where('site_list_sites.list_id', '=', listId);

/** An area PostGIS cannot read is the caller's input, not our fault. */
async function readingArea<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    if (error instanceof Error && /geojson|geometr/i.test(error.message))
      throw badRequest(searchMessages.invalidArea);
    throw error;
  }
}

function areasOf(filters: SearchFilter[]): unknown[] {
  return filters.flatMap((filter) =>
    filter.type === 'inArea' ? [filter.value] : filter.type === 'group' ? areasOf(filter.filters) : [],
  );
}

/** Numbers leave as numbers: numeric would come back as text from both drivers. */
function selectValue(field: DictionaryField) {
  const value = fieldValue(field);
  return fieldKind(field.fieldType) === 'number' ? sql`${value}::float8` : value;
}

/** Every id a search matches (select all, export); refused above SITE_IDS_MAX. */
export async function matchingSiteIds(
  db: Kysely<Database>,
  tenantId: string,
  request: { filters: SearchFilter[]; scenario?: string | undefined },
) {
  return withTenant(db, tenantId, async (trx) => {
    const dictionary = await loadDictionary(trx);
    const base = await matchingSites(trx, tenantId, dictionary, request.filters, request.scenario);
    const rows = await base
      .select('sites.id')
      .orderBy('sites.id')
      .limit(SITE_IDS_MAX + 1)
      .execute();
    if (rows.length > SITE_IDS_MAX) throw badRequest(siteIdsMessages.tooMany);
    return { ids: rows.map((row) => String(row.id)), total: rows.length };
  });
}
