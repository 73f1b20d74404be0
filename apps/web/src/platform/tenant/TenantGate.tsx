import { lazy, Suspense, useLayoutEffect } from 'react';
import { Button } from 'antd';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpin } from '../../components/FullPageSpin';
import { GlobalMaintenanceGuard } from '../maintenance/GlobalMaintenanceGuard';
import { revealApp } from '../../api/serverPage';
import { TenantContext } from './TenantContext';
import { isTenantMissing, useCurrentTenantQuery } from './useCurrentTenantQuery';

// Shown only when the council cannot be loaded: antd's Result (about 10 kB compressed) is fetched
// then, not by every page (the public document pages' budget is 300 kB of JavaScript).
const Result = lazy(() => import('antd/es/result'));

/** Renders its routes only once the council is known; without one, sends people to the picker. */
export function TenantGate() {
  const query = useCurrentTenantQuery();
  const failed = query.isError && !query.data;
  useLayoutEffect(() => {
    if (failed) revealApp();
  }, [failed]);

  if (isTenantMissing(query.error)) return <Navigate to="/select-tenant" replace />;
  // A failed background refresh keeps the council already loaded rather than blanking the app.
  if (query.data) {
    return (
      <TenantContext value={query.data}>
        <GlobalMaintenanceGuard>
          <Outlet />
        </GlobalMaintenanceGuard>
      </TenantContext>
    );
  }
  if (query.isError) {
    return (
      <main className="full-page-center">
        <Suspense fallback={null}>
          <Result
            status="error"
            title={<h1 className="result-title">Your council&apos;s settings could not be loaded</h1>}
            subTitle={query.error.message}
            extra={
              <Button type="primary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          />
        </Suspense>
      </main>
    );
  }
  return <FullPageSpin label="Loading your council" />;
}
