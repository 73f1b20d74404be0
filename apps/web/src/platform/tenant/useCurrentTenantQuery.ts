import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { clearStoredTenantName, storeTenantName } from '../../api/tenantStorage';
import { fetchCurrentTenant, tenantsQueryKeys } from './tenantsApi';

/** Maintenance switches must reach people who keep the app open. */
export const CURRENT_TENANT_REFETCH_MS = 60_000;

/** 400: no tenant given and none in the host name; 404: the stored one no longer exists. */
export function isTenantMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}

/** The council the app is for (host name, or the one picked), with its branding and flags. */
export const currentTenantQuery = queryOptions({
  queryKey: tenantsQueryKeys.current,
  queryFn: async ({ signal }) => {
    try {
      const current = await fetchCurrentTenant(signal);
      // The server may have resolved the tenant from the host name: remember it for next time.
      storeTenantName(current.tenant.name);
      return current;
    } catch (error) {
      if (isTenantMissing(error)) clearStoredTenantName();
      throw error;
    }
  },
  // Poll only once a tenant is known; the picker has nothing to poll for. Between polls, the
  // components that mount (the gate, the branding) share the answer rather than ask again.
  refetchInterval: (query) => (query.state.data ? CURRENT_TENANT_REFETCH_MS : false),
  staleTime: CURRENT_TENANT_REFETCH_MS,
});

export function useCurrentTenantQuery() {
  return useQuery(currentTenantQuery);
}
