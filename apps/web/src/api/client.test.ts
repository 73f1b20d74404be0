import { afterEach, describe, expect, it, vi } from 'vitest';
import { tenantListSchema } from '@planning/shared';
import { api, ApiError, attachmentName, resetRedirectForTests, setCsrfToken } from './client';
import { forgetEarlyForTests } from './early';

type Call = { url: string; init: RequestInit };

function stubServer(status: number, body: unknown, storedTenant: string | null = null): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('window', { localStorage: { getItem: () => storedTenant } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      return new Response(text, { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('prefixes /api/v1, sends the stored tenant and validates the answer', async () => {
    const calls = stubServer(200, { tenants: [] }, 'demo');
    await expect(
      api.get('/tenants', tenantListSchema, { query: { q: 'a b', skip: undefined } }),
    ).resolves.toEqual({
      tenants: [],
    });
    expect(calls[0]?.url).toBe('/api/v1/tenants?q=a+b');
    expect((calls[0]?.init.headers as Record<string, string>)['X-Tenant']).toBe('demo');
  });

  it('sends no tenant header when none is stored, and JSON bodies with their content type', async () => {
    const calls = stubServer(200, { tenants: [] });
    await api.post('/tenants', tenantListSchema, { name: 'x' });
    const post = calls.find((call) => call.init.method === 'POST');
    const headers = post?.init.headers as Record<string, string>;
    expect(headers).not.toHaveProperty('X-Tenant');
    expect(headers['Content-Type']).toBe('application/json');
    expect(post?.init.body).toBe('{"name":"x"}');
  });

  it.each([
    [404, { message: 'Tenant is not found' }, 'Tenant is not found'],
    // The spec's program wording, said to people in plain English.
    [404, { message: 'Non-existing id' }, 'Not found: it may have been deleted, or the link is out of date.'],
    [
      400,
      { message: 'Payload data is invalid', issues: [{ path: 'name', message: 'Required' }] },
      'Payload data is invalid',
    ],
    [502, '<html>Bad gateway</html>', 'Failed to make http request'],
    [500, { error: 'no message field' }, 'Failed to make http request'],
  ])('a %s answer becomes ApiError(%s, %j)', async (status, body, message) => {
    stubServer(status, body);
    const error = await failure(api.get('/tenants', tenantListSchema));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('keeps field issues from a 400', async () => {
    stubServer(400, { message: 'Payload data is invalid', issues: [{ path: 'name', message: 'Required' }] });
    const error = await failure(api.get('/tenants', tenantListSchema));
    expect(error.issues).toEqual([{ path: 'name', message: 'Required' }]);
  });

  it('rejects an answer that does not match the schema', async () => {
    stubServer(200, { tenants: [{ name: 'Not A Valid Name' }] });
    const error = await failure(api.get('/tenants', tenantListSchema));
    expect(error).toMatchObject({ status: 200, message: 'Failed to make http request' });
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal('window', { localStorage: { getItem: () => null } });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/tenants', tenantListSchema));
    expect(error).toMatchObject({ status: 0, message: 'Failed to make http request' });
  });
});

describe('sessions in the api client', () => {
  function stubRoutes(answers: Record<string, { status: number; body: unknown }>) {
    resetRedirectForTests();
    forgetEarlyForTests();
    const calls: Call[] = [];
    const assign = vi.fn();
    vi.stubGlobal('window', {
      localStorage: { getItem: () => 'demo' },
      location: { pathname: '/table', search: '?page=2', assign },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        const answer = answers[url.split('?')[0] ?? ''] ?? {
          status: 404,
          body: { message: 'Route not found' },
        };
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }),
    );
    return { calls, assign };
  }

  it('sends the session CSRF token on state-changing calls only', async () => {
    setCsrfToken(null);
    const { calls } = stubRoutes({
      '/api/v1/auth/is-authenticated': { status: 200, body: { isAuthenticated: true, csrfToken: 'token-1' } },
      '/api/v1/tenants': { status: 200, body: { tenants: [] } },
    });
    await api.get('/tenants', tenantListSchema);
    await api.post('/tenants', tenantListSchema, {});
    const get = calls.find((call) => call.url === '/api/v1/tenants' && call.init.method === 'GET');
    const post = calls.find((call) => call.init.method === 'POST');
    expect(get?.init.headers).not.toHaveProperty('X-CSRF-Token');
    expect((post?.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('token-1');
  });

  it('sends a revoked session to /session-expired and any other 401 to sign-in with a return URL', async () => {
    const terminated = stubRoutes({
      '/api/v1/tenants': { status: 401, body: { message: 'Session terminated' } },
    });
    await failure(api.get('/tenants', tenantListSchema));
    expect(terminated.assign).toHaveBeenCalledWith('/session-expired');

    const signedOut = stubRoutes({
      '/api/v1/tenants': { status: 401, body: { message: 'Unauthenticated' } },
    });
    await failure(api.get('/tenants', tenantListSchema));
    expect(signedOut.assign).toHaveBeenCalledWith('/sign-in?returnUrl=%2Ftable%3Fpage%3D2');
  });

  it('leaves a 401 to the caller that expects one', async () => {
    const { assign } = stubRoutes({
      '/api/v1/tenants': { status: 401, body: { message: 'Unauthenticated' } },
    });
    const error = await failure(api.get('/tenants', tenantListSchema, { expectAuthErrors: true }));
    expect(error.status).toBe(401);
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves once when several calls fail, letting only a terminated session win', async () => {
    const { assign } = stubRoutes({
      '/api/v1/tenants': { status: 401, body: { message: 'Unauthenticated' } },
      '/api/v1/auth/user': { status: 401, body: { message: 'Session terminated' } },
    });
    await failure(api.get('/tenants', tenantListSchema));
    await failure(api.get('/tenants', tenantListSchema));
    await failure(api.get('/auth/user', tenantListSchema));
    await failure(api.get('/tenants', tenantListSchema));
    expect(assign.mock.calls).toEqual([['/sign-in?returnUrl=%2Ftable%3Fpage%3D2'], ['/session-expired']]);
  });

  it('still shows a terminated session, even to a caller that expects to be signed out', async () => {
    // The server says it once: a background call (a CSRF token fetch) must not swallow it.
    const { assign } = stubRoutes({
      '/api/v1/tenants': { status: 401, body: { message: 'Session terminated' } },
    });
    await failure(api.get('/tenants', tenantListSchema, { expectAuthErrors: true }));
    expect(assign).toHaveBeenCalledWith('/session-expired');
  });
});

describe('attachmentName', () => {
  it('prefers the exact UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      attachmentName(
        `attachment; filename="Sites _ Nov.csv"; filename*=UTF-8''Sites%20%E2%80%93%20Nov.csv`,
        'x',
      ),
    ).toBe('Sites – Nov.csv');
    expect(attachmentName('attachment; filename="sites.gpkg"', 'x')).toBe('sites.gpkg');
    expect(attachmentName(`attachment; filename*=UTF-8''%E0%A4%A`, 'fallback.csv')).toBe('fallback.csv');
    expect(attachmentName(null, 'export.csv')).toBe('export.csv');
  });
});
