import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  fieldKind,
  filterFieldKinds,
  searchMessages,
  type ComparisonOperator,
  type FieldKind,
  type SearchFilter,
  type SiteFieldType,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/** A searchable field as the council's data dictionary describes it. */
export type DictionaryField = { name: string; fieldType: SiteFieldType; storage: 'column' | 'attribute' };

export type SitesEb = ExpressionBuilder<Database, 'sites'>;

/** The columns `site_search_rows` copies (migration 0010): totals over these skip the polygons. */
const SEARCH_ROW_COLUMN_NAMES = [
  'size_ha',
  'suitable_area',
  'optimised_unit_capacity',
  'suitability_assessment_result',
  'accessibility_band',
  'availability_time_period',
  'neighbourhood_area_name',
  'ward',
  'parish',
  'status',
  'public_map_visibility',
  'scenario_name',
] as const;

// Dictionary entries stored as columns must also be one of these: a dictionary row can never
// make the server name a column that is not here (SQL is never built from request text).
export const SITE_COLUMNS: ReadonlySet<string> = new Set<string>([
  ...SEARCH_ROW_COLUMN_NAMES,
  'site_name',
  'helaa_reference',
  'id_unique',
]);

/** Site columns of an integer type (the others that hold numbers are numeric). */
export const INTEGER_COLUMNS: ReadonlySet<string> = new Set(['optimised_unit_capacity']);

export const SEARCH_ROW_COLUMNS: ReadonlySet<string> = new Set(SEARCH_ROW_COLUMN_NAMES);

const operators: Record<ComparisonOperator, '=' | '<>' | '>' | '>=' | '<' | '<='> = {
  EQ: '=',
  NE: '<>',
  GT: '>',
  GE: '>=',
  LT: '<',
  LE: '<=',
};

/** The SQL for one field's value, typed by its kind. */
export function fieldValue(field: DictionaryField): Expression<unknown> {
  const kind = fieldKind(field.fieldType);
  if (field.storage === 'column') {
    if (!SITE_COLUMNS.has(field.name)) throw badRequest(searchMessages.unknownField(field.name));
    return sql.ref(`sites.${field.name}`);
  }
  const text = sql`(sites.attributes ->> ${field.name})`;
  if (kind === 'number') return sql`${text}::numeric`;
  if (kind === 'boolean') return sql`${text}::boolean`;
  if (kind === 'date') return sql`${text}::date`;
  return text;
}

/** Turns a validated filter list into one WHERE expression; unknown or mismatched fields are 400. */
export function compileFilters(
  eb: SitesEb,
  filters: SearchFilter[],
  dictionary: ReadonlyMap<string, DictionaryField>,
): Expression<SqlBool> {
  return eb.and(filters.map((filter) => compileFilter(eb, filter, dictionary)));
}

/**
 * Sites are on the British National Grid (EPSG:27700), whose transverse Mercator fails far from
 * Britain (near 88°E on the equator, say). A search area is clipped to a box well around the
 * grid's area of use (9°W–2°E, 49.75°N–61°N) before it is transformed: an area drawn anywhere on
 * Earth is taken, and matches what it covers here.
 */
const GRID_SURROUNDS = sql`ST_MakeEnvelope(-15, 45, 10, 65, 4326)`;

