import { API_BASE_PATH } from '@planning/shared';
import { apiHeaders } from './headers';
import { getStoredTenantName } from './tenantStorage';

/**
 * GET answers that every screen needs first (the council, whether someone is signed in), asked
 * for by the entry (main.tsx) while the app's own code still loads and starts, which takes longer
 * than the answers. The client hands each to the first call for the same address and council,
 * once; every later call asks the server again.
 */
const early = new Map<string, Promise<Response | null>>();

const keyOf = (url: string, tenant: string | null) => `${tenant ?? ''} ${url}`;

export function requestEarly(paths: readonly string[]): void {
  const tenant = getStoredTenantName();
  for (const path of paths) {
    const url = `${API_BASE_PATH}${path}`;
    const answer = fetch(url, { headers: apiHeaders(tenant), credentials: 'same-origin' });
    // A failed early request is simply made again by the call that would have used it.
    early.set(
      keyOf(url, tenant),
      answer.catch(() => null),
    );
  }
}

/** The early answer for this address and council, if one was asked for and not yet used. */
export function takeEarly(url: string, tenant: string | null): Promise<Response | null> | undefined {
  const key = keyOf(url, tenant);
  const answer = early.get(key);
  early.delete(key);
  return answer;
}
