import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../db/tenant-transaction';
import { buildTenantWithUsers } from '../../test/factories';
import { signIn, type SignedIn } from '../../test/sessions';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { demoDistrict } from '../modules/sites/sites.generator';
import { seedSites } from '../modules/sites/sites.seed';
import { tileBounds } from '../modules/tiles/tiles.render';

// A built web app as Vite and the build's precompression leave it: each text file with .br and .gz.
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const indexHtml = `<!doctype html><html><head><title>App</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
// Zeros compress to nothing: a PNG is still never compressed again, whatever its bytes.
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(8000)]);

async function writeWebApp(dir: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await mkdir(path.join(dir, 'brand'), { recursive: true });
  for (const [name, text] of [
    ['assets/index-AbC123.js', script],
    ['index.html', indexHtml],
  ] as const) {
    await writeFile(path.join(dir, name), text);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  await writeFile(path.join(dir, 'brand/map.png'), png);
}

// A large answer in and out of /auth/, for the rule that session answers are never compressed.
const large = { words: 'planning '.repeat(1000) };
const probes: FastifyPluginAsyncZod = async (app) => {
  for (const url of ['/probe/large', '/auth/probe-large'])
    app.get(url, { config: { tenant: false, public: true } }, async () => large);
};

let t: TestApp;
let webDir: string;
let viewer: SignedIn;
let tenantName: string;
/** The z8 tile holding the first site: a point per occupied grid cell, well over 1 kB. */
let tile: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'planning-web-'));
  await writeWebApp(webDir);
  t = await buildTestApp({ env: { WEB_DIST_DIR: webDir }, extraApiRoutes: [probes] });
  const tenant = await buildTenantWithUsers(t.database.db);
  tenantName = tenant.name;
  await seedSites(t.database.db, tenant.id, demoDistrict, 200);
  viewer = await signIn(t.app, tenant.name, tenant.email('viewer'));
  const point = await withTenant(t.database.db, tenant.id, async (trx) => {
    const { rows } = await sql<{ x: number; y: number }>`
      select ST_X(point_3857) as x, ST_Y(point_3857) as y from sites order by id limit 1`.execute(trx);
    return rows[0]!;
  });
  const world = tileBounds(0, 0, 0);
  const size = world.size / 2 ** 8;
  tile = `8/${Math.floor((point.x - world.minX) / size)}/${Math.floor((world.maxY - point.y) / size)}`;
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The body as the browser would read it, whatever the encoding. */
function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  expect(encoding ?? 'identity').toBe('identity');
  return response.rawPayload;
}

/** Chromium's header, then each encoding alone, then none. */
const encodings = [
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip', 'gzip'],
  ['br;q=0.5, gzip;q=1', 'gzip'],
  [undefined, undefined],
] as const;

describe('the built web app', () => {
  it.each(encodings)(
    'sends fingerprinted assets precompressed by accept-encoding %s, cached for a year',
    async (accept, expected) => {
      const response = await get('/assets/index-AbC123.js', accept ? { 'accept-encoding': accept } : {});
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(decoded(response).toString()).toBe(script);
      if (expected) expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    },
  );

  it('answers index.html, the root and every client-side route with no-cache, precompressed', async () => {
    for (const url of ['/', '/map', '/sign-in']) {
      const response = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['vary'], url).toMatch(/accept-encoding/i);
      expect(decoded(response).toString(), url).toBe(indexHtml);
    }
  });

  it('never compresses an image', async () => {
    const response = await get('/brand/map.png', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.rawPayload.equals(png)).toBe(true);
  });
});

describe('API answers', () => {
  const search = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/search/site/flexible',
      headers: viewer.headers(headers),
      payload: { attributes: ['site_name', 'status', 'ward'], limit: 200 },
    });

  it.each(encodings)(
    'compresses a signed-in search by accept-encoding %s, kept by no cache',
    async (accept, expected) => {
      const plain = await search();
      const response = await search(accept ? { 'accept-encoding': accept } : {});
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['cache-control']).toBe('private, no-store');
      if (expected) {
        expect(response.headers['vary']).toMatch(/accept-encoding/i);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      }
      expect(JSON.parse(decoded(response).toString())).toEqual(plain.json());
    },
  );

  it('marks every signed-in answer that sets no policy of its own private, no-store', async () => {
    for (const url of ['/api/v1/auth/user', '/api/v1/data-dictionary', '/api/v1/scenarios']) {
      const response = await get(url, viewer.headers());
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
    // Signing in sets the session cookie: never stored either.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/firebase-auth/login',
      headers: { 'x-tenant': tenantName },
      payload: { email: `viewer@${tenantName}.test`, password: 'Password123!' },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('lets public answers be kept but checked each time, and leaves small ones uncompressed', async () => {
    for (const url of ['/api/v1/health', '/api/v1/tenants']) {
      const response = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // The council list grows with every council the run's other files make (one PostgreSQL
    // database for the whole run), so the size rule is checked on health, which never grows.
    const small = await get('/api/v1/health', { 'accept-encoding': 'gzip, deflate, br' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a large answer, except session answers (they carry the CSRF token: BREACH)', async () => {
    const headers = { 'accept-encoding': 'br' };
    const open = await get('/api/v1/probe/large', headers);
    expect(open.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(open).toString())).toEqual(large);
    const auth = await get('/api/v1/auth/probe-large', headers);
    expect(auth.headers['content-encoding']).toBeUndefined();
    expect(auth.json()).toEqual(large);
  });

  it('compresses vector tiles and keeps their ETag and private, no-cache', async () => {
    const url = `/api/v1/vector-tiles/sites/${tile}`;
    const plain = await get(url, viewer.headers());
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await get(url, viewer.headers({ 'accept-encoding': accept }));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers['etag']).toBe(plain.headers['etag']);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(decoded(response).equals(plain.rawPayload)).toBe(true);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    }
  });
});
