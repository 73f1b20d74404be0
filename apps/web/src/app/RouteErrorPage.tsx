import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { useRouteError } from 'react-router';

// Fetched only when a screen fails: antd's Result (about 10 kB compressed) stays out of every
// page's first load (the public document pages' budget is 300 kB of JavaScript).
const Result = lazy(() => import('antd/es/result'));

/** The last line of defence: a screen threw while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main className="full-page-center">
      <Suspense fallback={<h1 className="result-title">Something went wrong</h1>}>
        <Result
          status="error"
          title={<h1 className="result-title">Something went wrong</h1>}
          subTitle={detail ?? 'Please, try again or contact support'}
          extra={
            <Button type="primary" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        />
      </Suspense>
    </main>
  );
}
