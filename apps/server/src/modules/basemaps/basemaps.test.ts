import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// A stand-in map provider on this machine: answers tiles, errors and web pages by path.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const asked: string[] = [];
let provider: Server;
let providerUrl: string;

let t: TestApp;
let viewer: SignedIn;
let resident: SignedIn;

beforeAll(async () => {
  provider = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url?.startsWith('/os/'))
      return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (request.url?.startsWith('/gap/')) return response.writeHead(404).end();
    return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db, {
    baseMaps: {
      os: { tiles: `${providerUrl}/os/{z}/{x}/{y}.png?key=SECRET-KEY`, attribution: '© Crown copyright' },
      satellite: { tiles: `${providerUrl}/portal/{z}/{x}/{y}`, tileSize: 256, maxZoom: 23 },
      terrain: { tiles: `${providerUrl}/gap/{z}/{x}/{y}.png`, tileSize: 512, encoding: 'terrarium' },
    },
  });
  viewer = await signIn(t.app, tenant.name, tenant.email('viewer'));
  resident = await signIn(t.app, tenant.name, tenant.email('resident'));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});

const get = (url: string, as: SignedIn = viewer) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: as.headers() });

describe('council base maps', () => {
  it('tells the browser which base maps exist, never their addresses or keys', async () => {
    const response = await get('/tenants/current');
    expect(response.json().tenant.baseMaps).toEqual([
      { layer: 'os', tileSize: 256, maxZoom: 19, attribution: '© Crown copyright' },
      { layer: 'satellite', tileSize: 256, maxZoom: 23, attribution: null },
      { layer: 'terrain', tileSize: 512, maxZoom: 19, attribution: null, encoding: 'terrarium' },
    ]);
    expect(response.body).not.toContain('SECRET-KEY');
    expect(response.body).not.toContain(providerUrl);
  });

  it('fetches a tile from the provider with the council’s key, and passes it on', async () => {
    const response = await get('/basemaps/os/5/10/12');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(PNG)).toBe(true);
    expect(asked).toContain('/os/5/10/12.png?key=SECRET-KEY');
  });

  it('answers 204 where the provider has no tile, 502 when it answers with something else', async () => {
    expect((await get('/basemaps/terrain/3/1/1')).statusCode).toBe(204);
    const page = await get('/basemaps/satellite/3/1/1');
    expect(page.statusCode).toBe(502);
    expect(page.json()).toEqual({ message: 'The map provider did not answer' });
  });

  it('refuses tiles outside the world, unknown layers and residents', async () => {
    expect((await get('/basemaps/os/3/8/0')).statusCode).toBe(400);
    expect((await get('/basemaps/os/24/0/0')).statusCode).toBe(400);
    expect((await get('/basemaps/streetview/3/1/1')).statusCode).toBe(400);
    expect((await get('/basemaps/os/3/1/1', resident)).statusCode).toBe(403);
  });

  it('says so when the council has not set a base map up', async () => {
    const other = await buildTenantWithUsers(t.database.db);
    const someone = await signIn(t.app, other.name, other.email('viewer'));
    const response = await get('/basemaps/os/3/1/1', someone);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This base map is not set up for your council' });
  });
});
