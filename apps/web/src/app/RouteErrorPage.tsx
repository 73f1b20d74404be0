import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { useRouteError } from 'react-router';

// Fetched only when a screen fails: antd's Result (about 10 kB compressed) stays out of every
// page's first load (the public document pages' budget is 300 kB of JavaScript).
const Result = lazy(() => import('antd/es/result'));

/** Spec 03 §2 / 02 §8 generic error screen: 'Error occurred', the error's message, and 'Try again'. */
export function CrashScreen({ detail }: { detail?: string }) {
  const title = <h1 className="result-title">Error occurred</h1>;
  return (
    <main className="full-page-center">
      <Suspense fallback={title}>
        <Result
          status="error"
          title={title}
          subTitle={detail ?? 'Please, try again or contact support'}
          extra={
            // The screen threw while rendering: loading it afresh is the one retry that can help.
            <Button type="primary" onClick={() => window.location.reload()}>
              Try again
            </Button>
          }
        />
      </Suspense>
    </main>
  );
}

/** The last line of defence: a screen threw while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  return <CrashScreen detail={error instanceof Error ? error.message : undefined} />;
}
