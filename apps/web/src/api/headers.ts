/** Headers of every API call: JSON, and the council picked (on production hosts the host name). */
export function apiHeaders(tenant: string | null): Record<string, string> {
  return tenant ? { Accept: 'application/json', 'X-Tenant': tenant } : { Accept: 'application/json' };
}
