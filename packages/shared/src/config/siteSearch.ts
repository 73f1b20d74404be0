import { z } from 'zod';
import {
  comparisonOperatorSchema,
  SEARCH_LIMITS,
  type ComparisonOperator,
  type SearchFilter,
} from '../search/filters';

/**
 * Configuration documents of the site search screen (spec 03 §3.1–3.2, §5): which filters the
 * panel shows, and what each site card shows. A council's admin edits them; the screen is built
 * from them. The config types, messages and the schema of every type live in types.ts and
 * schemas.ts.
 */
const dbPropertyName = z
  .string()
  .regex(
    /^[a-z][a-z0-9_]{0,62}$/,
    'A field name starts with a small letter and holds only small letters, digits and _ (up to 63)',
  );
const common = {
  label: z.string().min(1).max(200),
  description: z.string().max(1000).optional(),
  /** Spec 03 §3.8: a filter may replace, rather than add to, the search's other filters. */
  overwriteSearchFilters: z.boolean().optional(),
};
const option = z.object({ label: z.string().min(1).max(200), value: z.union([z.string(), z.number()]) });

const leafFilterConfigs = [
  z.object({ type: z.literal('checkbox'), dbPropertyName, ...common }),
  // Options from the config, or (when absent) the distinct values /search/search-options finds.
  z.object({
    type: z.literal('checkboxesList'),
    dbPropertyName,
    options: z.array(option).optional(),
    ...common,
  }),
  z.object({ type: z.literal('select'), dbPropertyName, options: z.array(option).optional(), ...common }),
  // Spec 03 §5: a number filter needs min, max and equality.
  z.object({
    type: z.literal('number'),
    dbPropertyName,
    min: z.number(),
    max: z.number(),
    equality: comparisonOperatorSchema,
    ...common,
  }),
  z.object({
    type: z.literal('range'),
    dbPropertyName,
    min: z.number().optional(),
    max: z.number().optional(),
    unit: z.string().max(10).optional(),
    ...common,
  }),
  // Spec 03 §5: a text filter needs a placeholder; its value has a maximum length.
  z.object({
    type: z.literal('text'),
    dbPropertyName,
    placeholder: z.string().min(1).max(200),
    maxLength: z.number().int().min(1).max(SEARCH_LIMITS.textMax).optional(),
    ...common,
  }),
  z.object({ type: z.literal('dateRange'), dbPropertyName, ...common }),
  // Spec 03 §3.8 "in array" (spec 01 §4 tag filters): sites whose array field, such as their
  // tags, holds any of the chosen values. Without options here, /search/search-options gives
  // them (the council's tags, or the entries its sites' list field holds).
  z.object({
    type: z.literal('inArray'),
    dbPropertyName,
    options: z.array(option).min(1).max(SEARCH_LIMITS.listValuesMax).optional(),
    placeholder: z.string().min(1).max(200).optional(),
    ...common,
  }),
  // Issue 13 point 5: "overlaps layer by at least n %". dbPropertyName is the panel's own key
  // for the value (say overlap_flood_zone); layerName the geodata layer it reads.
  z.object({
    type: z.literal('overlapsLayer'),
    dbPropertyName,
    layerName: dbPropertyName,
    ...common,
  }),
] as const;

export type LeafFilterConfig = z.infer<(typeof leafFilterConfigs)[number]>;
export type GroupFilterConfig = {
  type: 'group';
  label: string;
  description?: string;
  operator: '_and' | '_or';
  filters: FilterConfig[];
};
export type FilterConfig = LeafFilterConfig | GroupFilterConfig;

export const filterConfigSchema: z.ZodType<FilterConfig> = z
  .lazy(() =>
    z.discriminatedUnion('type', [
      ...leafFilterConfigs,
      z.object({
        type: z.literal('group'),
        label: z.string().min(1).max(200),
        description: z.string().max(1000).optional(),
        operator: z.enum(['_and', '_or']),
        filters: z.array(filterConfigSchema).min(1).max(50),
      }),
    ]),
  )
  // Named for the OpenAPI document, as the search filter is.
  .meta({ id: 'FilterConfig' });

