import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SqlBool } from 'kysely';
import {
  representationMessages,
  searchMessages,
  tableQuerySchema,
  type SearchFilter,
  type TableQuery,
} from '@planning/shared';
import type { AppDatabase } from '../db/database';
import { openTestDatabase } from '../../test/database';
import { HttpError } from './errors';
import { runTableQuery, type TableColumn } from './table-query';

/**
 * The compiler against a table of its own (a VALUES list): seven rows with a text, a select, a
 * number, a date, a boolean, an array and an id column.
 */
let database: AppDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const ROWS = sql`(values
  ('a', 'Alice Smith', 'Received', 10::numeric, '2026-01-05'::date, true, array['x','y'], '11111111-1111-4111-8111-111111111111'::uuid),
  ('b', 'bob jones', 'Pending', 20, '2026-01-06', false, array['y'], '22222222-2222-4222-8222-222222222222'),
  ('c', 'Carol 100%', 'Received', 30, '2026-02-01', null, array[]::text[], '11111111-1111-4111-8111-111111111111'),
  ('d', 'Dan_Smith', 'Reviewed', null, null, true, array['z'], null),
  ('e', 'Eve', 'Pending', 50, '2026-03-01', false, array['x'], '22222222-2222-4222-8222-222222222222'),
  ('f', 'Frank', 'Received', 60, '2026-03-02', true, array[]::text[], null),
  ('g', 'Grace', null, 70, '2026-03-03', false, array['x','z'], null)
) as t(id, name, status, n, d, flag, tags, owner)`;

const statuses = ['Received', 'Acknowledged', 'Pending', 'Reviewed'];
const columns = new Map<string, TableColumn>([
  ['name', { kind: 'text', value: sql`t.name`, sortable: true, groupable: true }],
  ['status', { kind: 'select', value: sql`t.status`, sortable: true, groupable: true, options: statuses }],
  ['n', { kind: 'number', value: sql`t.n`, sortable: true, groupable: true }],
  ['d', { kind: 'date', value: sql`t.d`, sortable: true, groupable: true }],
  ['flag', { kind: 'boolean', value: sql`t.flag`, sortable: false, groupable: true }],
  [
    'tags',
    {
      kind: 'array',
      value: sql`t.tags`,
      sortable: false,
      groupable: true,
      anyOf: (values) => sql<SqlBool>`t.tags && ${values}::text[]`,
      groupJoin: sql`left join lateral unnest(t.tags) as g(value) on true`,
      label: (value) => (value === null ? 'No tag' : `Tag ${String(value)}`),
    },
  ],
  ['owner', { kind: 'select', value: sql`t.owner`, sortable: false, groupable: true, valueType: 'uuid' }],
]);

const run = (query: TableQuery, where = sql<SqlBool>`true`) =>
  database.db
    .transaction()
    .execute((trx) =>
      runTableQuery(
        trx,
        { from: ROWS, where, id: sql`t.id`, columns, tieBreak: sql`t.id` },
        tableQuerySchema.parse(query),
      ),
    );
const ids = async (query: TableQuery) => (await run(query)).ids.join('');
const refusal = async (query: TableQuery) => {
  const error = await run(query).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(400);
  return (error as HttpError).message;
};
// As a client sends them: a select filter's equality may be left out (EQ).
const filter = (
  ...filters: (SearchFilter | { type: 'select'; dbPropertyName: string; value: string })[]
): TableQuery => ({ filter: filters }) as TableQuery;

