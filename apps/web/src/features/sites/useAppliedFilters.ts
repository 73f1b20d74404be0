import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { filtersFromValues, type FilterValues, type SearchArea, type SearchFilter } from '@planning/shared';
import { fetchSiteSearchConfig, sitesQueryKeys } from '../../shared/sites/api';

/** The applied search as the API takes it: the panel's filters plus the drawn area; null until known. */
export function useAppliedFilters(values: FilterValues, area: SearchArea | null) {
  const config = useQuery({
    queryKey: sitesQueryKeys.searchConfig,
    queryFn: ({ signal }) => fetchSiteSearchConfig(signal),
  });
  const filters = useMemo<SearchFilter[]>(() => {
    if (!config.data) return [];
    const fromPanel = filtersFromValues(config.data, values);
    return area ? [...fromPanel, { type: 'inArea', value: area }] : fromPanel;
  }, [config.data, values, area]);
  // With nothing chosen the search is known before the config is: the map need not wait for it.
  const known = config.data !== undefined || (Object.keys(values).length === 0 && area === null);
  return { config, filters: known ? filters : null };
}
