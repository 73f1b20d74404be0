import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';

/** The last line of defence: a screen threw while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main className="full-page-center">
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
    </main>
  );
}
