import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { withTenant } from '../../db/tenant-transaction';
import { madeBeforeAll, type Tenant } from '../../../test/consultation-setup';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/** The tile the stand-in map provider answers. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/**
 * The scene the base-map test files start from: a stand-in map provider on this machine (answers
 * tiles, errors and web pages by path, and records what it was asked), the real app, and a council
 * whose base maps point at the provider, with a ward and a parish, and its viewer and resident
 * signed in. Call it once at the top of the file: it registers the beforeAll that builds the scene
 * and the afterAll that closes it.
 */
export function basemapsTestBed() {
  const t = madeBeforeAll<TestApp>('the test app');
  const tenant = madeBeforeAll<Tenant>('the council');
  const viewer = madeBeforeAll<SignedIn>("the viewer's session");
  const resident = madeBeforeAll<SignedIn>("the resident's session");
  const provider = madeBeforeAll<{ url: string; asked: string[]; server: Server }>('the map provider');

  beforeAll(async () => {
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url ?? '');
      if (request.url?.startsWith('/os/'))
        return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (request.url?.startsWith('/gap/')) return response.writeHead(404).end();
      return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const providerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    provider.make({ url: providerUrl, asked, server });

    const app = await buildTestApp();
    t.make(app);
    const council = await buildTenantWithUsers(app.database.db, {
      baseMaps: {
        os: {
          tiles: `${providerUrl}/os/{z}/{x}/{y}.png?key={key}`,
          key: 'SECRET-KEY',
          attribution: '© Crown copyright',
        },
        satellite: { tiles: `${providerUrl}/portal/{z}/{x}/{y}`, tileSize: 256, maxZoom: 23 },
        terrain: { tiles: `${providerUrl}/gap/{z}/{x}/{y}.png`, tileSize: 512, encoding: 'terrarium' },
        styles: [
          {
            id: 'council-vector',
            name: 'Council vector map',
            url: `${providerUrl}/style.json?key={key}`,
            key: 'STYLE-KEY',
          },
        ],
      },
    });
    tenant.make(council);
    // A ward and a parish (and the district, which gets no label) around the spec's default centre.
    await withTenant(app.database.db, council.id, async (trx) => {
      const square = (e: number, n: number, size: number) =>
        sql`ST_Multi(ST_MakeEnvelope(${e}, ${n}, ${e + size}, ${n + size}, 27700))`;
      for (const [kind, name, area] of [
        ['district', 'Testshire', square(554000, 145000, 20000)],
        ['ward', 'Abbey Ward', square(563565, 154359, 2000)],
        ['parish', 'Little Snoring', square(556000, 147000, 3000)],
      ] as const)
        await sql`insert into boundaries (tenant_id, kind, name, geom) values (${council.id}, ${kind}, ${name}, ${area})`.execute(
          trx,
        );
    });
    viewer.make(await signIn(app.app, council.name, council.email('viewer')));
    resident.make(await signIn(app.app, council.name, council.email('resident')));
  });
  afterAll(async () => {
    await t.made()?.close();
    const server = provider.made()?.server;
    if (server) await new Promise((resolve) => server.close(resolve));
  });

  const get = (url: string, as: SignedIn = viewer.handle, headers: Record<string, string> = {}) =>
    t.handle.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: as.headers(headers) });

  return {
    t: t.handle,
    tenant: tenant.handle,
    viewer: viewer.handle,
    resident: resident.handle,
    provider: provider.handle,
    get,
  };
}
