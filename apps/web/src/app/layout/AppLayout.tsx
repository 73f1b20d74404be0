import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { PageMaintenance } from '../../platform/maintenance/PageMaintenance';
import { pageMaintenanceFor } from '../../platform/maintenance/maintenance';
import { useMaintenanceClock } from '../../platform/maintenance/useMaintenanceClock';
import { useTenant } from '../../platform/tenant/TenantContext';
import { AppHeader } from './AppHeader';
import { layoutVisibility } from './layoutVisibility';
import { SideNav } from './SideNav';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';

/** Header, side menu and content area around every screen (spec 01 §2 "Layout"). */
export function AppLayout() {
  const { pathname } = useLocation();
  const { maintenance } = useTenant();
  const now = useMaintenanceClock();
  const { header, sideNav } = layoutVisibility(pathname);
  const underMaintenance = pageMaintenanceFor(maintenance.pages, pathname, now) !== undefined;

  return (
    <Layout className="app-layout">
      <SkipLink />
      {header && <AppHeader />}
      <Layout className="app-layout__body">
        {sideNav && <SideNav />}
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} className="app-layout__content">
          {underMaintenance ? <PageMaintenance /> : <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
