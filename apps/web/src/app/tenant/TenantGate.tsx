import { Button, Result } from 'antd';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpin } from '../../components/FullPageSpin';
import { GlobalMaintenanceGuard } from '../maintenance/GlobalMaintenanceGuard';
import { TenantContext } from './TenantContext';
import { isTenantMissing, useCurrentTenantQuery } from './useCurrentTenantQuery';

/** Renders its routes only once the council is known; without one, sends people to the picker. */
export function TenantGate() {
  const query = useCurrentTenantQuery();

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
      </main>
    );
  }
  return <FullPageSpin label="Loading your council" />;
}
