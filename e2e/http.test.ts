import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughApi, startRunningApp, type RunningApp } from './support/running-app';

// The built app as `npm start` serves it, over real HTTP with real accept-encoding headers.
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
/** Each page's JavaScript on the wire, brotli: 1.1 MB before the app was split by screen. */
const SIGNED_OUT_JS_BUDGET = 400_000;

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET whose body is left as sent (fetch would decompress it). */
function getRaw(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    httpRequest(`${running.baseUrl}${url}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** A fresh browser page with the demo council chosen, every response kept, not yet navigated. */
async function newTenantPage(): Promise<{ page: Page; responses: Response[] }> {
  const page = await running.newPage();
  await page.addInitScript(() => window.localStorage.setItem('tenantName', 'demo'));
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  return { page, responses };
}

const isScript = (response: Response) => /\.m?js$/.test(new URL(response.url()).pathname);

describe('HTTP done properly', () => {
  it('sends every built script, style and the page precompressed (brotli, gzip), assets cached for a year', async () => {
    const assets = (await readdir(path.join(dist, 'assets'))).filter((file) => /\.(m?js|css)$/.test(file));
    expect(assets.length).toBeGreaterThan(5);
    const decoders = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const;
    for (const file of assets) {
      const original = await readFile(path.join(dist, 'assets', file));
      for (const [accept, encoding, decode] of decoders) {
        const response = await getRaw(`/assets/${file}`, { 'accept-encoding': accept });
        expect(response.status, file).toBe(200);
        expect(response.headers['content-encoding'], file).toBe(encoding);
        expect(response.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
        expect(response.headers['vary'], file).toMatch(/accept-encoding/i);
        expect(decode(response.body).equals(original), file).toBe(true);
      }
    }
    const page = await getRaw('/map', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body).equals(await readFile(path.join(dist, 'index.html')))).toBe(true);
  });

  it('loads no map code on the sign-in page or the council picker, and little JavaScript', async () => {
    for (const route of ['/sign-in', '/select-tenant']) {
      const { page, responses } = await newTenantPage();
      await page.goto(`${running.baseUrl}${route}`);
      await page.waitForLoadState('networkidle');
      const scripts = responses.filter(isScript);
      expect(
        scripts.map((response) => response.url()).filter((url) => /maplibre|SiteSearch/.test(url)),
      ).toEqual([]);
      let bytes = 0;
      for (const script of scripts) {
        expect(script.headers()['content-encoding'], script.url()).toBe('br');
        bytes += (await script.request().sizes()).responseBodySize;
      }
      expect(bytes, route).toBeLessThan(SIGNED_OUT_JS_BUDGET);
      await page.context().close();
    }
  });

  it('opens /map with its code fetched beside the app, and compressed search answers no cache keeps', async () => {
    const { page, responses } = await newTenantPage();
    await signInThroughApi(running, page, 'demo', 'officer');
    // When the app first puts anything in its root.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const root = document.getElementById('root');
        if (root && root.childElementCount > 0) {
          (window as Window & { appRendered?: number }).appRendered = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${running.baseUrl}/map`);
    await page.waitForFunction(
      () => /^[\d,]+ sites? found$/.test(document.querySelector('.site-results__count')?.textContent ?? ''),
      null,
      { timeout: 60_000 },
    );

    // No waterfall: the map library is asked for before the app's React code has even arrived.
    const timings = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        name: entry.name,
        start: entry.startTime,
        end: (entry as PerformanceResourceTiming).responseEnd,
      })),
    );
    const appRendered = await page.evaluate(
      () => (window as Window & { appRendered?: number }).appRendered ?? Infinity,
    );
    expect(appRendered).toBeLessThan(Infinity);
    const mapLibrary = timings.find((entry) => /\/assets\/maplibre-[^/]*\.js$/.test(entry.name));
    const react = timings.find((entry) => /\/assets\/react-[^/]*\.js$/.test(entry.name));
    expect(mapLibrary, timings.map((entry) => entry.name).join(' ')).toBeDefined();
    expect(mapLibrary!.start).toBeLessThan(react!.end);
    // Nor for the data: who is signed in, the menus' access and the map's settings are asked for
    // by the entry too, not each after the app has started and the answer before it arrived.
    for (const data of [
      '/api/v1/auth/user',
      '/api/v1/policy/access?resource=placemaker&action=read',
      '/api/v1/configs/site-card',
    ]) {
      const asked = timings.filter((entry) => entry.name.endsWith(data));
      expect(asked.length, data).toBe(1);
      // Before the app has rendered anything: the app itself would ask only once mounted. (Not
      // before React's script has arrived: these wait for the session's answer, which a loaded
      // machine gave after React's 96 kB had come in, in a full run.)
      expect(asked[0]!.start, data).toBeLessThan(appRendered);
    }

    for (const script of responses.filter(isScript))
      expect(script.headers()['content-encoding'], script.url()).toBe('br');
    const searches = responses.filter((response) => response.url().endsWith('/api/v1/search/site/flexible'));
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) {
      expect(search.headers()['content-encoding']).toBe('br');
      expect(search.headers()['cache-control']).toBe('private, no-store');
    }
    await page.context().close();
  });
});
