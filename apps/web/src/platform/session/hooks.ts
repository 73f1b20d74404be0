import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Grant } from '@planning/shared';
import { authQueryKeys, fetchAccess, fetchCurrentUser } from './api';

const ACCESS_STALE_MS = 5 * 60_000;

/**
 * Who is signed in. Kept like the access answers rather than asked again by every component that
 * mounts: signing in or out resets it, and a session that ends is told by the next API call.
 */
export const currentUserQuery = queryOptions({
  queryKey: authQueryKeys.user,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: ACCESS_STALE_MS,
});

/** The signed-in user: `undefined` while loading, `null` when signed out. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data, isLoading: query.isPending };
}

export type AccessState = { permitted: boolean; isLoading: boolean };

/**
 * Whether the signed-in user holds every grant, asked of the server once per (unit, action)
 * and cached (spec 01 §6). Signed out: not permitted.
 */
export function useAccess(grants: readonly Grant[]): AccessState {
  const { user, isLoading: userLoading } = useCurrentUser();
  const answers = useQueries({
    queries: grants.map((grant) => ({
      queryKey: authQueryKeys.access(grant.unit, grant.action),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchAccess(grant.unit, grant.action, signal),
      enabled: Boolean(user),
      staleTime: ACCESS_STALE_MS,
    })),
  });
  if (userLoading) return { permitted: false, isLoading: true };
  if (!user) return { permitted: false, isLoading: false };
  return {
    permitted: answers.every((answer) => answer.data === true),
    isLoading: answers.some((answer) => answer.isPending),
  };
}

/** Forget who was signed in and what they could do (after sign-in or sign-out). */
export function useResetAuth() {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ queryKey: authQueryKeys.all });
}
