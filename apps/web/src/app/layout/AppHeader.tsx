import { Layout } from 'antd';
import { useTenant } from '../../platform/tenant/TenantContext';
import { headerColors } from '../../platform/tenant/tenantTheme';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import { UserMenu } from './UserMenu';

/** Spec 01 §2: the header is 48 px high. */
export const HEADER_HEIGHT = 48;

export function AppHeader() {
  const { tenant } = useTenant();
  const { background, color } = headerColors(tenant);

  return (
    <Layout.Header
      className="app-header"
      style={{ height: HEADER_HEIGHT, lineHeight: `${HEADER_HEIGHT}px`, background, color }}
    >
      <div className="app-header__brand">
        {tenant.logo && <img className="app-header__logo" src={tenant.logo} alt={`${tenant.rawName} logo`} />}
        <span className="app-header__name">{tenant.rawName}</span>
      </div>
      <div className="app-header__end">
        <NotificationsBell />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
