import { sql, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import {
  representationMessages,
  SEARCH_LIMITS,
  searchMessages,
  type SearchFilter,
  type TableFieldKind,
  type TableQueryValues,
} from '@planning/shared';
import type { Database } from '../db/schema';
import { badRequest } from './errors';

/**
 * The representation manager's table query (spec 02 §3: limit, offset, groupBy, filter, sort,
 * search) compiled to SQL against an allow-list of columns. Request text never becomes SQL: a
 * field name only selects one of the caller's `TableColumn`s, whose SQL the server wrote; values
 * are always parameters.
 */
export type TableColumn = {
  kind: TableFieldKind;
  /** The value as SQL over the caller's FROM (a column or an expression). */
  value: RawBuilder<unknown>;
  /** What to sort by when not the value (a timestamp filtered by its day, sorted by the instant). */
  sortValue?: RawBuilder<unknown>;
  sortable: boolean;
  groupable: boolean;
  /** The values are ids: a value that is not one matches nothing, rather than failing the query. */
  valueType?: 'uuid' | 'bigint';
  /** Array fields: a row matches when it holds any of the values. */
  anyOf?: (values: string[]) => RawBuilder<SqlBool>;
  /**
   * Array fields that group: a join on the caller's FROM giving the row's elements as `g.value`
   * (text), one row each, and one row with a null value when it has none (a left join).
   */
  groupJoin?: RawBuilder<unknown>;
  /** Groups of a field with fixed values come in this order (statuses in their order). */
  options?: readonly string[];
  /** A group's label (an id's name, say); by default the value itself. */
  label?: (value: GroupValue) => string;
};
export type TableColumns = ReadonlyMap<string, TableColumn>;
export type GroupValue = string | number | boolean | null;
export type GroupCount = { value: GroupValue; label: string; count: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BIGINT = /^\d{1,18}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FALSE = sql<SqlBool>`false`;
const TRUE = sql<SqlBool>`true`;

/** Which column kinds each filter type may be used on; any other pairing is refused (400). */
const filterKinds: Record<Exclude<SearchFilter['type'], 'group'>, readonly TableFieldKind[]> = {
  range: ['number'],
  number: ['number'],
  select: ['select', 'text', 'number'],
  text: ['text', 'select'],
  dateRange: ['date'],
  checkbox: ['boolean'],
  checkboxesList: ['select', 'text', 'number'],
  inArray: ['array'],
  inArea: [],
  overlapsLayer: [],
};

const operators = { EQ: '=', NE: '<>', GT: '>', GE: '>=', LT: '<', LE: '<=' } as const;

function columnOf(columns: TableColumns, name: string): TableColumn {
  const column = columns.get(name);
  if (!column) throw badRequest(searchMessages.unknownField(name));
  return column;
}

/** `%` and `_` typed by a person are letters, not wildcards. */
/** A page's rows, presented, in the order of its ids (rows not found, deleted meanwhile, left out). */
export function inPageOrder<Row extends { id: string }, Shown>(
  ids: readonly string[],
  rows: readonly Row[],
  present: (row: Row) => Shown,
): Shown[] {
  const byId = new Map(rows.map((row) => [row.id, present(row)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as Shown] : []));
}

export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A number, or a string that is one; anything else is the caller's mistake (400). */
function numberOf(given: string | number, name: string): number {
  const number = typeof given === 'number' ? given : given.trim() === '' ? NaN : Number(given);
  if (!Number.isFinite(number)) throw badRequest(searchMessages.notANumber(name));
  return number;
}

/**
 * A value as the column compares with it, or null when it cannot be one (an id that is not an
 * id): such a value matches no row.
 */
function typed(column: TableColumn, name: string, given: string | number): RawBuilder<unknown> | null {
  if (column.kind === 'number') return sql`${numberOf(given, name)}::numeric`;
  const text = String(given);
  if (column.valueType === 'uuid') return UUID.test(text) ? sql`${text}::uuid` : null;
  if (column.valueType === 'bigint') return BIGINT.test(text) ? sql`${text}::bigint` : null;
  return sql`${text}`;
}

const depthOf = (filters: SearchFilter[]): number =>
  Math.max(0, ...filters.map((f) => (f.type === 'group' ? 1 + depthOf(f.filters) : 0)));
const countOf = (filters: SearchFilter[]): number =>
  filters.reduce((sum, f) => sum + (f.type === 'group' ? 1 + countOf(f.filters) : 1), 0);

/** The filters as one WHERE condition (all must hold; groups combine theirs with _and or _or). */
export function compileFilters(filters: SearchFilter[], columns: TableColumns): RawBuilder<SqlBool> {
  if (depthOf(filters) > SEARCH_LIMITS.groupDepthMax) throw badRequest(searchMessages.tooDeep);
  if (countOf(filters) > SEARCH_LIMITS.filtersMax) throw badRequest(searchMessages.tooMany);
  return and(filters.map((filter) => compileFilter(filter, columns)));
}

const and = (parts: RawBuilder<SqlBool>[]) =>
  parts.length === 0 ? TRUE : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
const or = (parts: RawBuilder<SqlBool>[]) =>
  parts.length === 0 ? TRUE : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
const not = (part: RawBuilder<SqlBool>) => sql<SqlBool>`(${part}) is not true`;

function compileFilter(filter: SearchFilter, columns: TableColumns): RawBuilder<SqlBool> {
  if (filter.type === 'group') {
    const parts = filter.filters.map((child) => compileFilter(child, columns));
    return filter.operator === '_and' ? and(parts) : or(parts);
  }
  if (filter.type === 'inArea' || filter.type === 'overlapsLayer') {
    throw badRequest(searchMessages.wrongFilterForField(filter.type, 'this table'));
  }
  const name = filter.dbPropertyName;
  const column = columnOf(columns, name);
  if (!filterKinds[filter.type].includes(column.kind)) {
    throw badRequest(searchMessages.wrongFilterForField(filter.type, name));
  }
  const excluded = 'equality' in filter && filter.equality === 'NE';
  const value = column.value;
  switch (filter.type) {
    case 'range': {
      const parts: RawBuilder<SqlBool>[] = [];
      if (filter.value.min != null)
        parts.push(sql<SqlBool>`${value} >= ${typed(column, name, filter.value.min)}`);
      if (filter.value.max != null)
        parts.push(sql<SqlBool>`${value} <= ${typed(column, name, filter.value.max)}`);
      return and(parts);
    }
    case 'number':
      return sql<SqlBool>`${value} ${sql.raw(operators[filter.equality])} ${typed(column, name, filter.value)}`;
    case 'select': {
      const given = typed(column, name, filter.value);
      if (given === null) return excluded ? TRUE : FALSE;
      // NE keeps the rows with no value at all: "not Support" includes those with no attitude.
      return excluded ? sql<SqlBool>`${value} is distinct from ${given}` : sql<SqlBool>`${value} = ${given}`;
    }
    case 'text': {
      const match = sql<SqlBool>`${value}::text ilike ${`%${escapeLike(filter.value)}%`}`;
      return excluded ? not(match) : match;
    }
    case 'dateRange': {
      const parts: RawBuilder<SqlBool>[] = [];
      if (filter.value.from) parts.push(sql<SqlBool>`${value} >= ${filter.value.from}::date`);
      if (filter.value.to) parts.push(sql<SqlBool>`${value} <= ${filter.value.to}::date`);
      return and(parts);
    }
    case 'checkbox': {
      // Unticked matches false and no value alike (a custom checkbox never ticked).
      const match = filter.value ? sql<SqlBool>`${value} is true` : sql<SqlBool>`${value} is not true`;
      return excluded ? not(match) : match;
    }
    case 'checkboxesList': {
      const values = filter.value
        .map((item) => typed(column, name, item))
        .filter((item): item is RawBuilder<unknown> => item !== null);
      if (values.length === 0) return excluded ? TRUE : FALSE;
      const match = sql<SqlBool>`${value} in (${sql.join(values)})`;
      return excluded ? not(match) : match;
    }
    case 'inArray': {
      if (!column.anyOf) throw badRequest(searchMessages.wrongFilterForField(filter.type, name));
      const match = column.anyOf(filter.value.map(String));
      return excluded ? not(match) : match;
    }
  }
}

/**
 * ORDER BY: the allow-listed sort fields (others 400; text ignoring case, fixed values in their
 * order, empty values last), then the caller's tie-break for a stable page.
 */
export function compileSort(
  sort: TableQueryValues['sort'],
  columns: TableColumns,
  tieBreak: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const parts = sort.map(({ field, order }) => {
    const column = columns.get(field);
    if (!column?.sortable) throw badRequest(representationMessages.unknownSortField(field));
    const value = column.sortValue
      ? column.sortValue
      : column.kind === 'text'
        ? sql`lower(${column.value})`
        : column.kind === 'select' && column.options
          ? sql`array_position(${[...column.options]}::text[], ${column.value}::text)`
          : column.value;
    return sql`${value} ${sql.raw(order === 'desc' ? 'desc' : 'asc')} nulls last`;
  });
  return sql.join([...parts, tieBreak]);
}

/** The groupBy field's column (allow-listed and groupable, else 400). */
export function groupColumnOf(columns: TableColumns, name: string): TableColumn {
  const column = columns.get(name);
  if (!column?.groupable) throw badRequest(representationMessages.unknownGroupField(name));
  return column;
}

/** Rows of one group: those whose value is `given` (null: those with none). */
export function groupMatch(column: TableColumn, given: GroupValue): RawBuilder<SqlBool> {
  if (column.kind === 'array') {
    if (!column.groupJoin) return FALSE;
    const target = given === null ? null : String(given);
    return sql<SqlBool>`exists (select 1 from (select 1) as one ${column.groupJoin}
      where g.value is not distinct from ${target})`;
  }
  if (given === null) return sql<SqlBool>`${column.value} is null`;
  switch (column.kind) {
    case 'number': {
      const number = typeof given === 'number' ? given : Number(given);
      return Number.isFinite(number) ? sql<SqlBool>`${column.value} = ${number}::numeric` : FALSE;
    }
    case 'boolean':
      return given === true || given === 'true'
        ? sql<SqlBool>`${column.value} is true`
        : sql<SqlBool>`${column.value} is not true`;
    case 'date':
      return ISO_DATE.test(String(given)) ? sql<SqlBool>`${column.value} = ${String(given)}::date` : FALSE;
    default: {
      const value = typed(column, '', String(given));
      return value === null ? FALSE : sql<SqlBool>`${column.value} = ${value}`;
    }
  }
}

/** At most this many groups are listed (a text field may take thousands of values). */
export const GROUPS_MAX = 1000;

const defaultLabel = (value: GroupValue) =>
  value === null ? 'None' : value === true ? 'Yes' : value === false ? 'No' : String(value);

/**
 * Each distinct value of the group column over every row the where condition keeps, with how
 * many rows have it (an array field counts a row once under each of its elements).
 */
export async function groupCounts(
  trx: Transaction<Database>,
  from: RawBuilder<unknown>,
  where: RawBuilder<SqlBool>,
  column: TableColumn,
): Promise<GroupCount[]> {
  const value =
    column.kind === 'array'
      ? sql`g.value`
      : column.kind === 'date'
        ? sql`(${column.value})::text`
        : column.value;
  const lateral = column.kind === 'array' ? column.groupJoin! : sql``;
  const { rows } = await sql<{ value: unknown; count: number }>`
    select ${value} as value, count(*)::int as count
    from ${from} ${lateral}
    where ${where}
    group by 1 order by 1 nulls last limit ${GROUPS_MAX}`.execute(trx);
  const groups = rows.map(({ value: raw, count }) => {
    const value: GroupValue =
      raw === null || raw === undefined
        ? null
        : column.kind === 'number'
          ? Number(raw)
          : typeof raw === 'boolean'
            ? raw
            : String(raw);
    return { value, label: (column.label ?? defaultLabel)(value), count };
  });
  const order = column.options;
  if (order) {
    const rank = (value: GroupValue) => {
      const index = order.indexOf(String(value));
      return index === -1 ? order.length : index;
    };
    groups.sort((a, b) => rank(a.value) - rank(b.value));
  }
  return groups;
}

export type TablePage = { count: number; ids: string[]; groups: GroupCount[] };

/**
 * One page of a table: the ids of its rows in order (the caller reads and presents them), how
 * many rows match, and with groupBy every group's count. With groupValue, the page and the count
 * are that group's; the group counts are always over every row the filters and search keep.
 */
export async function runTableQuery(
  trx: Transaction<Database>,
  table: {
    from: RawBuilder<unknown>;
    /** The table's own conditions (live rows) and its search, if any. */
    where: RawBuilder<SqlBool>;
    /**
     * The same conditions spelt for the page of rows, when the planner needs them otherwise: a
     * page walks an index in the sort's order and stops at the limit, so a search is best a set
     * looked up once, where a count or groups take every matching row from the indexes at once.
     */
    pageWhere?: RawBuilder<SqlBool>;
    id: RawBuilder<unknown>;
    columns: TableColumns;
    /** Appended to every ORDER BY; the default order when the query gives none. */
    tieBreak: RawBuilder<unknown>;
  },
  query: TableQueryValues,
): Promise<TablePage> {
  const filters = compileFilters(query.filter, table.columns);
  const filtered = and([table.where, filters]);
  const groupColumn = query.groupBy ? groupColumnOf(table.columns, query.groupBy) : null;
  const inGroup =
    groupColumn && query.groupValue !== undefined ? [groupMatch(groupColumn, query.groupValue)] : [];
  const where = and([filtered, ...inGroup]);
  const pageWhere = and([table.pageWhere ?? table.where, filters, ...inGroup]);
  const orderBy = compileSort(query.sort, table.columns, table.tieBreak);
  const groups = groupColumn ? await groupCounts(trx, table.from, filtered, groupColumn) : [];
  // Every row is in exactly one group of a field with one value a row: their counts add up to the
  // total, which then needs no count of its own.
  const countFromGroups =
    groupColumn !== null &&
    groupColumn.kind !== 'array' &&
    query.groupValue === undefined &&
    groups.length < GROUPS_MAX;
  const count = countFromGroups
    ? groups.reduce((sum, group) => sum + group.count, 0)
    : ((
        await sql<{ count: number }>`select count(*)::int as count from ${table.from} where ${where}`.execute(
          trx,
        )
      ).rows[0]?.count ?? 0);
  const page = await sql<{ id: string }>`select ${table.id} as id from ${table.from} where ${pageWhere}
    order by ${orderBy} limit ${query.limit} offset ${query.offset}`.execute(trx);
  return { count, ids: page.rows.map((row) => row.id), groups };
}
