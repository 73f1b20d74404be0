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

/** A POST's answer is kept under its body too, as the client writes it (JSON.stringify). */
const keyOf = (url: string, tenant: string | null, body?: string) =>
  body === undefined ? `${tenant ?? ''} ${url}` : `${tenant ?? ''} POST ${url} ${body}`;

/** The session's CSRF token as the early session answer gave it: null when signed out. */
let earlyCsrf: Promise<string | null> = Promise.resolve(null);

/**
 * For tests, which share this module's state within a worker: answers one test asked for and
 * never took would otherwise be taken by the next file's calls (a stale CSRF token, say).
 */
export function forgetEarlyForTests(): void {
  early.clear();
  earlyCsrf = Promise.resolve(null);
}

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
  const state = jsonOf(session ?? ask('/auth/is-authenticated', tenant)) as Promise<{
    isAuthenticated?: unknown;
    csrfToken?: unknown;
  } | null>;
  const signedIn = state.then((known) => known?.isAuthenticated === true);
  earlyCsrf = state.then((known) =>
    known?.isAuthenticated === true && typeof known.csrfToken === 'string' ? known.csrfToken : null,
  );
  for (const path of whenSignedIn) ask(path, tenant, signedIn);
}

/** An answer's JSON, read from a copy so the client still finds the body; null when it failed. */
function jsonOf(answer: Promise<Response | null>): Promise<unknown> {
  return answer
    .then((response) => (response?.ok ? (response.clone().json() as Promise<unknown>) : null))
    .catch(() => null);
}

/**
 * An early GET's JSON, for the entry to work out a further early call from (the list's search
 * from the card settings): null when it was not asked for, failed or was signed out. The answer
 * stays for the client.
 */
export function earlyJson(path: string): Promise<unknown> {
  const entry = early.get(keyOf(`${API_BASE_PATH}${path}`, getStoredTenantName()));
  return entry ? jsonOf(entry.answer) : Promise.resolve(null);
}

/**
 * Sends a POST once its body is known and the session is signed in (with its CSRF token), kept
 * for the client's first POST of the same address and body. A null body asks for nothing.
 */
export function postEarly(path: string, body: Promise<unknown>): void {
  const tenant = getStoredTenantName();
  const url = `${API_BASE_PATH}${path}`;
  void Promise.all([body, earlyCsrf])
    .then(([value, csrf]) => {
      if (value === null || value === undefined || csrf === null) return;
      const json = JSON.stringify(value);
      const answer = fetch(url, {
        method: 'POST',
        headers: { ...apiHeaders(tenant), 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body: json,
        credentials: 'same-origin',
      }).catch(() => null);
      early.set(keyOf(url, tenant, json), { answer, askedAt: performance.now() });
    })
    .catch(() => undefined);
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
export function takeEarly(
  url: string,
  tenant: string | null,
  body?: string,
): Promise<Response | null> | undefined {
  const key = keyOf(url, tenant, body);
  const entry = early.get(key);
  early.delete(key);
  if (!entry || performance.now() - entry.askedAt > EARLY_ANSWER_MS) return undefined;
  return entry.answer;
}
