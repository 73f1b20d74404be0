import { Outlet } from 'react-router';
import { TenantBranding } from './tenant/TenantBranding';
import { useCurrentTenantQuery } from './tenant/useCurrentTenantQuery';

/** Every route sits under the council's branding once it is known, the picker included. */
export function AppRoot() {
  const { data } = useCurrentTenantQuery();
  return (
    <TenantBranding tenant={data?.tenant}>
      <Outlet />
    </TenantBranding>
  );
}
