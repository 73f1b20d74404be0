import { useQuery } from '@tanstack/react-query';
import { allowListValuesSchema, type AllowListValues } from '@planning/shared';
import { api } from '../../api/client';

/**
 * Issue 26 point 2: the council's allow list, as every redaction proposal on screen uses it (the
 * representation editor, a representation's warning). Undefined while it loads; a failed read
 * proposes everything, as without a list.
 */
export function useAllowList(): AllowListValues | undefined {
  const list = useQuery({
    queryKey: ['data-protection', 'allow-list', 'values'],
    queryFn: ({ signal }) => api.get('/data-protection/allow-list/values', allowListValuesSchema, { signal }),
    staleTime: 60_000,
    retry: false,
  });
  if (list.isError) return [];
  return list.data?.entries;
}
