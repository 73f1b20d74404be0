import { API_BASE_PATH } from '@planning/shared';
import { apiHeaders } from './headers';
import { getStoredTenantName } from './tenantStorage';

/**
 * GET answers that the first screen needs, asked for by the entry (main.tsx) while the app's own
 * code still loads and starts, which takes longer than the answers: the council, whether someone
 * is signed in and, when they are, who they are, what the menus need to know and the opened
 * screen's own data. The client hands each to the first call for the same address and council,
 * once, within a few seconds; every later call asks the server again.
 */
/** `given`: written into the page by the server (provideEarly), not asked for. */
type EarlyAnswer = { answer: Promise<Response | null>; askedAt: number; given?: boolean };
const early = new Map<string, EarlyAnswer>();

/** Start-up only: an answer nobody took by then may be out of date. */
const EARLY_ANSWER_MS = 15_000;

const keyOf = (url: string, tenant: string | null) => `${tenant ?? ''} ${url}`;

/** An API path with its query, written as the client writes it (URLSearchParams, in order). */
export function apiPath(path: string, query?: Record<string, string>): string {
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

function ask(path: string, tenant: string | null, when?: Promise<boolean>): Promise<Response | null> {
  const url = `${API_BASE_PATH}${path}`;
  // One the server wrote into the page already (provideEarly) is not asked for again.
  const given = early.get(keyOf(url, tenant));
  if (given?.given) return given.answer;
  const send = () => fetch(url, { headers: apiHeaders(tenant), credentials: 'same-origin' });
  // A failed early request, or one not needed after all, is simply made by the call that would
  // have used it.
  const answer = (when ? when.then((go) => (go ? send() : null)) : send()).catch(() => null);
  early.set(keyOf(url, tenant), { answer, askedAt: performance.now() });
  return answer;
}

/**
 * Asks for `paths` now, and for `whenSignedIn` as soon as `/auth/is-authenticated` says someone
 * is: those depend on the session, and asking them signed out would only earn 401s. They are
 * registered at once, so a call made before the session's answer waits for it rather than asking
 * the server a second time.
 */
export function requestEarly(paths: readonly string[], whenSignedIn: readonly string[] = []): void {
  const tenant = getStoredTenantName();
  for (const path of paths) ask(path, tenant);
  if (whenSignedIn.length === 0) return;
  const session = early.get(keyOf(`${API_BASE_PATH}/auth/is-authenticated`, tenant))?.answer;
  // A copy of the body, taken before the client reads the original.
  const signedIn = (session ?? ask('/auth/is-authenticated', tenant))
    .then((response) => (response?.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then((state) => Boolean(state && (state as { isAuthenticated?: unknown }).isAuthenticated === true))
    .catch(() => false);
  for (const path of whenSignedIn) ask(path, tenant, signedIn);
}

/**
 * Answers the server wrote into the page (a public document's, apps/server documents.page.ts), by
 * API path: handed to the first call for each as if it had been fetched.
 */
export function provideEarly(answers: ReadonlyArray<readonly [path: string, json: string]>): void {
  const tenant = getStoredTenantName();
  for (const [path, json] of answers) {
    const response = new Response(json, {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
    early.set(keyOf(`${API_BASE_PATH}${path}`, tenant), {
      answer: Promise.resolve(response),
      askedAt: performance.now(),
      given: true,
    });
  }
}

/** The early answer for this address and council, if one was asked for and not yet used. */
export function takeEarly(url: string, tenant: string | null): Promise<Response | null> | undefined {
  const key = keyOf(url, tenant);
  const entry = early.get(key);
  early.delete(key);
  if (!entry || performance.now() - entry.askedAt > EARLY_ANSWER_MS) return undefined;
  return entry.answer;
}
