import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  consultationMessages,
  customColumnInputSchema,
  customFieldName,
  customValueSchema,
  representationMessages,
  serverMessages,
  type CustomColumn,
  type CustomColumnInput,
  type CustomColumnTable,
  type CustomColumnType,
} from '@planning/shared';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../lib/errors';
import type { TableColumn } from '../../lib/table-query';
import type { Trx } from './consultations.access';

/**
 * Spec 02 §3 Column metadata: a council's own columns on the representations, contacts and
 * organisations tables. Values live in each row's `custom` (jsonb) under the column's id; the
 * table query knows a column as the field `custom_<id hex>`.
 */
type ColumnRow = {
  id: string;
  table_name: CustomColumnTable;
  name: string;
  render_type: string;
  render_feature: string | null;
  data_type: CustomColumnType;
  options: { value: string; color?: string | null }[];
};

const COLUMNS = [
  'id',
  'table_name',
  'name',
  'render_type',
  'render_feature',
  'data_type',
  'options',
] as const;

export function presentColumn(row: ColumnRow): CustomColumn {
  return {
    id: row.id,
    field: customFieldName(row.id),
    table: row.table_name,
    name: row.name,
    renderType: row.render_type,
    renderFeature: row.render_feature,
    dataType: row.data_type,
    options: row.options.map((option) => ({ value: option.value, color: option.color ?? null })),
  };
}

export async function columnRows(trx: Trx, table: CustomColumnTable): Promise<ColumnRow[]> {
  return (await trx
    .selectFrom('custom_columns')
    .select(COLUMNS)
    .where('table_name', '=', table)
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as ColumnRow[];
}

export async function listColumns(trx: Trx, table: CustomColumnTable): Promise<CustomColumn[]> {
  return (await columnRows(trx, table)).map(presentColumn);
}

async function oneColumn(trx: Trx, id: string): Promise<ColumnRow> {
  const row = await trx.selectFrom('custom_columns').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(representationMessages.columnNotFound);
  return row as ColumnRow;
}

const taken = (error: unknown) => {
  if (isUniqueViolation(error)) return conflict(representationMessages.columnNameTaken);
  return error;
};

/** Name unique per table ignoring case (409), the spec's checks on the body (400). */
async function refuseTakenName(trx: Trx, table: CustomColumnTable, name: string, except?: string) {
  const clash = await trx
    .selectFrom('custom_columns')
    .select('id')
    .where('table_name', '=', table)
    .where(sql<SqlBool>`lower(name) = lower(${name})`)
    .$if(except !== undefined, (query) => query.where('id', '<>', except!))
    .executeTakeFirst();
  if (clash) throw conflict(representationMessages.columnNameTaken);
}

export async function createColumn(
  trx: Trx,
  tenantId: string,
  input: ReturnType<typeof customColumnInputSchema.parse>,
): Promise<CustomColumn> {
  await refuseTakenName(trx, input.table, input.name);
  try {
    const row = await trx
      .insertInto('custom_columns')
      .values({
        tenant_id: tenantId,
        table_name: input.table,
        name: input.name,
        render_type: input.renderType,
        render_feature: input.renderFeature ?? null,
        data_type: input.dataType,
        options: JSON.stringify(
          input.options.map((option) => ({ value: option.value, color: option.color ?? null })),
        ),
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return presentColumn(row as ColumnRow);
  } catch (error) {
    throw taken(error);
  }
}

const rowTables = {
  representations: sql.raw('representations'),
  contacts: sql.raw('contacts'),
  organisations: sql.raw('organisations'),
} as const satisfies Record<CustomColumnTable, RawBuilder<unknown>>;

/**
 * A column's change, checked with its other values by the create schema. Its table and type
 * stay (400 otherwise); a select column's removed options take their values off the rows.
 */
export async function updateColumn(
  trx: Trx,
  id: string,
  body: Record<string, unknown>,
): Promise<CustomColumn> {
  const current = await oneColumn(trx, id);
  const merged: CustomColumnInput = {
    table: current.table_name,
    name: current.name,
    renderType: current.render_type,
    renderFeature: current.render_feature,
    dataType: current.data_type,
    options: current.options,
    ...(body as Partial<CustomColumnInput>),
  };
  const parsed = customColumnInputSchema.safeParse(merged);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const input = parsed.data;
  if (input.table !== current.table_name || input.dataType !== current.data_type)
    throw badRequest(consultationMessages.columnFixed);
  await refuseTakenName(trx, input.table, input.name, id);
  let row: ColumnRow;
  try {
    row = (await trx
      .updateTable('custom_columns')
      .set({
        name: input.name,
        render_type: input.renderType,
        render_feature: input.renderFeature ?? null,
        options: JSON.stringify(
          input.options.map((option) => ({ value: option.value, color: option.color ?? null })),
        ),
      })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()) as ColumnRow;
  } catch (error) {
    throw taken(error);
  }
  const kept = input.options.map((option) => option.value);
  const table = rowTables[row.table_name];
  if (row.data_type === 'singleSelect') {
    await sql`update ${table} set custom = custom - ${id}::text
      where custom ? ${id}::text and not (custom ->> ${id}::text = any(${kept}::text[]))`.execute(trx);
  } else if (row.data_type === 'multiSelect') {
    await sql`update ${table} set custom = jsonb_set(custom, array[${id}::text],
        coalesce((select jsonb_agg(v) from jsonb_array_elements_text(custom -> ${id}::text) v
          where v = any(${kept}::text[])), '[]'::jsonb))
      where custom ? ${id}::text and exists (select 1 from jsonb_array_elements_text(custom -> ${id}::text) v
        where not (v = any(${kept}::text[])))`.execute(trx);
  }
  return presentColumn(row);
}

/** Deletes a column and its values from every row of its table. */
export async function deleteColumn(trx: Trx, id: string): Promise<void> {
  const column = await oneColumn(trx, id);
  await sql`update ${rowTables[column.table_name]} set custom = custom - ${id}::text
    where custom ? ${id}::text`.execute(trx);
  await trx.deleteFrom('custom_columns').where('id', '=', id).execute();
}

const invalid = (issues: { path: PropertyKey[]; message: string }[]) =>
  badRequest(
    serverMessages.payloadInvalid,
    issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message })),
  );

