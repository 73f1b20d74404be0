import {
  filtersFromValues,
  flatLeaves,
  type FilterValue,
  type FilterValues,
  type SearchFilter,
  type SiteSearchConfig,
} from '@planning/shared';

/**
 * A map block's sites may be those some search filters find (spec 02 §3 map block). The officer
 * builds them with the site search's own filter panel, which holds its values by field
 * (filtersFromValues turns them into filters); these turn a block's stored filters back into the
 * panel's values, and the values into the filters to store again.
 */
export type PanelFilters = {
  values: FilterValues;
  /**
   * Stored filters the panel cannot show (a drawn area, or a field the council's panel no longer
   * has): kept as they are whatever the panel changes, since the officer never saw them go.
   */
  others: SearchFilter[];
};

/** The panel's values for `filters`, and those it cannot show. */
export function panelFiltersOf(config: SiteSearchConfig, filters: readonly SearchFilter[]): PanelFilters {
  const values: FilterValues = {};
  const others: SearchFilter[] = [];
  for (const filter of filters) {
    const own = valuesOf(config, filter);
    // Only what the panel would build again exactly; a field set twice keeps its first value.
    const fits =
      own !== null &&
      Object.keys(own).every((name) => !(name in values)) &&
      sameFilters(filtersFromValues(config, own), [filter]);
    if (fits) Object.assign(values, own);
    else others.push(filter);
  }
  return { values, others };
}

/** The filters to store for the panel's values (none at all: undefined, the map by ids alone). */
export function storedFiltersOf(
  config: SiteSearchConfig,
  { values, others }: PanelFilters,
): SearchFilter[] | undefined {
  const filters = [...filtersFromValues(config, values), ...others];
  return filters.length > 0 ? filters : undefined;
}

function valuesOf(config: SiteSearchConfig, filter: SearchFilter): FilterValues | null {
  if (filter.type === 'group') {
    const values: FilterValues = {};
    for (const child of filter.filters) {
      const own = valuesOf(config, child);
      if (own === null) return null;
      Object.assign(values, own);
    }
    return values;
  }
  if (filter.type === 'inArea') return null;
  const leaf = flatLeaves(config.filters).find((candidate) =>
    filter.type === 'overlapsLayer'
      ? candidate.type === 'overlapsLayer' && candidate.layerName === filter.layerName
      : candidate.type === filter.type && candidate.dbPropertyName === filter.dbPropertyName,
  );
  return leaf ? { [leaf.dbPropertyName]: filter.value as FilterValue } : null;
}

/** Whether two filter lists say the same, whatever their keys' order (jsonb reorders them). */
export function sameFilters(a: readonly SearchFilter[], b: readonly SearchFilter[]): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
