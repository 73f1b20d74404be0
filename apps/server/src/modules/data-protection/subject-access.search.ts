import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { SubjectAccessRequest } from '@planning/shared';
import type { Database } from '../../db/schema';
import { escapeLike } from '../../lib/table-query';
import { personalDataTables, type TableAnnotation } from './register.annotations';

type Trx = Transaction<Database>;

/** One table's records that hold or concern the person. */
export type FoundTable = {
  table: string;
  record: string;
  rows: FoundRow[];
  /** More matched than were read (`SUBJECT_ACCESS_MAX_ROWS`). */
  truncated: boolean;
};
export type FoundRow = { id: string | null; matchedBy: string[]; fields: Record<string, string | null> };

/** Rows read per table: a subject access export is about one person, not a table dump. */
export const SUBJECT_ACCESS_MAX_ROWS = 10_000;

// Never copied out, even to the person: they are keys to accounts, not information about anyone.
const SECRET = 'sign-in secret';

type Condition = { label: string; test: RawBuilder<SqlBool> };

/** `\m…\M`: the name as whole words, any run of spaces between its parts, case ignored. */
function wordsPattern(name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `\\m${escaped.replace(/ /g, '\\s+')}\\M`;
}

/** The tests of one table for the request's terms, on the columns the register names. */
function termConditions(annotation: TableAnnotation, request: SubjectAccessRequest): Condition[] {
  const conditions: Condition[] = [];
  const columns = (category: string) =>
    Object.entries(annotation.fields)
      .filter(([, kind]) => kind === category)
      .map(([column]) => column);
  const freeText = columns('free text that may name people');
  const text = (column: string) => sql`${sql.ref(column)}::text`;
  const any = (tests: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(tests, sql` or `)})`;

  if (request.email) {
    const tests = [
      ...columns('email address').map((column) => sql<SqlBool>`lower(${sql.ref(column)}) = ${request.email}`),
      ...freeText.map((column) => sql<SqlBool>`${text(column)} ilike ${`%${escapeLike(request.email!)}%`}`),
    ];
    if (tests.length > 0) conditions.push({ label: 'email address', test: any(tests) });
  }
  if (request.name) {
    const pattern = wordsPattern(request.name);
    const tests = [
      ...columns('name').map(
        (column) => sql<SqlBool>`lower(${sql.ref(column)}) = ${request.name!.toLowerCase()}`,
      ),
      ...freeText.map((column) => sql<SqlBool>`${text(column)} ~* ${pattern}`),
    ];
    if (tests.length > 0) conditions.push({ label: 'name', test: any(tests) });
  }
  if (request.postcode) {
    // Written with or without its space, in any case.
    const compact = `%${request.postcode.replace(/\s+/g, '')}%`;
    const tests = [...columns('postal address'), ...freeText].map(
      (column) => sql<SqlBool>`replace(upper(${text(column)}), ' ', '') like ${compact}`,
    );
    if (tests.length > 0) conditions.push({ label: 'postcode', test: any(tests) });
  }
  return conditions;
}

/** The tests that reach this table's rows from rows found in tables searched before. */
function linkConditions(annotation: TableAnnotation, found: ReadonlyMap<string, FoundTable>): Condition[] {
  return Object.entries(annotation.refs ?? {}).flatMap(([column, target]) => {
    const [table, targetColumn = 'id'] = target.split('.');
    const values = (found.get(table!)?.rows ?? [])
      .map((row) => (targetColumn === 'id' ? row.id : (row.fields[targetColumn] ?? null)))
      .filter((value): value is string => value !== null);
    if (values.length === 0) return [];
    const label = `link to ${table!.replace(/_/g, ' ')}`;
    return [{ label, test: sql<SqlBool>`${sql.ref(column)}::text = any(${[...new Set(values)]}::text[])` }];
  });
}

/**
 * Issue 26 point 3: every record of the council that holds the person's email address, name or
 * postcode, or that hangs off one that does (their account's sessions and answers, their contact's
 * representations and those representations' parts and files), table by table in the register's
 * order. Only the columns the register names are read (and ids and links), never sign-in secrets.
 */
export async function findPerson(
  // Each table in a transaction of its own, so progress is written between them (PGlite is one
  // session: a progress write inside a long transaction would wait for it).
  inTenant: <T>(work: (trx: Trx) => Promise<T>) => Promise<T>,
  tenantId: string,
  request: SubjectAccessRequest,
  columnsOf: ReadonlyMap<string, ReadonlySet<string>>,
  onTable: (done: number, total: number) => Promise<void> = async () => {},
): Promise<FoundTable[]> {
  const found = new Map<string, FoundTable>();
  const tables = Object.entries(personalDataTables);
  let done = 0;
  for (const [table, annotation] of tables) {
    const columns = columnsOf.get(table);
    done += 1;
    // Tables every council shares (failed sign-in counts) hold no council's records.
    if (!columns?.has('tenant_id')) continue;
    const conditions = [...termConditions(annotation, request), ...linkConditions(annotation, found)];
    if (conditions.length > 0) {
      const read = [
        ...Object.entries(annotation.fields)
          .filter(([, category]) => category !== SECRET)
          .map(([column]) => column),
        ...Object.keys(annotation.refs ?? {}),
      ].filter((column, index, all) => column !== 'id' && all.indexOf(column) === index);
      const hasId = columns.has('id');
      const select = sql.join([
        hasId ? sql`id::text as id` : sql`null::text as id`,
        ...read.map((column) => sql`${sql.ref(column)}::text as ${sql.id(column)}`),
        ...conditions.map((condition, index) => sql`(${condition.test}) as ${sql.id(`matched_${index}`)}`),
      ]);
      const where = sql.join(
        conditions.map((condition) => condition.test),
        sql` or `,
      );
      const { rows } = await inTenant((trx) =>
        sql<Record<string, unknown>>`
          select ${select} from ${sql.table(table)}
           where tenant_id = ${tenantId} and (${where})
           ${hasId ? sql`order by id` : sql``}
           limit ${SUBJECT_ACCESS_MAX_ROWS + 1}`.execute(trx),
      );
      if (rows.length > 0) {
        found.set(table, {
          table,
          record: annotation.record,
          truncated: rows.length > SUBJECT_ACCESS_MAX_ROWS,
          rows: rows.slice(0, SUBJECT_ACCESS_MAX_ROWS).map((row) => ({
            id: (row.id as string | null) ?? null,
            matchedBy: conditions.flatMap((condition, index) =>
              row[`matched_${index}`] ? [condition.label] : [],
            ),
            fields: Object.fromEntries(
              read.map((column) => [column, (row[column] as string | null) ?? null]),
            ),
          })),
        });
      }
    }
    await onTable(done, tables.length);
  }
  return [...found.values()];
}

/**
 * Each table's columns, from pg_catalog (which lists tables the application role has no grant on),
 * read once per request: the search names only those that exist.
 */
export async function schemaColumns(db: Kysely<Database>): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ table: string; column: string }>`
    select c.relname as "table", a.attname as "column"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p')`.execute(db);
  const columns = new Map<string, Set<string>>();
  for (const row of rows) columns.set(row.table, (columns.get(row.table) ?? new Set()).add(row.column));
  return columns;
}
