import { Link, Outlet, useLocation } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/SkipLink';
import { PageMaintenance } from '../../../platform/maintenance/PageMaintenance';
import { pageMaintenanceFor } from '../../../platform/maintenance/maintenance';
import { useMaintenanceClock } from '../../../platform/maintenance/useMaintenanceClock';
import { useCurrentUser } from '../../../platform/session/hooks';
import { useTenant } from '../../../platform/tenant/TenantContext';
import { headerColors } from '../../../platform/tenant/tenantTheme';
import { AccountMenu } from '../../../shared/public-frame/AccountMenu';
import '../../../shared/documents/publicDocuments.css';
import './publicFrame.css';

const CALLS = '/calls-for-sites';
const MY_SUBMISSIONS = '/calls-for-sites/my-submissions';

/** A consultation account's own submissions in its menu, beside Log out. */
const submitterItems = [{ key: MY_SUBMISSIONS, label: 'Your submissions' }];

/**
 * Issue 27 point 7: the frame of the public call-for-sites pages (the list, a call, a submission's
 * steps, one's own submissions): the council's header, the page, the policy links. Like the public
 * documents' frame it carries none of the staff layout (side menu, bell, their access answers), so
 * a landowner on a phone loads and runs only what these pages need.
 */
export function PublicCallsLayout() {
  const { tenant, maintenance } = useTenant();
  const { background, color } = headerColors(tenant);
  const { user, isLoading } = useCurrentUser();
  const { pathname, search } = useLocation();
  const now = useMaintenanceClock();
  const underMaintenance = pageMaintenanceFor(maintenance.pages, pathname, now) !== undefined;
  return (
    <div className="public-layout public-calls">
      <SkipLink />
      <header className="public-header" style={{ background, color }}>
        <Link to={CALLS} className="public-header__brand" style={{ color }}>
          {tenant.logo && <img className="public-header__logo" src={tenant.logo} alt="" />}
          <span className="public-header__name">{tenant.rawName}</span>
        </Link>
        <nav className="public-header__end" aria-label="Calls for sites">
          <Link className="public-header__link" to={CALLS} style={{ color }}>
            Calls for sites
          </Link>
          {!isLoading && user === null && (
            <Link
              className="public-header__link"
              to={`/consultations/login?returnUrl=${encodeURIComponent(pathname + search)}`}
              style={{ color }}
            >
              Log in
            </Link>
          )}
          <AccountMenu items={user?.kind === 'public' ? submitterItems : []} home={CALLS} color={color} />
        </nav>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="public-layout__main public-calls__main">
        {underMaintenance ? <PageMaintenance /> : <Outlet />}
      </main>
      <footer className="public-calls__footer">
        <Link to="/policy">Privacy policy</Link>
        <Link to="/terms">Terms of use</Link>
      </footer>
    </div>
  );
}