function compileFilter(
  eb: SitesEb,
  filter: SearchFilter,
  dictionary: ReadonlyMap<string, DictionaryField>,
): Expression<SqlBool> {
  if (filter.type === 'group') {
    const parts = filter.filters.map((child) => compileFilter(eb, child, dictionary));
    if (parts.length === 0) return sql<SqlBool>`true`;
    return filter.operator === '_and' ? eb.and(parts) : eb.or(parts);
  }
  if (filter.type === 'inArea') {
    const area = sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(filter.value)}), 4326)`;
    return sql<SqlBool>`ST_Intersects(sites.geom, ST_Transform(ST_Intersection(${area}, ${GRID_SURROUNDS}), 27700))`;
  }
  if (filter.type === 'overlapsLayer') {
    // Kept by the overlaps module (site_layer_overlaps); a layer the council lacks matches nothing.
    return sql<SqlBool>`exists (
      select 1 from site_layer_overlaps o join layers l on l.id = o.layer_id
      where o.site_id = sites.id and l.layer_name = ${filter.layerName}
        and o.overlap_percent >= ${filter.value}::float8)`;
  }

  const field = dictionary.get(filter.dbPropertyName);
  if (!field) throw badRequest(searchMessages.unknownField(filter.dbPropertyName));
  const kind = fieldKind(field.fieldType);
  if (!(filterFieldKinds[filter.type] as readonly FieldKind[]).includes(kind)) {
    throw badRequest(searchMessages.wrongFilterForField(filter.type, filter.dbPropertyName));
  }
  const excluded = 'equality' in filter && filter.equality === 'NE';
  if (filter.type === 'inArray') {
    const match = inArray(eb, field, filter.value.map(String));
    return excluded ? eb.not(match) : match;
  }
  const value = fieldValue(field);
  // A number field compares with numbers only: '3.5' or 'abc' against an integer column would
  // otherwise be a database error. Whole numbers go as bigint, which an integer column compares
  // with as it is; others as numeric. (Numeric against an integer column converts every row's
  // value: a third more time for a count over a million sites.)
  const typed = (given: string | number) => {
    if (kind !== 'number') return given;
    const number = numberOf(given, field.name);
    return Number.isSafeInteger(number) && INTEGER_COLUMNS.has(field.name) && field.storage === 'column'
      ? sql`${number}::bigint`
      : sql`${number}::numeric`;
  };

  switch (filter.type) {
    case 'range': {
      const parts: Expression<SqlBool>[] = [];
      if (filter.value.min != null) parts.push(eb(value, '>=', typed(filter.value.min)));
      if (filter.value.max != null) parts.push(eb(value, '<=', typed(filter.value.max)));
      return parts.length > 0 ? eb.and(parts) : sql<SqlBool>`true`;
    }
    case 'number':
      return eb(value, operators[filter.equality], typed(filter.value));
    case 'select':
      return eb(value, operators[filter.equality], typed(filter.value));
    case 'text': {
      const match = eb(value, 'ilike', `%${escapeLike(filter.value)}%`);
      return excluded ? eb.not(match) : match;
    }
    case 'dateRange': {
      const parts: Expression<SqlBool>[] = [];
      if (filter.value.from) parts.push(eb(value, '>=', sql`${filter.value.from}::date`));
      if (filter.value.to) parts.push(eb(value, '<=', sql`${filter.value.to}::date`));
      return parts.length > 0 ? eb.and(parts) : sql<SqlBool>`true`;
    }
    case 'checkbox':
      return eb(value, excluded ? '<>' : '=', filter.value);
    case 'checkboxesList': {
      const values = filter.value.map((item) => typed(item));
      return eb(value, excluded ? 'not in' : 'in', values);
    }
  }
}

/** A number, or a string that is one ('12', '0.5'); anything else is the caller's mistake. */
function numberOf(given: string | number, name: string): number {
  const number = typeof given === 'number' ? given : given.trim() === '' ? NaN : Number(given);
  if (!Number.isFinite(number)) throw badRequest(searchMessages.notANumber(name));
  return number;
}

/** Array fields: the site's tags (by name), or a JSON array in `attributes`. */
function inArray(eb: SitesEb, field: DictionaryField, values: string[]): Expression<SqlBool> {
  if (field.name === 'tags') {
    return eb.exists(
      eb
        .selectFrom('site_tags')
        .innerJoin('tags', 'tags.id', 'site_tags.tag_id')
        .select(sql`1`.as('one'))
        .whereRef('site_tags.site_id', '=', 'sites.id')
        .where('tags.tag_name', 'in', values),
    );
  }
  if (field.storage === 'column') throw badRequest(searchMessages.unknownField(field.name));
  return sql<SqlBool>`(sites.attributes -> ${field.name}) ?| ${sql.val(values)}::text[]`;
}

/** `%` and `_` typed by a person are letters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
