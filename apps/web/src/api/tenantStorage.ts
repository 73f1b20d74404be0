/** Local storage key the tenant picker writes and the API client reads (spec 01 §1). */
export const TENANT_STORAGE_KEY = 'tenantName';

// Storage can throw (private windows, blocked cookies); the app must still start then.
export function getStoredTenantName(): string | null {
  try {
    return window.localStorage.getItem(TENANT_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeTenantName(name: string): void {
  try {
    window.localStorage.setItem(TENANT_STORAGE_KEY, name);
  } catch {
    // Without storage the tenant is resolved from the host name on every request instead.
  }
}

export function clearStoredTenantName(): void {
  try {
    window.localStorage.removeItem(TENANT_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
