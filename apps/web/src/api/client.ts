import { API_BASE_PATH, errorBodySchema, serverMessages, sessionStateSchema } from '@planning/shared';
import { takeEarly } from './early';
import { apiHeaders } from './headers';
import { getStoredTenantName } from './tenantStorage';

/** Spec 01 §8: the wrapper default when the server gives no message of its own. */
export const HTTP_FALLBACK_MESSAGE = 'Failed to make http request';

/** Every failed call ends here: `status` 0 means the request never got an answer. */
/**
 * Server messages the spec words for programs (spec 01 §8), said to people in plain English: only
 * these, never the auth messages code matches on.
 */
const plainServerMessages: Record<string, string> = {
  [serverMessages.nonExistingId]: 'Not found: it may have been deleted, or the link is out of date.',
};

export class ApiError extends Error {
  readonly status: number;
  readonly issues: ReadonlyArray<{ path: string; message: string }>;

  constructor(
    status: number,
    message: string,
    issues: ReadonlyArray<{ path: string; message: string }> = [],
    options?: { cause?: unknown },
  ) {
    super(plainServerMessages[message] ?? message, options);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
  }
}

/** 401/403, or a message the server uses when the session is missing or ended (spec 01 §8). */
export function isAuthError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.status === 401 ||
    error.status === 403 ||
    error.message === serverMessages.unauthenticated ||
    error.message === serverMessages.sessionTerminated
  );
}

/**
 * Any zod schema fits: typed structurally so the web app needs no direct zod dependency.
 * The response is always validated, so a changed server shape fails loudly here, not in a screen.
 */
export type ResponseSchema<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
};

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue | QueryValue[]>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The call answers 401 as part of its job (sign-in, "am I signed in?"): hand the error back
   * instead of sending the user to the sign-in or session-expired page.
   */
  expectAuthErrors?: boolean;
  /** Outlives the page: a call made as it closes (a public document's close event). */
  keepalive?: boolean;
};

// The session's CSRF token: kept in memory only, sent on every state-changing call.
let csrfToken: string | null = null;
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
async function ensureCsrfToken(): Promise<string | null> {
  if (csrfToken) return csrfToken;
  try {
    const state = await request('GET', '/auth/is-authenticated', sessionStateSchema, undefined, {
      expectAuthErrors: true,
    });
    csrfToken = state.csrfToken;
  } catch {
    // Signed out: calls without a session need no token.
  }
  return csrfToken;
}

/** Where a 401 sends the user: a revoked session to its own page, anything else to sign in. */
export function authRedirectTarget(message: string, location: { pathname: string; search: string }): string {
  if (message === serverMessages.sessionTerminated) return '/session-expired';
  const returnUrl = `${location.pathname}${location.search}`;
  return `/sign-in?returnUrl=${encodeURIComponent(returnUrl)}`;
}

let leavingFor: string | null = null;
/**
 * Several calls in flight may all fail with 401: leave once. Only the news that the session was
 * ended may replace a sign-in redirect already under way, never the other way round.
 */
function leaveFor(target: string) {
  const ended = target === '/session-expired';
  if (leavingFor && (!ended || leavingFor === target)) return;
  leavingFor = target;
  window.location.assign(target);
}

/** Tests only: forget a redirect already made. */
export function resetRedirectForTests() {
  leavingFor = null;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function request<T>(
  method: string,
  path: string,
  schema: ResponseSchema<T>,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  // The picker's choice; on production hosts the server reads the host name and ignores it.
  const tenantName = getStoredTenantName();
  const headers: Record<string, string> = { ...apiHeaders(tenantName), ...options.headers };
  if (!SAFE_METHODS.has(method)) {
    // A call made as the page closes goes at once with the token in hand (a signed-out reader has
    // none): asking the server for one first would be cut off by the leaving page.
    const token = options.keepalive ? csrfToken : await ensureCsrfToken();
    if (token) headers['X-CSRF-Token'] = token;
  }
  const init: RequestInit = {
    method,
    headers,
    credentials: 'same-origin',
    signal: options.signal ?? null,
    ...(options.keepalive ? { keepalive: true } : {}),
  };
  if (body instanceof FormData) {
    // The browser writes the multipart Content-Type itself, with its boundary.
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  const url = buildUrl(path, options.query);
  // The same GET (or POST, body and all) the entry asked for before the app had started: its
  // answer, once.
  const early = options.headers
    ? undefined
    : method === 'GET'
      ? takeEarly(url, tenantName)
      : method === 'POST' && typeof init.body === 'string'
        ? takeEarly(url, tenantName, init.body)
        : undefined;
  let response: Response;
  try {
    response = (await early) ?? (await fetch(url, init));
  } catch (cause) {
    // Let TanStack Query see its own cancellations as such.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, HTTP_FALLBACK_MESSAGE, [], { cause });
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    const error = parsed.success
      ? new ApiError(response.status, parsed.data.message, parsed.data.issues ?? [])
      : new ApiError(response.status, HTTP_FALLBACK_MESSAGE);
    if (response.status === 401) {
      csrfToken = null;
      // The server says 'Session terminated' once (then clears the cookie): whichever call hears
      // it must show it, even one that expects to be signed out.
      if (!options.expectAuthErrors || error.message === serverMessages.sessionTerminated)
        leaveFor(authRedirectTarget(error.message, window.location));
    }
    throw error;
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, HTTP_FALLBACK_MESSAGE, [], { cause: parsed.error });
  }
  return parsed.data;
}

/** The one way screens talk to the server: paths are relative to /api/v1. */
export const api = {
  get: <T>(path: string, schema: ResponseSchema<T>, options?: RequestOptions) =>
    request('GET', path, schema, undefined, options),
  post: <T>(path: string, schema: ResponseSchema<T>, body?: unknown, options?: RequestOptions) =>
    request('POST', path, schema, body, options),
  put: <T>(path: string, schema: ResponseSchema<T>, body?: unknown, options?: RequestOptions) =>
    request('PUT', path, schema, body, options),
  patch: <T>(path: string, schema: ResponseSchema<T>, body?: unknown, options?: RequestOptions) =>
    request('PATCH', path, schema, body, options),
  delete: <T>(path: string, schema: ResponseSchema<T>, options?: RequestOptions) =>
    request('DELETE', path, schema, undefined, options),
  /** A multipart/form-data POST (file uploads); the answer is JSON like any other. */
  postForm: <T>(path: string, schema: ResponseSchema<T>, form: FormData, options?: RequestOptions) =>
    request('POST', path, schema, form, options),
  /** A DELETE that names what to remove in its body (a tag, a version, many site ids). */
  deleteWithBody: <T>(path: string, schema: ResponseSchema<T>, body: unknown, options?: RequestOptions) =>
    request('DELETE', path, schema, body, options),
};

/** The file name a Content-Disposition header gives (RFC 6266: filename* first), else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed name: fall through to the plain one.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * A GET of a file from the API, sent with the council and session like every call (which a plain
 * <a href> or <img src> could not do). A refusal is an ApiError with the server's message.
 */
async function getFile(path: string, options: RequestOptions): Promise<Response> {
  const relative = path.startsWith(API_BASE_PATH) ? path.slice(API_BASE_PATH.length) : path;
  const headers = { ...apiHeaders(getStoredTenantName()), Accept: '*/*', ...options.headers };
  let response: Response;
  try {
    response = await fetch(buildUrl(relative, options.query), {
      headers,
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, HTTP_FALLBACK_MESSAGE, [], { cause });
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(await readJson(response));
    throw new ApiError(response.status, parsed.success ? parsed.data.message : HTTP_FALLBACK_MESSAGE);
  }
  return response;
}

/** Fetches a file from the API and hands it to the browser as a download; resolves with its name. */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<string> {
  return saveAnswer(await getFile(path, options), fallbackName);
}

/** A file's bytes from the API as a Blob (an image to preview). */
export async function fetchBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await getFile(path, options)).blob();
}

