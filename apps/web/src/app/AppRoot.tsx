import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { getStoredTenantName } from '../api/tenantStorage';
import { TenantBranding } from '../platform/tenant/TenantBranding';
import { startQueries } from '../platform/tenant/startQueries';
import { currentTenantQuery } from '../platform/tenant/useCurrentTenantQuery';

/** Every route sits under the council's branding once it is known, the picker included. */
export function AppRoot() {
  const { pathname } = useLocation();
  // On the picker with no council chosen there is no council to brand with: asking answers 400.
  const { data } = useQuery({
    ...currentTenantQuery,
    enabled: startQueries(getStoredTenantName(), pathname).tenant,
  });
  return (
    <TenantBranding tenant={data?.tenant}>
      <Outlet />
    </TenantBranding>
  );
}