describe('table query compiler', () => {
  it('filters by each filter type', async () => {
    expect(await ids(filter({ type: 'text', dbPropertyName: 'name', value: 'smith' }))).toBe('ad');
    // % and _ are letters, not wildcards.
    expect(await ids(filter({ type: 'text', dbPropertyName: 'name', value: '100%' }))).toBe('c');
    expect(await ids(filter({ type: 'text', dbPropertyName: 'name', value: 'n_s' }))).toBe('d');
    expect(await ids(filter({ type: 'text', dbPropertyName: 'name', equality: 'NE', value: 'smith' }))).toBe(
      'bcefg',
    );
    expect(await ids(filter({ type: 'select', dbPropertyName: 'status', value: 'Pending' }))).toBe('be');
    // NE keeps rows with no value.
    expect(
      await ids(filter({ type: 'select', dbPropertyName: 'status', equality: 'NE', value: 'Received' })),
    ).toBe('bdeg');
    expect(
      await ids(filter({ type: 'checkboxesList', dbPropertyName: 'status', value: ['Pending', 'Reviewed'] })),
    ).toBe('bde');
    expect(
      await ids(
        filter({ type: 'checkboxesList', dbPropertyName: 'status', equality: 'NE', value: ['Received'] }),
      ),
    ).toBe('bdeg');
    expect(await ids(filter({ type: 'range', dbPropertyName: 'n', value: { min: 20, max: 50 } }))).toBe(
      'bce',
    );
    expect(await ids(filter({ type: 'number', dbPropertyName: 'n', equality: 'GE', value: 60 }))).toBe('fg');
    expect(
      await ids(
        filter({ type: 'dateRange', dbPropertyName: 'd', value: { from: '2026-01-06', to: '2026-03-01' } }),
      ),
    ).toBe('bce');
    expect(await ids(filter({ type: 'checkbox', dbPropertyName: 'flag', value: true }))).toBe('adf');
    // Unticked: false and no value alike.
    expect(await ids(filter({ type: 'checkbox', dbPropertyName: 'flag', value: false }))).toBe('bceg');
    expect(await ids(filter({ type: 'inArray', dbPropertyName: 'tags', value: ['z'] }))).toBe('dg');
    expect(await ids(filter({ type: 'inArray', dbPropertyName: 'tags', equality: 'NE', value: ['x'] }))).toBe(
      'bcdf',
    );
    expect(
      await ids(
        filter({ type: 'select', dbPropertyName: 'owner', value: '22222222-2222-4222-8222-222222222222' }),
      ),
    ).toBe('be');
    // Not an id: matches nothing, never a database error.
    expect(await ids(filter({ type: 'select', dbPropertyName: 'owner', value: 'nonsense' }))).toBe('');
  });

  it('combines filters: all of a list, a group with _or, nested groups', async () => {
    expect(
      await ids(
        filter(
          { type: 'select', dbPropertyName: 'status', value: 'Received' },
          { type: 'checkbox', dbPropertyName: 'flag', value: true },
        ),
      ),
    ).toBe('af');
    expect(
      await ids(
        filter({
          type: 'group',
          operator: '_or',
          filters: [
            { type: 'select', dbPropertyName: 'status', equality: 'EQ', value: 'Reviewed' },
            {
              type: 'group',
              operator: '_and',
              filters: [
                { type: 'select', dbPropertyName: 'status', equality: 'EQ', value: 'Pending' },
                { type: 'range', dbPropertyName: 'n', value: { min: 40 } },
              ],
            },
          ],
        }),
      ),
    ).toBe('de');
    expect(await ids(filter({ type: 'group', operator: '_or', filters: [] }))).toBe('abcdefg');
  });

  it('refuses unknown fields, filters of the wrong kind, a non-number and groups nested too deep', async () => {
    expect(await refusal(filter({ type: 'text', dbPropertyName: 'secret', value: 'x' }))).toBe(
      searchMessages.unknownField('secret'),
    );
    expect(await refusal(filter({ type: 'range', dbPropertyName: 'name', value: { min: 1 } }))).toBe(
      searchMessages.wrongFilterForField('range', 'name'),
    );
    expect(await refusal(filter({ type: 'select', dbPropertyName: 'n', value: 'ten' }))).toBe(
      searchMessages.notANumber('n'),
    );
    let deep: SearchFilter = { type: 'text', dbPropertyName: 'name', value: 'a' };
    for (let depth = 0; depth < 6; depth++) deep = { type: 'group', operator: '_and', filters: [deep] };
    expect(await refusal(filter(deep))).toBe(searchMessages.tooDeep);
  });

  it('sorts by allow-listed fields only (text ignoring case, empty values last), with a stable tie-break', async () => {
    expect(await ids({ sort: [{ field: 'name', order: 'asc' }] })).toBe('abcdefg');
    expect(await ids({ sort: [{ field: 'n', order: 'desc' }] })).toBe('gfecbad');
    // A field with fixed values sorts in their order (statuses as they follow one another).
    expect(
      await ids({
        sort: [
          { field: 'status', order: 'asc' },
          { field: 'n', order: 'desc' },
        ],
      }),
    ).toBe('fcaebdg');
    expect(await refusal({ sort: [{ field: 'flag', order: 'asc' }] })).toBe(
      representationMessages.unknownSortField('flag'),
    );
    expect(await refusal({ sort: [{ field: 'secret', order: 'asc' }] })).toBe(
      representationMessages.unknownSortField('secret'),
    );
    // Anything that is not a plain field name never reaches the compiler.
    expect(
      tableQuerySchema.safeParse({ sort: [{ field: 'name; drop table users', order: 'asc' }] }).success,
    ).toBe(false);
    expect(tableQuerySchema.safeParse({ sort: [{ field: 'name', order: 'asc nulls first' }] }).success).toBe(
      false,
    );
  });

  it('pages, counts, and counts groups over every filtered row', async () => {
    const page = await run({ limit: 2, offset: 2, sort: [{ field: 'name', order: 'asc' }] });
    expect(page).toMatchObject({ count: 7, ids: ['c', 'd'], groups: [] });
    const grouped = await run({ groupBy: 'status', limit: 2 });
    expect(grouped.count).toBe(7);
    // In the options' order, then no value.
    expect(grouped.groups).toEqual([
      { value: 'Received', label: 'Received', count: 3 },
      { value: 'Pending', label: 'Pending', count: 2 },
      { value: 'Reviewed', label: 'Reviewed', count: 1 },
      { value: null, label: 'None', count: 1 },
    ]);
    const oneGroup = await run({ groupBy: 'status', groupValue: 'Received', limit: 2 });
    expect(oneGroup).toMatchObject({ count: 3, ids: ['a', 'c'] });
    expect(oneGroup.groups).toHaveLength(4);
    expect((await run({ groupBy: 'status', groupValue: null })).ids).toEqual(['g']);
    const tags = await run({
      groupBy: 'tags',
      filter: [{ type: 'range', dbPropertyName: 'n', value: { max: 60 } }],
    });
    expect(tags.groups).toEqual([
      { value: 'x', label: 'Tag x', count: 2 },
      { value: 'y', label: 'Tag y', count: 2 },
      { value: null, label: 'No tag', count: 2 },
    ]);
    expect((await run({ groupBy: 'tags', groupValue: 'x' })).ids).toEqual(['a', 'e', 'g']);
    expect((await run({ groupBy: 'tags', groupValue: null })).ids).toEqual(['c', 'f']);
    expect((await run({ groupBy: 'n', groupValue: 20 })).ids).toEqual(['b']);
    expect((await run({ groupBy: 'd', groupValue: '2026-03-01' })).ids).toEqual(['e']);
    expect((await run({ groupBy: 'flag', groupValue: true })).ids).toEqual(['a', 'd', 'f']);
    expect((await run({ groupBy: 'flag' })).groups.map((group) => group.label)).toEqual([
      'No',
      'Yes',
      'None',
    ]);
    const dates = await run({ groupBy: 'd', limit: 1 });
    expect(dates.groups[0]).toEqual({ value: '2026-01-05', label: '2026-01-05', count: 1 });
  });
});
