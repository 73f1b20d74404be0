export const maintenanceMessages = {
  globalDefault: "We're planning something big.",
  page: 'Page under maintenance',
  back: 'Back',
} as const;

export type MaintenanceWindow = {
  active: boolean;
  /** ISO date-time; null means "until switched off". */
  until: string | null;
};

/** A maintenance switch is on while its flag is set and its "until" date has not passed. */
export function isMaintenanceActive(window: MaintenanceWindow, now: Date = new Date()): boolean {
  if (!window.active) return false;
  if (window.until === null) return true;
  const until = Date.parse(window.until);
  // An unreadable date must not lock a council out of its own site.
  if (Number.isNaN(until)) return false;
  return until > now.getTime();
}

/** Page maintenance applies to its route and everything under it ('/map' covers '/map/x'). */
export function routeMatches(maintenanceRoute: string, pathname: string): boolean {
  const route = maintenanceRoute.replace(/\/+$/, '') || '/';
  if (route === '/') return pathname === '/';
  return pathname === route || pathname.startsWith(`${route}/`);
}
