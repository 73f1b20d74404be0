import { z } from 'zod';
import { wgs84PositionSchema } from './coordinates';

/** Spec 03 §3.8: comparison operators for number filters. */
export const comparisonOperators = ['EQ', 'NE', 'GT', 'GE', 'LT', 'LE'] as const;
export const comparisonOperatorSchema = z.enum(comparisonOperators);
export type ComparisonOperator = z.infer<typeof comparisonOperatorSchema>;

export const SEARCH_LIMITS = {
  /** Spec: text filters have a maximum length whose value is not given; ours. */
  textMax: 200,
  filtersMax: 100,
  groupDepthMax: 5,
  listValuesMax: 500,
  areaVerticesMax: 10_000,
} as const;

export const searchMessages = {
  unknownField: (name: string) => `Field "${name}" cannot be searched`,
  wrongFilterForField: (type: string, name: string) => `A ${type} filter cannot be used on "${name}"`,
  tooDeep: `Filter groups may be nested at most ${SEARCH_LIMITS.groupDepthMax} deep`,
  tooMany: `At most ${SEARCH_LIMITS.filtersMax} filters`,
  invalidArea: 'The search area must be a valid polygon',
  notANumber: (name: string) => `"${name}" is a number field: its values must be numbers`,
  noComparison: 'This filter takes no comparison other than EQ',
  failed: 'Failed to search sites',
  rangeInverted: 'The minimum must not be above the maximum',
  datesInverted: 'The start date must not be after the end date',
} as const;

/**
 * Why a range or date range filter's value can match nothing (its ends the wrong way round), or
 * null. The search refuses such a filter; the filter panel says so beside it before searching.
 */
export function invertedRangeMessage(
  type: 'range' | 'dateRange',
  value:
    { min?: number | null; max?: number | null; from?: string | null; to?: string | null } | null | undefined,
): string | null {
  if (!value) return null;
  if (type === 'range')
    return value.min != null && value.max != null && value.min > value.max
      ? searchMessages.rangeInverted
      : null;
  return value.from && value.to && value.from > value.to ? searchMessages.datesInverted : null;
}

/** Filters that match or exclude: EQ (the default) or NE, which negates the match. */
const matchOrExclude = z.enum(['EQ', 'NE']).optional();
/** Ranges, areas and dates: a comparison makes no sense, but EQ sent by habit is accepted. */
const noComparison = z.literal('EQ', { error: searchMessages.noComparison }).optional();

const fieldName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'Field names are lower-case letters, digits and _');
const isoDate = z.iso.date();
/** A geodata layer's machine name (layers.layer_name). */
const layerName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'A layer name is lower case letters, digits and _');
const listValue = z.union([z.string().max(SEARCH_LIMITS.textMax), z.number()]);
const ring = z
  .array(wgs84PositionSchema)
  .min(4)
  .max(SEARCH_LIMITS.areaVerticesMax)
  .refine(
    (r) => r[0]?.[0] === r.at(-1)?.[0] && r[0]?.[1] === r.at(-1)?.[1],
    'A ring must end where it starts',
  );

/** A search area in WGS84 (longitude, latitude), as GeoJSON. */
export const searchAreaSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1).max(100) }),
  z.object({
    type: z.literal('MultiPolygon'),
    coordinates: z.array(z.array(ring).min(1).max(100)).min(1).max(100),
  }),
]);
export type SearchArea = z.infer<typeof searchAreaSchema>;

