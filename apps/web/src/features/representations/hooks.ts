import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { REPRESENTATION_LIMITS, type CustomColumnTable, type Grant } from '@planning/shared';
import { useAccess } from '../../platform/session/hooks';
import { fetchColumns, fetchEvents, fetchSettings, fetchTopics, managerQueryKeys } from './api';
import {
  asksForFilters,
  decodeTableState,
  detailSearch,
  withTableState,
  type DetailParameter,
  type TableAddressContext,
} from './tableAddress';
import type { TableState } from './tableState';

export const WRITE: readonly Grant[] = [{ unit: 'consultations', action: 'write' }];
export const DELETE: readonly Grant[] = [{ unit: 'consultations', action: 'delete' }];

/** Spec 02 §6: what the user may change here (the server refuses it anyway). */
export function useManagerAccess() {
  const write = useAccess(WRITE);
  const remove = useAccess(DELETE);
  return { canWrite: write.permitted, canDelete: remove.permitted };
}

export function useSettings() {
  return useQuery({
    queryKey: managerQueryKeys.settings,
    queryFn: ({ signal }) => fetchSettings(signal),
    staleTime: 5 * 60_000,
  });
}

export function useEvents() {
  return useQuery({ queryKey: managerQueryKeys.events, queryFn: ({ signal }) => fetchEvents(signal) });
}

/** Spec 02 §7: topics are refetched every 5 minutes. */
export function useTopics() {
  return useQuery({
    queryKey: managerQueryKeys.topics,
    queryFn: ({ signal }) => fetchTopics(signal),
    refetchInterval: REPRESENTATION_LIMITS.topicsRefetchMs,
  });
}

export function useColumns(table: CustomColumnTable) {
  return useQuery({
    queryKey: managerQueryKeys.columns(table),
    queryFn: ({ signal }) => fetchColumns(table, signal),
  });
}

/**
 * A tab's table state, kept in the address (tableAddress.ts) so a reload or a shared link shows
 * the same table. `loading`: the lists its filters and groupings come from (events, topics,
 * custom columns) are still on their way; the table then waits if the address asks for a filter
 * or a grouping, rather than showing every row first. The context must be memoised.
 */
export function useTableAddress(context: TableAddressContext, loading: boolean) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => decodeTableState(params, context), [params, context]);
  const onState = useCallback(
    (next: TableState) =>
      // Replaced, not pushed: the browser's Back leaves the manager (or walks a drawer's steps)
      // rather than undoing each sort.
      setParams((current) => withTableState(current, next, context), { replace: true }),
    [setParams, context],
  );
  const detailLink = useCallback(
    (name: DetailParameter, id: string) => detailSearch(params, name, id),
    [params],
  );
  return { state, onState, waiting: loading && asksForFilters(params), detailLink };
}
