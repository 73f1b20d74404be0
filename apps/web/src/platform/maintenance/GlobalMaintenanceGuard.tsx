import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { Link, useLocation } from 'react-router';
import { featureAccess, isMaintenanceExempt, maintenanceMessages } from '@planning/shared';
import { useAccess } from '../session/hooks';
import { useTenant } from '../tenant/TenantContext';
import { isGlobalMaintenanceOn } from './maintenance';
import { useMaintenanceClock } from './useMaintenanceClock';

/**
 * Spec 01 §2: global maintenance replaces every screen with a full-screen notice. Administrators
 * must still be able to sign in and reach /settings and /admin, or nobody could turn it off: those
 * pages stay open to them, under a banner saying the site is down for everyone else.
 */
export function GlobalMaintenanceGuard({ children }: { children: ReactNode }) {
  const { maintenance } = useTenant();
  const now = useMaintenanceClock();
  const { pathname } = useLocation();
  if (!isGlobalMaintenanceOn(maintenance.global, now)) return children;
  const exempt = isMaintenanceExempt(pathname);
  if (exempt === 'sign-in') return children;
  if (exempt === 'admin') return <AdminThrough>{children}</AdminThrough>;
  return <GlobalMaintenancePage />;
}

function AdminThrough({ children }: { children: ReactNode }) {
  const { permitted, isLoading } = useAccess(featureAccess.admin);
  if (isLoading) return null;
  if (!permitted) return <GlobalMaintenancePage />;
  return (
    <>
      <Alert
        banner
        type="warning"
        message={
          <>
            Global maintenance is on: everyone but administrators sees the maintenance page.{' '}
            <Link to="/settings/maintenance">Maintenance settings</Link>
          </>
        }
      />
      {children}
    </>
  );
}

function GlobalMaintenancePage() {
  const { tenant, maintenance } = useTenant();
  return (
    <main className="global-maintenance">
      {tenant.logo && (
        <img className="global-maintenance__logo" src={tenant.logo} alt={`${tenant.rawName} logo`} />
      )}
      <h1 className="global-maintenance__title">
        {maintenance.global.message ?? maintenanceMessages.globalDefault}
      </h1>
      <Link className="global-maintenance__staff" to="/sign-in?returnUrl=%2Fsettings%2Fmaintenance">
        Council administrators: sign in
      </Link>
    </main>
  );
}