const leafFilters = [
  z.object({
    type: z.literal('range'),
    dbPropertyName: fieldName,
    equality: noComparison,
    value: z
      .object({ min: z.number().finite().nullish(), max: z.number().finite().nullish() })
      .refine((v) => !invertedRangeMessage('range', v), searchMessages.rangeInverted),
  }),
  z.object({
    type: z.literal('number'),
    dbPropertyName: fieldName,
    equality: comparisonOperatorSchema,
    value: z.number().finite(),
  }),
  z.object({
    type: z.literal('select'),
    dbPropertyName: fieldName,
    equality: z.enum(['EQ', 'NE']).default('EQ'),
    value: listValue,
  }),
  z.object({
    type: z.literal('text'),
    dbPropertyName: fieldName,
    equality: matchOrExclude,
    value: z.string().trim().min(1).max(SEARCH_LIMITS.textMax),
  }),
  z.object({
    type: z.literal('dateRange'),
    dbPropertyName: fieldName,
    equality: noComparison,
    value: z
      .object({ from: isoDate.nullish(), to: isoDate.nullish() })
      .refine((v) => !invertedRangeMessage('dateRange', v), searchMessages.datesInverted),
  }),
  z.object({
    type: z.literal('checkbox'),
    dbPropertyName: fieldName,
    equality: matchOrExclude,
    value: z.boolean(),
  }),
  z.object({
    type: z.literal('checkboxesList'),
    dbPropertyName: fieldName,
    equality: matchOrExclude,
    value: z.array(listValue).min(1).max(SEARCH_LIMITS.listValuesMax),
  }),
  z.object({
    type: z.literal('inArray'),
    dbPropertyName: fieldName,
    equality: matchOrExclude,
    value: z.array(listValue).min(1).max(SEARCH_LIMITS.listValuesMax),
  }),
  z.object({ type: z.literal('inArea'), equality: noComparison, value: searchAreaSchema }),
  // Issue 13 point 5: sites a geodata layer covers by at least `value` per cent (0: any contact).
  z.object({
    type: z.literal('overlapsLayer'),
    layerName,
    equality: noComparison,
    value: z.number().min(0).max(100),
  }),
] as const;

export type LeafFilter = z.infer<(typeof leafFilters)[number]>;
export type GroupFilter = { type: 'group'; operator: '_and' | '_or'; filters: SearchFilter[] };
export type SearchFilter = LeafFilter | GroupFilter;

/** Spec 03 §3.8: every filter type, groups nesting with '_and' / '_or'. */
export const searchFilterSchema: z.ZodType<SearchFilter> = z
  .lazy(() =>
    z.discriminatedUnion('type', [
      ...leafFilters,
      z.object({
        type: z.literal('group'),
        operator: z.enum(['_and', '_or']),
        filters: z.array(searchFilterSchema).max(SEARCH_LIMITS.filtersMax),
      }),
    ]),
  )
  // A named schema, so the OpenAPI document holds the recursion as one component it refers to.
  .meta({ id: 'SearchFilter' });

/** The whole filter list: bounded in count and depth so no request can be made arbitrarily costly. */
export const searchFiltersSchema = z
  .array(searchFilterSchema)
  .max(SEARCH_LIMITS.filtersMax, searchMessages.tooMany)
  .superRefine((filters, ctx) => {
    if (depthOf(filters) > SEARCH_LIMITS.groupDepthMax)
      ctx.addIssue({ code: 'custom', message: searchMessages.tooDeep });
    if (countOf(filters) > SEARCH_LIMITS.filtersMax)
      ctx.addIssue({ code: 'custom', message: searchMessages.tooMany });
  });

function depthOf(filters: SearchFilter[]): number {
  return Math.max(0, ...filters.map((f) => (f.type === 'group' ? 1 + depthOf(f.filters) : 0)));
}

function countOf(filters: SearchFilter[]): number {
  return filters.reduce((sum, f) => sum + (f.type === 'group' ? 1 + countOf(f.filters) : 1), 0);
}

/** Which field kinds each filter type may be used on (a filter on the wrong kind is refused). */
export const filterFieldKinds = {
  range: ['number'],
  number: ['number'],
  select: ['text', 'number'],
  text: ['text'],
  dateRange: ['date'],
  checkbox: ['boolean'],
  checkboxesList: ['text', 'number'],
  inArray: ['array'],
} as const satisfies Record<Exclude<LeafFilter['type'], 'inArea' | 'overlapsLayer'>, readonly string[]>;
