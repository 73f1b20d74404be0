import { sql, type Kysely, type Transaction } from 'kysely';
import {
  fieldKind,
  searchMessages,
  type flexibleSearchRequestSchema,
  type SiteFieldType,
} from '@planning/shared';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { badRequest } from '../../lib/errors';
import { compileFilters, fieldValue, type DictionaryField } from './search.compile';

type Request = z.output<typeof flexibleSearchRequestSchema>;

/** The council's data dictionary: the only fields a search may name. */
async function loadDictionary(trx: Transaction<Database>) {
  const rows = await trx
    .selectFrom('site_fields')
    .select(['name', 'field_type', 'storage', 'filterable', 'sortable'])
    .execute();
  const fields = new Map<string, DictionaryField & { filterable: boolean; sortable: boolean }>();
  for (const row of rows) {
    fields.set(row.name, {
      name: row.name,
      fieldType: row.field_type as SiteFieldType,
      storage: row.storage,
      filterable: row.filterable,
      sortable: row.sortable,
    });
  }
  return fields;
}

/** Spec 01 §7 /search/site/flexible: one page of matching sites and how many match in all. */
export async function flexibleSearch(db: Kysely<Database>, tenantId: string, request: Request) {
  // One tenant transaction for the dictionary and the search: one round of begin/commit.
  return withTenant(db, tenantId, async (trx) => {
    const dictionary = await loadDictionary(trx);
    const filterable = new Map([...dictionary].filter(([, field]) => field.filterable));
    const attributes = request.attributes.filter((name) => name !== 'tags');
    for (const name of attributes) {
      if (!dictionary.has(name)) throw badRequest(searchMessages.unknownField(name));
    }
    const sortField = request.sort ? dictionary.get(request.sort.field) : undefined;
    if (request.sort && (!sortField || !sortField.sortable || sortField.name === 'tags')) {
      throw badRequest(searchMessages.unknownField(request.sort.field));
    }

    // A self-intersecting or otherwise broken area is refused up front, with a message.
    for (const area of areasOf(request.filters)) {
      const { rows } = await sql<{
        valid: boolean;
      }>`select ST_IsValid(ST_GeomFromGeoJSON(${JSON.stringify(area)})) as valid`
        .execute(trx)
        .catch(() => ({ rows: [{ valid: false }] }));
      if (!rows[0]?.valid) throw badRequest(searchMessages.invalidArea);
    }
    const base = trx
      .selectFrom('sites')
      .where('sites.is_deleted', '=', false)
      .where('sites.scenario_name', '=', request.scenario ?? 'Base')
      .where((eb) => compileFilters(eb, request.filters, filterable));

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
      page = page.orderBy(
        sql`${fieldValue(sortField)}`,
        sql.raw(request.sort.direction === 'desc' ? 'desc nulls last' : 'asc nulls last'),
      );
    }
    page = page.orderBy('sites.id').limit(request.limit).offset(request.offset);

    try {
      const rows = await page.execute();
      const count = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      return { sites: rows.map((row) => ({ ...row, id: String(row.id) })), total: count.total };
    } catch (error) {
      // An area PostGIS cannot read is the caller's input, not our fault.
      if (error instanceof Error && /geojson|geometr/i.test(error.message))
        throw badRequest(searchMessages.invalidArea);
      throw error;
    }
  });
}

function areasOf(filters: Request['filters']): unknown[] {
  return filters.flatMap((filter) =>
    filter.type === 'inArea' ? [filter.value] : filter.type === 'group' ? areasOf(filter.filters) : [],
  );
}

/** Numbers leave as numbers: numeric would come back as text from both drivers. */
function selectValue(field: DictionaryField) {
  const value = fieldValue(field);
  return fieldKind(field.fieldType) === 'number' ? sql`${value}::float8` : value;
}
