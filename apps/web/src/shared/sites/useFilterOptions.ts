import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { flatLeaves, type SiteSearchConfig } from '@planning/shared';
import { fetchSearchOptions, sitesMessages, sitesQueryKeys } from './api';

/** Lists without options in the config offer the values the council's sites have. */
/** `wait`: not asked yet (the site search screen asks for its list's first page first). */
export function useFilterOptions(config: SiteSearchConfig | undefined, { wait = false } = {}) {
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
    enabled: optionFields.length > 0 && !wait,
    staleTime: 5 * 60_000,
    // The panel still works without them (lists stay empty): say so bottom-right (spec 01 §8).
    meta: { errorNotice: sitesMessages.optionsFailed },
  });
}
