import { isMaintenanceActive, routeMatches, type CurrentTenant } from '@planning/shared';

type Maintenance = CurrentTenant['maintenance'];

/**
 * The server says whether maintenance is in effect when it answers; the client re-checks the
 * "until" date between answers so a window that ends mid-session lets people back in on time.
 */
export function isGlobalMaintenanceOn(global: Maintenance['global'], now: Date): boolean {
  return global.inEffect && isMaintenanceActive(global, now);
}

/** The page-maintenance entry that covers this path, if any is in effect. */
export function pageMaintenanceFor(
  pages: Maintenance['pages'],
  pathname: string,
  now: Date,
): Maintenance['pages'][number] | undefined {
  return pages.find(
    (page) =>
      page.inEffect &&
      isMaintenanceActive({ active: page.maintenanceActive, until: page.maintenanceActiveUntil }, now) &&
      routeMatches(page.route, pathname),
  );
}
