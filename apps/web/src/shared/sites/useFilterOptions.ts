import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { flatLeaves, type SiteSearchConfig } from '@planning/shared';
import { fetchSearchOptions, sitesMessages, sitesQueryKeys } from './api';

/** Lists without options in the config offer the values the council's sites have. */
export function useFilterOptions(config: SiteSearchConfig | undefined) {
  const optionFields = useMemo(
    () =>
      flatLeaves(config?.filters ?? [])
        .filter(
          (f) => (f.type === 'checkboxesList' || f.type === 'select' || f.type === 'inArray') && !f.options,
        )
        .map((f) => f.dbPropertyName),
    [config],
  );
  return useQuery({
    queryKey: sitesQueryKeys.options(optionFields),
    queryFn: ({ signal }) => fetchSearchOptions(optionFields, signal),
    enabled: optionFields.length > 0,
    staleTime: 5 * 60_000,
    // The panel still works without them (lists stay empty): say so bottom-right (spec 01 §8).
    meta: { errorNotice: sitesMessages.optionsFailed },
  });
}
