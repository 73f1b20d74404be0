import { Outlet } from 'react-router';
import { TenantBranding } from '../platform/tenant/TenantBranding';
import { useCurrentTenantQuery } from '../platform/tenant/useCurrentTenantQuery';

/** Every route sits under the council's branding once it is known, the picker included. */
export function AppRoot() {
  const { data } = useCurrentTenantQuery();
  return (
    <TenantBranding tenant={data?.tenant}>
      <Outlet />
    </TenantBranding>
  );
}
