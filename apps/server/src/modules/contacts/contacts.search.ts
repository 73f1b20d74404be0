import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  idFilterProblem,
  type CustomColumnTable,
  type TableField,
  type TableQueryValues,
} from '@planning/shared';
import { badRequest } from '../../lib/errors';
import { escapeLike, runTableQuery, type TableColumn } from '../../lib/table-query';
import type { Trx } from '../consultations/consultations.access';
import { columnRows, customTableColumns } from '../consultations/consultations.columns';

type SearchFields = {
  text: RawBuilder<unknown>[];
  postcode: RawBuilder<unknown>;
  phone: RawBuilder<unknown>;
};

/** One of the address books (contacts, organisations) as its table query reads it. */
export type AddressBook<Row> = {
  table: Extract<CustomColumnTable, 'contacts' | 'organisations'>;
  /** The table's allow-list (shared with the screens) and each field's SQL over `from`. */
  fields: readonly TableField[];
  own: Record<string, RawBuilder<unknown>>;
  /** Fields that hold another record's id: filtered by ids only. */
  idFields?: readonly string[];
  /** The row's custom values (jsonb). */
  custom: RawBuilder<unknown>;
  from: RawBuilder<unknown>;
  /** The row's own condition (live rows). */
  live: RawBuilder<SqlBool>;
  id: RawBuilder<unknown>;
  tieBreak: RawBuilder<unknown>;
  search: SearchFields;
  /** The page's rows, presented, in the order of the ids. */
  rowsByIds: (trx: Trx, ids: string[]) => Promise<Row[]>;
};

/**
 * Spec 02 §3 Table query over an address book: its fields and the council's custom columns,
 * filtered, sorted and grouped by the table query, searched by `addressSearch`.
 */
export async function searchAddressBook<Row>(trx: Trx, book: AddressBook<Row>, query: TableQueryValues) {
  const idFields = book.idFields ?? [];
  const notAnId = idFilterProblem(query.filter, idFields);
  if (notAnId) throw badRequest(notAnId);
  const columns = new Map<string, TableColumn>(
    book.fields.map((field) => [
      field.name,
      {
        kind: field.kind,
        value: book.own[field.name]!,
        sortable: field.sortable,
        groupable: field.groupable,
        options: field.options,
        ...(idFields.includes(field.name) ? { valueType: 'uuid' as const } : {}),
      },
    ]),
  );
  for (const [name, column] of customTableColumns(await columnRows(trx, book.table), book.custom))
    columns.set(name, column);
  const page = await runTableQuery(
    trx,
    {
      from: book.from,
      where: sql`${book.live} and ${addressSearch(query.search, book.search)}`,
      id: book.id,
      columns,
      tieBreak: book.tieBreak,
    },
    query,
  );
  return {
    result: {
      count: page.count,
      rows: await book.rowsByIds(trx, page.ids),
      groupedByDistinctValue: page.groups,
    },
  };
}

/**
 * The contacts' and organisations' search box (spec 02 §7 "search (including address)"): every
 * word is looked for in the name, email, phone, address lines, town and postcode. A postcode
 * matches with or without its space, a phone number by its digits (+44 or 0 alike).
 */
export function addressSearch(search: string | null | undefined, fields: SearchFields): RawBuilder<SqlBool> {
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return sql<SqlBool>`true`;
  const haystack = sql`concat_ws(' ', ${sql.join(fields.text)})`;
  const phoneDigits = sql`regexp_replace(regexp_replace(coalesce(${fields.phone}, ''), '\\D', '', 'g'), '^44', '0')`;
  const wholeDigits = normalisedDigits(search ?? '');
  const compact = (search ?? '').replace(/\s+/g, '');
  const alternatives: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`(${sql.join(
      words.map((word) => sql`${haystack} ilike ${`%${escapeLike(word)}%`}`),
      sql` and `,
    )})`,
    sql<SqlBool>`replace(coalesce(${fields.postcode}, ''), ' ', '') ilike ${`%${escapeLike(compact)}%`}`,
  ];
  if (wholeDigits.length >= 4) alternatives.push(sql<SqlBool>`${phoneDigits} like ${`%${wholeDigits}%`}`);
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}

/** '+44 (0)7700 900123' → '07700900123': a phone number as its national digits. */
function normalisedDigits(text: string): string {
  if (/[^\d\s()+-]/.test(text)) return '';
  return text.replace(/\(0\)/g, '').replace(/\D/g, '').replace(/^44/, '0');
}
