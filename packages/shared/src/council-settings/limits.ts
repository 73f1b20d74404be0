export const COUNCIL_LIMITS = {
  logoMaxBytes: 1024 * 1024,
  logoMinSide: 16,
  logoMaxSide: 4096,
  maintenanceMessageMax: 500,
  maintenancePagesMax: 50,
  routeMax: 200,
  mapLicenseMax: 500,
  locationMax: 200,
} as const;

/**
 * Routes page maintenance may not cover: sign-in, the picker, the settings and the admin area must
 * stay open to administrators, or nobody could turn maintenance off again.
 */
export const MAINTENANCE_PROTECTED_ROUTES = ['/sign-in', '/select-tenant', '/settings', '/admin'] as const;