/** A zod failure as the spec's 400: 'Payload data is invalid' with each issue's words. */
export const invalidBody = invalid;

const rowNotFound: Record<CustomColumnTable, string> = {
  representations: representationMessages.notFound,
  contacts: representationMessages.contactNotFound,
  organisations: representationMessages.organisationNotFound,
};

/**
 * Spec 02 §8 "Custom field update: 'Failed to update custom field' (server message used if given)":
 * one value of a live row, checked by the column's type (null clears it). The answer is every
 * custom value of the row.
 */
export async function setCustomValue(
  trx: Trx,
  table: CustomColumnTable,
  rowId: string,
  body: { columnId: string; value: unknown },
): Promise<{ custom: Record<string, unknown> }> {
  const row = await sql<{ id: string }>`select id from ${rowTables[table]}
    where id = ${rowId} and deleted_at is null for update`.execute(trx);
  if (!row.rows[0]) throw notFound(rowNotFound[table]);
  const column = await trx
    .selectFrom('custom_columns')
    .select(COLUMNS)
    .where('id', '=', body.columnId)
    .where('table_name', '=', table)
    .executeTakeFirst();
  if (!column) throw notFound(representationMessages.columnNotFound);
  const parsed = customValueSchema({
    dataType: column.data_type as CustomColumnType,
    options: column.options,
  }).safeParse(body.value === undefined ? null : body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues.find((item) => item.code === 'custom' || item.code.startsWith('too_'));
    throw new HttpError(
      400,
      issue?.message ?? representationMessages.customFieldFailed,
      parsed.error.issues.map((item) => ({
        path: ['body', 'value', ...item.path.map(String)].join('.'),
        message: item.message,
      })),
    );
  }
  const value = parsed.data;
  const { rows } = await (
    value === null || (Array.isArray(value) && value.length === 0) || value === ''
      ? sql<{
          custom: Record<string, unknown>;
        }>`update ${rowTables[table]} set custom = custom - ${column.id}::text
        where id = ${rowId} returning custom`
      : sql<{ custom: Record<string, unknown> }>`update ${rowTables[table]}
        set custom = custom || jsonb_build_object(${column.id}::text, ${JSON.stringify(value)}::jsonb)
        where id = ${rowId} returning custom`
  ).execute(trx);
  return { custom: rows[0]!.custom };
}

/**
 * The table query's columns for a table's custom columns (`custom_<hex>` fields). `custom` is the
 * SQL of the rows' custom values; values were checked on the way in, so their casts hold.
 */
export function customTableColumns(rows: ColumnRow[], custom: RawBuilder<unknown>): Map<string, TableColumn> {
  const columns = new Map<string, TableColumn>();
  for (const row of rows) {
    const id = row.id;
    const text = sql`(${custom} ->> ${id}::text)`;
    const options = row.options.map((option) => option.value);
    const column = ((): TableColumn => {
      switch (row.data_type) {
        case 'checkbox':
          return { kind: 'boolean', value: sql`${text}::boolean`, sortable: true, groupable: true };
        case 'singleSelect':
          return { kind: 'select', value: text, sortable: true, groupable: true, options };
        case 'multiSelect': {
          const list = sql`coalesce(${custom} -> ${id}::text, '[]'::jsonb)`;
          return {
            kind: 'array',
            value: list,
            sortable: false,
            groupable: true,
            options,
            anyOf: (values) => sql<SqlBool>`${list} ?| ${values}::text[]`,
            groupJoin: sql`left join lateral jsonb_array_elements_text(${list}) as g(value) on true`,
          };
        }
        case 'text':
          return { kind: 'text', value: text, sortable: true, groupable: true };
        case 'paragraph':
          return { kind: 'text', value: text, sortable: true, groupable: false };
        case 'number':
        case 'percentage':
        case 'currency':
          return { kind: 'number', value: sql`${text}::numeric`, sortable: true, groupable: true };
        case 'date':
          return { kind: 'date', value: sql`${text}::date`, sortable: true, groupable: true };
      }
    })();
    columns.set(customFieldName(id), column);
  }
  return columns;
}
