import { currentTenantSchema, tenantListSchema } from '@planning/shared';
import { api } from '../../api/client';

export const tenantsQueryKeys = {
  list: ['tenants', 'list'] as const,
  current: ['tenants', 'current'] as const,
};

/** Every council, for the picker: branding only, no tenant needed. */
export async function fetchTenantList(signal?: AbortSignal) {
  const { tenants } = await api.get('/tenants', tenantListSchema, { signal });
  return tenants;
}

/** The council this browser is using: data, feature flags and maintenance state. */
export function fetchCurrentTenant(signal?: AbortSignal) {
  return api.get('/tenants/current', currentTenantSchema, { signal });
}
