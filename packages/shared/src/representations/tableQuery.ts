import { z } from 'zod';
import { searchFilterSchema, SEARCH_LIMITS } from '../search/filters';
import { REPRESENTATION_LIMITS as L } from './limits';

/**
 * Spec 02 §3 Table query (limit, offset, groupBy, filter, sort, search) for the three tables of
 * the representation manager. Filters are the site search's filter model (spec 02 §3 Filters:
 * dbPropertyName, type, equality, value); the field names each table allows are in `tableFields`.
 */
const fieldName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'Field names are lower-case letters, digits and _');

export const tableSortSchema = z.object({
  field: fieldName,
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const tableQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(L.pageSizeMax).default(L.pageSize),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  groupBy: fieldName.nullish(),
  filter: z.array(searchFilterSchema).max(SEARCH_LIMITS.filtersMax).default([]),
  sort: z.array(tableSortSchema).max(5).default([]),
  search: z.string().trim().max(L.searchMax).nullish(),
  /** The value of the group being read (with groupBy): its rows, paged. */
  groupValue: z.union([z.string().max(L.searchMax), z.number(), z.boolean(), z.null()]).optional(),
});
export type TableQuery = z.input<typeof tableQuerySchema>;
export type TableQueryValues = z.output<typeof tableQuerySchema>;

/** Spec 02 §3 "Representation list response: result with count, rows and groupedByDistinctValue". */
export const tableResultSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    result: z.object({
      count: z.number().int(),
      rows: z.array(row),
      /** With groupBy: each distinct value and how many rows have it (groups start collapsed). */
      groupedByDistinctValue: z.array(
        z.object({
          value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
          label: z.string(),
          count: z.number().int(),
        }),
      ),
    }),
  });

export type TableFieldKind = 'text' | 'number' | 'date' | 'select' | 'array' | 'boolean';
export type TableField = {
  name: string;
  label: string;
  kind: TableFieldKind;
  sortable: boolean;
  groupable: boolean;
  /** Values a select or array field takes, when fixed. */
  options?: readonly string[];
};
