import { useLayoutEffect } from 'react';
import { Button } from 'antd';
import { useRouteError } from 'react-router';
import { errorScreenMessages } from '@planning/shared';
import { revealApp } from '../api/serverPage';

/** The last line of defence: a screen threw while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  useLayoutEffect(revealApp, []);
  return <CrashScreen detail={error instanceof Error ? error.message : undefined} />;
}

/**
 * Spec 02 §8 / 03 §2's generic error screen: 'Error occurred', the message, 'Try again' (which
 * loads the screen afresh). Plain markup, no antd Result: it stays out of every page's first load.
 */
export function CrashScreen({ detail }: { detail?: string }) {
  return (
    <main className="full-page-center">
      <div role="alert" className="crash-screen">
        <h1 className="result-title">{errorScreenMessages.title}</h1>
        <p>{detail || errorScreenMessages.fallbackDetail}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {errorScreenMessages.tryAgain}
        </Button>
      </div>
    </main>
  );
}
