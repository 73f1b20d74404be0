import type { ReactNode } from 'react';
import { maintenanceMessages } from '@planning/shared';
import { useTenant } from '../tenant/TenantContext';
import { isGlobalMaintenanceOn } from './maintenance';
import { useMaintenanceClock } from './useMaintenanceClock';

/** Spec 01 §2: global maintenance replaces every screen with a full-screen notice. */
export function GlobalMaintenanceGuard({ children }: { children: ReactNode }) {
  const { tenant, maintenance } = useTenant();
  const now = useMaintenanceClock();
  if (!isGlobalMaintenanceOn(maintenance.global, now)) return children;

  return (
    <main className="global-maintenance">
      {tenant.logo && (
        <img className="global-maintenance__logo" src={tenant.logo} alt={`${tenant.rawName} logo`} />
      )}
      <h1 className="global-maintenance__title">
        {maintenance.global.message ?? maintenanceMessages.globalDefault}
      </h1>
    </main>
  );
}
