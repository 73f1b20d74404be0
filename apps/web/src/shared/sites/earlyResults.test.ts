import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetEarlyForTests, requestEarly } from '../../api/early';
import { setCsrfToken } from '../../api/client';
import { fetchMatchingIds, fetchSiteCardConfig, searchSites } from './api';
import { requestEarlyResults, storedSearchKey } from './earlyResults';
import { cardAttributes, firstPageBody } from './resultPages';

const CARD = {
  elements: [
    { label: 'Capacity', dbPropertyName: 'capacity', measurement: 'homes' },
    { label: 'Suitability', dbPropertyName: 'suitability_assessment_result' },
    { label: 'Name again', dbPropertyName: 'site_name' },
  ],
};

type Call = { method: string; url: string; body: string | undefined; csrf: string | undefined };

/** A server that answers the session, the card settings and the list's two calls, counting them. */
function stubServer({ signedIn = true, stored = null as string | null } = {}): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('window', { localStorage: { getItem: () => 'demo' } });
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => (key === storedSearchKey('demo') ? stored : null),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? init.body : undefined,
        csrf: headers['X-CSRF-Token'],
      });
      const answers: Record<string, unknown> = {
        '/api/v1/auth/is-authenticated': { isAuthenticated: signedIn, csrfToken: signedIn ? 'csrf' : null },
        '/api/v1/configs/site-card': {
          id: '1',
          type: 'site-card',
          label: 'Site card',
          updatedAt: '2026-11-29T09:00:00.000Z',
          config: CARD,
        },
        '/api/v1/search/site/flexible': { sites: [], total: 20_000 },
        '/api/v1/search/site/ids': { ids: ['1', '2'], total: 2 },
      };
      return new Response(JSON.stringify(answers[url] ?? {}), { status: 200 });
    }),
  );
  return calls;
}

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
  forgetEarlyForTests();
});

describe("/map's results list asked for by the entry (issue 25 point 7)", () => {
  it("goes out once the card settings are in, and the page's own calls take those answers", async () => {
    const calls = stubServer();
    requestEarly(['/auth/is-authenticated'], ['/configs/site-card']);
    requestEarlyResults('/map');
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls).every((call) => call.csrf === 'csrf')).toBe(true);

    // The page, as it renders: its card settings, then the list's two calls through the client.
    setCsrfToken('csrf');
    const card = await fetchSiteCardConfig();
    const search = { filters: [], scenario: undefined, attributes: cardAttributes(card) };
    await expect(searchSites(firstPageBody(search))).resolves.toEqual({ sites: [], total: 20_000 });
    await expect(fetchMatchingIds(search.filters, search.scenario)).resolves.toEqual({
      ids: ['1', '2'],
      total: 2,
    });
    // Asked for once each: the early answers were the page's.
    expect(posts(calls).map((call) => call.url)).toEqual([
      '/api/v1/search/site/flexible',
      '/api/v1/search/site/ids',
    ]);
    expect(JSON.parse(posts(calls)[0]!.body!)).toEqual({
      filters: [],
      attributes: ['site_name', 'capacity', 'suitability_assessment_result'],
      limit: 50,
    });
    // A second search of the same list asks the server again.
    await searchSites(firstPageBody(search));
    expect(posts(calls)).toHaveLength(3);
  });

  it('asks for nothing when signed out, on another screen, or with a search kept from earlier', async () => {
    for (const [options, path] of [
      [{ signedIn: false }, '/map'],
      [{}, '/table'],
      [{ stored: '{"values":{"status":["Draft"]},"area":null}' }, '/map'],
    ] as const) {
      const calls = stubServer(options);
      requestEarly(['/auth/is-authenticated'], ['/configs/site-card']);
      requestEarlyResults(path);
      // Every early GET answered (and read) before looking for POSTs.
      await vi.waitFor(() => expect(calls.some((call) => call.url.endsWith('/is-authenticated'))).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(posts(calls)).toEqual([]);
      vi.unstubAllGlobals();
    }
  });
});
