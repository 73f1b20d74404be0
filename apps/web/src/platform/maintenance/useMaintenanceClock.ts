import { useEffect, useState } from 'react';

/** How often the client re-checks maintenance windows against its own clock. */
export const MAINTENANCE_CHECK_MS = 30_000;

/** The current time, refreshed every 30 s, for deciding whether a maintenance window has ended. */
export function useMaintenanceClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), MAINTENANCE_CHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
