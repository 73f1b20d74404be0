import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath, forgetEarlyForTests, provideEarly, requestEarly, takeEarly } from './early';

function stubServer(signedIn: boolean | 'down'): string[] {
  const asked: string[] = [];
  vi.stubGlobal('window', { localStorage: { getItem: () => 'demo' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (signedIn === 'down') throw new TypeError('Failed to fetch');
      const body = url.endsWith('/auth/is-authenticated')
        ? { isAuthenticated: signedIn, csrfToken: signedIn ? 'csrf' : null }
        : { url };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetEarlyForTests();
});

describe('early requests', () => {
  it('asks for the signed-in answers once the session says so, and hands each out once', async () => {
    const asked = stubServer(true);
    requestEarly(['/auth/is-authenticated'], ['/auth/user']);
    // The client's own read of the session answer still finds its body.
    const session = await takeEarly('/api/v1/auth/is-authenticated', 'demo');
    expect(await session!.json()).toEqual({ isAuthenticated: true, csrfToken: 'csrf' });
    const user = await takeEarly('/api/v1/auth/user', 'demo');
    expect(await user!.json()).toEqual({ url: '/api/v1/auth/user' });
    expect(asked).toEqual(['/api/v1/auth/is-authenticated', '/api/v1/auth/user']);
    expect(takeEarly('/api/v1/auth/user', 'demo')).toBeUndefined();
  });

  it('asks for nothing more when signed out: the caller asks for itself', async () => {
    const asked = stubServer(false);
    requestEarly(['/auth/is-authenticated'], ['/auth/user']);
    expect(await takeEarly('/api/v1/auth/user', 'demo')).toBeNull();
    expect(asked).toEqual(['/api/v1/auth/is-authenticated']);
  });

  it('gives no answer when the server cannot be reached, or to another council', async () => {
    stubServer('down');
    requestEarly(['/auth/is-authenticated'], ['/auth/user']);
    expect(takeEarly('/api/v1/auth/user', 'northfield')).toBeUndefined();
    expect(await takeEarly('/api/v1/auth/user', 'demo')).toBeNull();
    expect(await takeEarly('/api/v1/auth/is-authenticated', 'demo')).toBeNull();
  });

  it('drops an answer nobody took during start-up', async () => {
    stubServer(true);
    vi.useFakeTimers({ toFake: ['performance'] });
    requestEarly(['/tenants/current']);
    vi.advanceTimersByTime(16_000);
    expect(takeEarly('/api/v1/tenants/current', 'demo')).toBeUndefined();
  });

  it('hands out the answers the server wrote into the page, once, and does not ask for them', async () => {
    const asked = stubServer(true);
    provideEarly([['/tenants/current', '{"tenant":{"name":"demo"}}']]);
    requestEarly(['/tenants/current', '/auth/is-authenticated']);
    const current = await takeEarly('/api/v1/tenants/current', 'demo');
    expect(await current!.json()).toEqual({ tenant: { name: 'demo' } });
    expect(asked).toEqual(['/api/v1/auth/is-authenticated']);
    expect(takeEarly('/api/v1/tenants/current', 'demo')).toBeUndefined();
  });

  it('writes access questions as the client does', () => {
    expect(apiPath('/policy/access', { resource: 'site-lists', action: 'read' })).toBe(
      '/policy/access?resource=site-lists&action=read',
    );
  });
});