export const siteSearchConfigSchema = z.object({ filters: z.array(filterConfigSchema).max(100) });
export type SiteSearchConfig = z.infer<typeof siteSearchConfigSchema>;

/** Spec 03 §3.2 Site card: the fields each result card shows and how. */
export const siteCardElementSchema = z.object({
  label: z.string().min(1).max(200),
  dbPropertyName,
  measurement: z.string().max(20).optional(),
  prefix: z.string().max(20).optional(),
  description: z.string().max(1000).optional(),
  formatting: z
    .object({
      decimals: z.number().int().min(0).max(6).optional(),
      thousandsSeparator: z.boolean().optional(),
      /** Value → colour of the dot shown before it (e.g. suitability). */
      colouredDotList: z.record(z.string(), z.string().max(30)).optional(),
    })
    .optional(),
});
export type SiteCardElement = z.infer<typeof siteCardElementSchema>;
export const siteCardConfigSchema = z.object({ elements: z.array(siteCardElementSchema).max(30) });
export type SiteCardConfig = z.infer<typeof siteCardConfigSchema>;

/** Spec 03 §5: empty values show '-'. */
export const EMPTY_VALUE = '-';

/**
 * A card value as the Site card config says: prefix, decimals, thousands separator, unit.
 * Pure, so the card and its tests agree.
 */
export function formatCardValue(
  value: unknown,
  element: Pick<SiteCardElement, 'prefix' | 'measurement' | 'formatting'>,
): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  let text: string;
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
        ? Number(value)
        : null;
  if (number !== null && Number.isFinite(number)) {
    const decimals = element.formatting?.decimals;
    const fixed = decimals === undefined ? String(number) : number.toFixed(decimals);
    text = element.formatting?.thousandsSeparator ? withThousands(fixed) : fixed;
  } else if (typeof value === 'boolean') {
    text = value ? 'Yes' : 'No';
  } else if (Array.isArray(value)) {
    text = value.join(', ');
  } else {
    text = String(value);
  }
  const prefix = element.prefix ?? '';
  const unit = element.measurement ? ` ${element.measurement}` : '';
  return `${prefix}${text}${unit}`;
}

function withThousands(fixed: string): string {
  const [whole = '', fraction] = fixed.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}

/** What the filter panel holds, by dbPropertyName (only these persist, in session storage). */
export type FilterValue =
  | boolean
  | number
  | string
  | (string | number)[]
  | { min?: number | null; max?: number | null }
  | { from?: string | null; to?: string | null }
  | null
  | undefined;
export type FilterValues = Record<string, FilterValue>;

const isBlank = (value: FilterValue): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => v == null || v === ''));

/**
 * The search the panel's values stand for (spec 03 §3.8 "Filter as sent to a search"): one filter
 * per filled-in control, groups kept, blank controls left out. A filled control marked
 * `overwriteSearchFilters` replaces the rest.
 */
