import { useLayoutEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { getStoredTenantName } from '../api/tenantStorage';
import { TenantBranding } from '../platform/tenant/TenantBranding';
import { startQueries } from '../platform/tenant/startQueries';
import { currentTenantQuery } from '../platform/tenant/useCurrentTenantQuery';
import { revealApp } from '../api/serverPage';

/** The addresses whose first screen the server may draw (their page reveals the app itself). */
const SERVER_DRAWN = /^\/p\/document\/[0-9a-f-]{36}\/?$/i;

/** Every route sits under the council's branding once it is known, the picker included. */
export function AppRoot() {
  const { pathname } = useLocation();
  // Any other screen (a redirect, the picker) is shown at once.
  useLayoutEffect(() => {
    if (!SERVER_DRAWN.test(pathname)) revealApp();
  }, [pathname]);
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