/** Hands an answer's body to the browser as a download under the name its header gives. */
async function saveAnswer(response: Response, fallbackName: string): Promise<string> {
  const name = attachmentName(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}

export type FileOrAccepted<T> = { kind: 'downloaded'; name: string } | { kind: 'accepted'; data: T };

/**
 * A state-changing call answered with a file (downloaded at once, like `downloadFile`) or, when
 * the server takes the work to the background, with 202 and a JSON body read by `accepted`.
 */
export async function sendForFile<T>(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  accepted: ResponseSchema<T>,
  fallbackName: string,
): Promise<FileOrAccepted<T>> {
  const headers: Record<string, string> = {
    ...apiHeaders(getStoredTenantName()),
    Accept: '*/*',
    'Content-Type': 'application/json',
  };
  const token = await ensureCsrfToken();
  if (token) headers['X-CSRF-Token'] = token;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, undefined), {
      method,
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError(0, HTTP_FALLBACK_MESSAGE, [], { cause });
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(await readJson(response));
    if (response.status === 401) {
      csrfToken = null;
      leaveFor(authRedirectTarget(parsed.success ? parsed.data.message : '', window.location));
    }
    throw parsed.success
      ? new ApiError(response.status, parsed.data.message, parsed.data.issues ?? [])
      : new ApiError(response.status, HTTP_FALLBACK_MESSAGE);
  }
  if (response.status === 202) {
    const parsed = accepted.safeParse(await readJson(response));
    if (!parsed.success)
      throw new ApiError(response.status, HTTP_FALLBACK_MESSAGE, [], { cause: parsed.error });
    return { kind: 'accepted', data: parsed.data };
  }
  return { kind: 'downloaded', name: await saveAnswer(response, fallbackName) };
}

/** For calls answered with 204 and no body. */
export const noContent: ResponseSchema<unknown> = { safeParse: (data) => ({ success: true, data }) };

/**
 * A multipart/form-data POST that reports how much of the body the browser has sent (0 to 1), for
 * large files; fetch cannot tell upload progress, so this one call uses XMLHttpRequest. Errors,
 * 401 handling and the answer's check are as for every other call.
 */
export async function postFormWithProgress<T>(
  path: string,
  schema: ResponseSchema<T>,
  form: FormData,
  onProgress: (sent: number) => void,
  options: Pick<RequestOptions, 'query' | 'signal'> = {},
): Promise<T> {
  const headers: Record<string, string> = apiHeaders(getStoredTenantName());
  const token = await ensureCsrfToken();
  if (token) headers['X-CSRF-Token'] = token;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, options.query));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText === '' ? undefined : JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const parsed = errorBodySchema.safeParse(payload);
        const error = parsed.success
          ? new ApiError(xhr.status, parsed.data.message, parsed.data.issues ?? [])
          : new ApiError(xhr.status, HTTP_FALLBACK_MESSAGE);
        if (xhr.status === 401) {
          csrfToken = null;
          leaveFor(authRedirectTarget(error.message, window.location));
        }
        return reject(error);
      }
      const parsed = schema.safeParse(payload);
      if (!parsed.success)
        return reject(new ApiError(xhr.status, HTTP_FALLBACK_MESSAGE, [], { cause: parsed.error }));
      return resolve(parsed.data);
    };
    xhr.onerror = () => reject(new ApiError(0, HTTP_FALLBACK_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