export function filtersFromValues(config: SiteSearchConfig, values: FilterValues): SearchFilter[] {
  const build = (filter: FilterConfig): SearchFilter | null => {
    if (filter.type === 'group') {
      const children = filter.filters.map(build).filter((child): child is SearchFilter => child !== null);
      return children.length > 0 ? { type: 'group', operator: filter.operator, filters: children } : null;
    }
    const value = values[filter.dbPropertyName];
    if (isBlank(value)) return null;
    const name = filter.dbPropertyName;
    switch (filter.type) {
      case 'checkbox':
        return value === true ? { type: 'checkbox', dbPropertyName: name, value: true } : null;
      case 'checkboxesList':
        return Array.isArray(value) ? { type: 'checkboxesList', dbPropertyName: name, value } : null;
      case 'inArray':
        return Array.isArray(value) ? { type: 'inArray', dbPropertyName: name, value } : null;
      case 'select':
        return typeof value === 'string' || typeof value === 'number'
          ? { type: 'select', dbPropertyName: name, equality: 'EQ', value }
          : null;
      case 'number':
        return typeof value === 'number'
          ? { type: 'number', dbPropertyName: name, equality: filter.equality, value }
          : null;
      case 'text':
        return typeof value === 'string' && value.trim() !== ''
          ? {
              type: 'text',
              dbPropertyName: name,
              value: value.trim().slice(0, filter.maxLength ?? SEARCH_LIMITS.textMax),
            }
          : null;
      case 'range': {
        const range = value as { min?: number | null; max?: number | null };
        return {
          type: 'range',
          dbPropertyName: name,
          value: { min: range.min ?? null, max: range.max ?? null },
        };
      }
      case 'overlapsLayer':
        return typeof value === 'number'
          ? { type: 'overlapsLayer', layerName: filter.layerName, value: Math.min(100, Math.max(0, value)) }
          : null;
      case 'dateRange': {
        const dates = value as { from?: string | null; to?: string | null };
        return {
          type: 'dateRange',
          dbPropertyName: name,
          value: { from: dates.from ?? null, to: dates.to ?? null },
        };
      }
    }
  };
  const overriding = flatLeaves(config.filters).find(
    (filter) => filter.overwriteSearchFilters && !isBlank(values[filter.dbPropertyName]),
  );
  if (overriding) return [build(overriding)].filter((f): f is SearchFilter => f !== null);
  return config.filters.map(build).filter((f): f is SearchFilter => f !== null);
}

/** Every control of the panel, groups opened up. */
export function flatLeaves(filters: FilterConfig[]): LeafFilterConfig[] {
  return filters.flatMap((filter) => (filter.type === 'group' ? flatLeaves(filter.filters) : [filter]));
}

/** How a number filter's comparison reads ("Capacity: at least 10"). */
export const comparisonWords: Record<ComparisonOperator, string> = {
  EQ: 'equal to',
  NE: 'not equal to',
  GT: 'more than',
  GE: 'at least',
  LT: 'less than',
  LE: 'at most',
};

export type AppliedFilter = { dbPropertyName: string; label: string; text: string };

/**
 * The filled-in filters of the panel's values, each as its label and what it keeps, in the
 * config's order: what /table shows above its grid ("Suitability: Suitable, Potentially suitable").
 */
export function describeFilterValues(config: SiteSearchConfig, values: FilterValues): AppliedFilter[] {
  const optionLabel = (filter: LeafFilterConfig, value: string | number) =>
    ('options' in filter ? filter.options?.find((option) => option.value === value)?.label : undefined) ??
    String(value);
  const ends = (low: string | null, high: string | null, unit: string) =>
    low !== null && high !== null
      ? `${low} – ${high}${unit}`
      : low !== null
        ? `from ${low}${unit}`
        : `up to ${high}${unit}`;
  return flatLeaves(config.filters).flatMap((filter): AppliedFilter[] => {
    const value = values[filter.dbPropertyName];
    if (isBlank(value)) return [];
    const applied = (text: string) => [{ dbPropertyName: filter.dbPropertyName, label: filter.label, text }];
    switch (filter.type) {
      case 'checkbox':
        return value === true ? applied('Yes') : [];
      case 'checkboxesList':
      case 'inArray':
        return Array.isArray(value) ? applied(value.map((v) => optionLabel(filter, v)).join(', ')) : [];
      case 'select':
        return typeof value === 'string' || typeof value === 'number'
          ? applied(optionLabel(filter, value))
          : [];
      case 'number':
        return typeof value === 'number' ? applied(`${comparisonWords[filter.equality]} ${value}`) : [];
      case 'overlapsLayer':
        return typeof value === 'number' ? applied(`at least ${value} % of the site`) : [];
      case 'text':
        return typeof value === 'string' && value.trim() !== '' ? applied(`“${value.trim()}”`) : [];
      case 'range': {
        const range = value as { min?: number | null; max?: number | null };
        const unit = filter.unit ? ` ${filter.unit}` : '';
        return applied(
          ends(
            range.min == null ? null : String(range.min),
            range.max == null ? null : String(range.max),
            unit,
          ),
        );
      }
      case 'dateRange': {
        const dates = value as { from?: string | null; to?: string | null };
        return applied(ends(dates.from || null, dates.to || null, ''));
      }
    }
  });
}
