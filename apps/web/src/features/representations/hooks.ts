import { useQuery } from '@tanstack/react-query';
import { REPRESENTATION_LIMITS, type CustomColumnTable, type Grant } from '@planning/shared';
import { useAccess } from '../auth/hooks';
import { fetchColumns, fetchEvents, fetchSettings, fetchTopics, managerQueryKeys } from './api';

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
