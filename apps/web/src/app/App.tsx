import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { currentUserQuery } from '../platform/session/hooks';
import { createQueryClient } from '../platform/queryClient';
import { createAppRouter } from './router';
import { getStoredTenantName } from '../api/tenantStorage';
import { startQueries } from '../platform/tenant/startQueries';
import { currentTenantQuery } from '../platform/tenant/useCurrentTenantQuery';

/**
 * A client that asks at once, side by side, for the council and who is signed in: every screen
 * needs both, and the screens would otherwise ask for the second only once the first is in.
 */
function createStartedQueryClient() {
  const client = createQueryClient();
  const start = startQueries(getStoredTenantName(), window.location.pathname);
  if (start.tenant) void client.prefetchQuery(currentTenantQuery);
  if (start.user) void client.prefetchQuery(currentUserQuery);
  return client;
}

export function App() {
  // Created once per mount, not per module, so tests can mount a fresh app.
  const [queryClient] = useState(createStartedQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
