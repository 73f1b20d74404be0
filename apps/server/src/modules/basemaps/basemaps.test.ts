import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseMapsConfigSchema,
  encodePmtilesDirectory,
  findPmtilesEntry,
  parsePmtilesDirectory,
  parsePmtilesHeader,
  zxyToTileId,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { auditRows } from '../audit/audit.testing';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { box, writePmtilesArchive } from './basemaps.fixture';
import { fetchUpstreamTile, isPublicAddress } from './basemaps.upstream';

// A stand-in map provider on this machine: answers tiles, errors and web pages by path.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const asked: string[] = [];
let provider: Server;
let providerUrl: string;

let t: TestApp;
let viewer: SignedIn;
let resident: SignedIn;
let tenantName: string;
let tenantId: string;

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
  tenantName = tenant.name;
  tenantId = tenant.id;
  // A ward and a parish (and the district, which gets no label) around the spec's default centre.
  await withTenant(t.database.db, tenant.id, async (trx) => {
    const square = (e: number, n: number, size: number) =>
      sql`ST_Multi(ST_MakeEnvelope(${e}, ${n}, ${e + size}, ${n + size}, 27700))`;
    for (const [kind, name, area] of [
      ['district', 'Testshire', square(554000, 145000, 20000)],
      ['ward', 'Abbey Ward', square(563565, 154359, 2000)],
      ['parish', 'Little Snoring', square(556000, 147000, 3000)],
    ] as const)
      await sql`insert into boundaries (tenant_id, kind, name, geom) values (${tenant.id}, ${kind}, ${name}, ${area})`.execute(
        trx,
      );
  });
  viewer = await signIn(t.app, tenant.name, tenant.email('viewer'));
  resident = await signIn(t.app, tenant.name, tenant.email('resident'));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});

const get = (url: string, as: SignedIn = viewer, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: as.headers(headers) });

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

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(bytes: Buffer, fileName: string, field = 'file') {
  const boundary = `----planning${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// Two z0/z1 tiles: a "water" square over Britain and a "woodland" square in the north-west quarter.
const archive = writePmtilesArchive(
  [
    { z: 0, x: 0, y: 0, layer: 'water', polygons: [box(-10, 49, 5, 60)] },
    { z: 1, x: 0, y: 0, layer: 'woodland', polygons: [box(-100, 10, -20, 60)] },
  ],
  { attribution: '© Test Mapping', name: 'Test map' },
);

describe('PMTiles base maps', () => {
  let admin: SignedIn;
  let otherViewer: SignedIn;
  let otherAdmin: SignedIn;
  let uploaded: { id: string; path: string };

  beforeAll(async () => {
    admin = await signIn(t.app, tenantName, `admin@${tenantName}.test`);
    const other = await buildTenantWithUsers(t.database.db);
    otherViewer = await signIn(t.app, other.name, other.email('viewer'));
    otherAdmin = await signIn(t.app, other.name, other.email('admin'));
  });

  const upload = (bytes: Buffer, fileName = 'map.pmtiles', as: SignedIn = admin, field = 'file') => {
    const body = multipart(bytes, fileName, field);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/basemaps/pmtiles',
      headers: as.headers(body.headers),
      payload: body.payload,
    });
  };

  it('reads back a tile of the archive it wrote by hand (the reader and the writer agree)', () => {
    const header = parsePmtilesHeader(archive.bytes);
    expect(header).toMatchObject({ tileType: 'mvt', minZoom: 0, maxZoom: 1, internalCompression: 'gzip' });
    expect([zxyToTileId(0, 0, 0), zxyToTileId(1, 0, 0), zxyToTileId(1, 0, 1), zxyToTileId(1, 1, 1)]).toEqual([
      0, 1, 2, 3,
    ]);
    expect(zxyToTileId(1, 1, 0)).toBe(4);
    const root = gunzipSync(
      archive.bytes.subarray(
        header.rootDirectoryOffset,
        header.rootDirectoryOffset + header.rootDirectoryLength,
      ),
    );
    const entries = parsePmtilesDirectory(root);
    const entry = findPmtilesEntry(entries, zxyToTileId(1, 0, 0))!;
    const start = header.tileDataOffset + entry.offset;
    expect(archive.bytes.subarray(start, start + entry.length).equals(archive.tileBytes.get('1/0/0')!)).toBe(
      true,
    );
    expect(findPmtilesEntry(entries, zxyToTileId(1, 1, 1))).toBeNull();
    expect(encodePmtilesDirectory(entries)).toEqual(new Uint8Array(root));
  });

  it('takes an administrator’s upload, checked by its content, and lists it', async () => {
    const response = await upload(archive.bytes, 'Test map.pmtiles');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'pmtiles',
      name: 'Test map',
      origin: 'upload',
      tileType: 'mvt',
      minZoom: 0,
      maxZoom: 1,
      attribution: '© Test Mapping',
      vectorLayers: ['water', 'woodland'],
      size: archive.bytes.length,
    });
    uploaded = response.json();
    expect(uploaded.path).toBe(`/basemaps/${uploaded.id}.pmtiles`);
    const list = await get('/basemaps');
    expect(list.statusCode).toBe(200);
    expect(list.json().baseMaps.map((map: { id: string }) => map.id)).toContain(uploaded.id);
  });

  it('answers byte ranges with 206 and Content-Range, whole with 200, and revalidates by ETag', async () => {
    const url = uploaded.path;
    const ranged = await get(url, viewer, { range: 'bytes=0-126' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-126/${archive.bytes.length}`);
    expect(ranged.headers['content-length']).toBe('127');
    expect(ranged.headers['accept-ranges']).toBe('bytes');
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.rawPayload.equals(archive.bytes.subarray(0, 127))).toBe(true);

    // The tile 1/0/0, found through the header and directory, as the browser's protocol does.
    const header = parsePmtilesHeader(ranged.rawPayload);
    const rootAnswer = await get(url, viewer, {
      range: `bytes=${header.rootDirectoryOffset}-${header.rootDirectoryOffset + header.rootDirectoryLength - 1}`,
    });
    const entry = findPmtilesEntry(
      parsePmtilesDirectory(gunzipSync(rootAnswer.rawPayload)),
      zxyToTileId(1, 0, 0),
    )!;
    const start = header.tileDataOffset + entry.offset;
    const tile = await get(url, viewer, { range: `bytes=${start}-${start + entry.length - 1}` });
    expect(tile.statusCode).toBe(206);
    expect(tile.rawPayload.equals(archive.tileBytes.get('1/0/0')!)).toBe(true);

    const suffix = await get(url, viewer, { range: 'bytes=-10' });
    expect(suffix.rawPayload.equals(archive.bytes.subarray(-10))).toBe(true);
    const open = await get(url, viewer, { range: `bytes=${archive.bytes.length - 5}-` });
    expect(open.headers['content-range']).toBe(
      `bytes ${archive.bytes.length - 5}-${archive.bytes.length - 1}/${archive.bytes.length}`,
    );

    const whole = await get(url, viewer, { 'accept-encoding': 'gzip, br' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/vnd.pmtiles');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(archive.bytes)).toBe(true);
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await get(url, viewer, { 'if-none-match': etag })).statusCode).toBe(304);
    // If-Range with a stale ETag: the whole archive, not the range.
    expect((await get(url, viewer, { range: 'bytes=0-9', 'if-range': '"stale"' })).statusCode).toBe(200);
    expect((await get(url, viewer, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
  });

  it('answers 416 with the size for ranges outside the archive or not ranges at all', async () => {
    for (const range of [
      `bytes=${archive.bytes.length}-`,
      'bytes=50-10',
      'bytes=-0',
      'lines=1-2',
      'bytes=x-y',
    ]) {
      const response = await get(uploaded.path, viewer, { range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${archive.bytes.length}`);
      expect(response.json()).toEqual({ message: 'The requested bytes are not in this archive' });
    }
  });

  it('is not found at another council, and refuses residents', async () => {
    const elsewhere = await get(uploaded.path, otherViewer, { range: 'bytes=0-10' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: 'There is no such base map' });
    expect((await get('/basemaps', otherViewer)).json().baseMaps).toEqual([]);
    expect((await get(uploaded.path, resident)).statusCode).toBe(403);
    expect((await get('/basemaps/folder-nothing.pmtiles')).statusCode).toBe(404);
    expect((await get('/basemaps/..%2Fsecret.pmtiles')).statusCode).toBe(400);
  });

  it('refuses an upload that is not a PMTiles v3 archive, a damaged one, and from a non-administrator', async () => {
    const png = await upload(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'map.pmtiles');
    expect(png.statusCode).toBe(400);
    expect(png.json()).toEqual({ message: 'This file is not a PMTiles archive (version 3)' });

    const version2 = Buffer.from(archive.bytes);
    version2[7] = 2;
    expect((await upload(version2)).json()).toEqual({
      message: 'This file is not a PMTiles archive (version 3)',
    });

    // The right magic, then a root directory that points past the end of the tile data.
    const damaged = Buffer.from(archive.bytes.subarray(0, archive.bytes.length - 40));
    const answer = await upload(damaged);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/^This PMTiles archive is damaged: /);

    const garbled = Buffer.from(archive.bytes);
    const header = parsePmtilesHeader(garbled);
    garbled.fill(0xff, header.rootDirectoryOffset, header.rootDirectoryOffset + header.rootDirectoryLength);
    expect((await upload(garbled)).statusCode).toBe(400);

    expect((await upload(archive.bytes, 'map.pmtiles', viewer)).statusCode).toBe(403);
    expect((await upload(archive.bytes, 'map.pmtiles', admin, 'other')).statusCode).toBe(400);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/basemaps/pmtiles',
      headers: admin.headers({ 'content-type': 'application/octet-stream' }),
      payload: archive.bytes,
    });
    expect(notMultipart.statusCode).toBe(415);
    // Nothing of a refused file is kept: not listed, not left in the cache folder.
    const listed = (await get('/basemaps')).json().baseMaps as { id: string; kind: string }[];
    expect(listed.filter((map) => map.kind === 'pmtiles').map((map) => map.id)).toEqual([uploaded.id]);
    const cached = await readdir(path.join(t.config.dataDir, 'basemaps-cache'), { recursive: true });
    expect(cached.filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('serves archives placed in DATA_DIR/basemaps/{council}/ and skips broken ones', async () => {
    const folder = path.join(t.config.dataDir, 'basemaps', tenantName);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'OS Zoomstack.pmtiles'), archive.bytes);
    await writeFile(path.join(folder, 'broken.pmtiles'), Buffer.from('not an archive'));
    await writeFile(path.join(folder, 'readme.txt'), 'ignored');
    const maps = (await get('/basemaps')).json().baseMaps as { id: string; origin: string; name: string }[];
    const folderMaps = maps.filter((map) => map.origin === 'folder');
    expect(folderMaps).toEqual([
      expect.objectContaining({
        id: 'folder-os-zoomstack',
        name: 'Test map',
        path: '/basemaps/folder-os-zoomstack.pmtiles',
      }),
    ]);
    const ranged = await get('/basemaps/folder-os-zoomstack.pmtiles', viewer, { range: 'bytes=0-6' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('PMTiles');
    expect((await get('/basemaps/folder-broken.pmtiles')).statusCode).toBe(404);
    expect((await get('/basemaps/folder-os-zoomstack.pmtiles', otherViewer)).statusCode).toBe(404);
  });

  it('lets an administrator rename an upload, never another council’s or a file placed on the server', async () => {
    const patch = (id: string, name: unknown, as: SignedIn = admin) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/basemaps/${id}`,
        headers: as.headers(),
        payload: { name },
      });
    const renamed = await patch(uploaded.id, '  Council base map  ');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ kind: 'pmtiles', id: uploaded.id, name: 'Council base map' });
    const listed = (await get('/basemaps')).json().baseMaps as { id: string; name: string }[];
    expect(listed.find((map) => map.id === uploaded.id)?.name).toBe('Council base map');

    expect((await patch(uploaded.id, 'Mine now', otherAdmin)).statusCode).toBe(404);
    expect((await patch(uploaded.id, 'Viewer', viewer)).statusCode).toBe(403);
    expect((await patch(uploaded.id, '')).statusCode).toBe(400);
    expect((await patch(uploaded.id, 'x'.repeat(101))).statusCode).toBe(400);
    const folder = await patch('folder-os-zoomstack', 'Renamed');
    expect(folder.statusCode).toBe(400);
    expect(folder.json()).toEqual({
      message: 'This archive was placed on the server: rename or remove its file there',
    });
    const removeFolder = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/basemaps/folder-os-zoomstack',
      headers: admin.headers(),
    });
    expect(removeFolder.statusCode).toBe(400);
    const otherRemoves = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/basemaps/${uploaded.id}`,
      headers: otherAdmin.headers(),
    });
    expect(otherRemoves.statusCode).toBe(404);
  });

  it('lets an administrator remove an upload', async () => {
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/basemaps/${uploaded.id}`,
          headers: viewer.headers(),
        })
      ).statusCode,
    ).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/basemaps/${uploaded.id}`,
      headers: admin.headers(),
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(uploaded.path)).statusCode).toBe(404);
  });
});

describe('style documents and XYZ templates in the council’s config', () => {
  it('accepts http(s) style URLs and XYZ templates, with a key where {key} stands', () => {
    const good = baseMapsConfigSchema.safeParse({
      os: { tiles: 'https://api.os.uk/maps/raster/v1/zxy/Light_3857/{z}/{x}/{y}.png?key={key}', key: 'k' },
      styles: [{ id: 'os-vector', name: 'OS vector', url: 'https://api.os.uk/styles?key={key}', key: 'k' }],
    });
    expect(good.success).toBe(true);
    const bad = [
      { os: { tiles: 'ftp://tiles.example/{z}/{x}/{y}.png' } },
      { os: { tiles: 'javascript:alert(1)//{z}/{x}/{y}' } },
      { os: { tiles: 'https://tiles.example/{z}/{x}.png' } },
      { os: { tiles: 'https://tiles.example/{z}/{x}/{y}.png?key={key}' } },
      { styles: [{ id: 'a', name: 'A', url: 'file:///etc/passwd' }] },
      { styles: [{ id: 'a', name: 'A', url: 'https://styles.example/s.json?key={key}' }] },
      { styles: [{ id: 'Not An Id', name: 'A', url: 'https://styles.example/s.json' }] },
    ];
    for (const config of bad)
      expect(baseMapsConfigSchema.safeParse(config).success, JSON.stringify(config)).toBe(false);
  });

  it('puts the key into style URLs only for those who may read placemaker', async () => {
    const list = await get('/basemaps');
    expect(list.json().baseMaps).toContainEqual({
      kind: 'style',
      id: 'council-vector',
      name: 'Council vector map',
      url: `${providerUrl}/style.json?key=STYLE-KEY`,
      attribution: null,
    });
    expect((await get('/basemaps', resident)).statusCode).toBe(403);
    expect((await get('/basemaps', resident)).body).not.toContain('STYLE-KEY');
    expect((await get('/tenants/current', resident)).body).not.toContain('STYLE-KEY');
  });
});

describe('style documents and XYZ services an administrator adds', () => {
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let otherViewer: SignedIn;
  beforeAll(async () => {
    admin = await signIn(t.app, tenantName, `admin@${tenantName}.test`);
    const other = await buildTenantWithUsers(t.database.db);
    otherAdmin = await signIn(t.app, other.name, other.email('admin'));
    otherViewer = await signIn(t.app, other.name, other.email('viewer'));
  });
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as: SignedIn = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: as.headers(), ...(payload ? { payload } : {}) });

  it('adds a style document and an XYZ service, lists them, and keeps the service’s address and key', async () => {
    const style = await send('POST', '/basemaps/styles', {
      name: 'OS Vector',
      url: 'https://styles.example.org/os.json?key={key}',
      key: 'STYLE-SECRET',
      attribution: '© Crown copyright',
    });
    expect(style.statusCode, style.body).toBe(201);
    expect(style.json()).toEqual({
      kind: 'style',
      id: expect.stringMatching(/^style-[0-9a-f]{8}$/),
      name: 'OS Vector',
      url: 'https://styles.example.org/os.json?key=STYLE-SECRET',
      attribution: '© Crown copyright',
    });
    const raster = await send('POST', '/basemaps/rasters', {
      name: 'Aerial 2024',
      tiles: 'https://tiles.example.net/aerial/{z}/{x}/{y}.jpg?token={key}',
      key: 'RASTER-SECRET',
      attribution: '© Aerial Survey Ltd',
      tileSize: 512,
    });
    expect(raster.statusCode, raster.body).toBe(201);
    const xyz = raster.json() as { id: string; path: string };
    expect(xyz).toEqual({
      kind: 'xyz',
      id: expect.stringMatching(/^xyz-[0-9a-f]{8}$/),
      name: 'Aerial 2024',
      path: `/basemaps/rasters/${xyz.id}/{z}/{x}/{y}`,
      tileSize: 512,
      maxZoom: 19,
      attribution: '© Aerial Survey Ltd',
    });

    const list = await get('/basemaps');
    expect(list.json().baseMaps).toEqual(expect.arrayContaining([style.json(), raster.json()]));
    // The XYZ service's address and key stay on the server.
    expect(list.body).not.toContain('tiles.example.net');
    expect(list.body).not.toContain('RASTER-SECRET');

    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/v1/basemaps/settings',
      headers: admin.headers(),
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().rasters).toEqual([
      {
        id: xyz.id,
        name: 'Aerial 2024',
        tiles: 'https://tiles.example.net/aerial/{z}/{x}/{y}.jpg?token={key}',
        attribution: '© Aerial Survey Ltd',
        tileSize: 512,
        maxZoom: 19,
        hasKey: true,
      },
    ]);
    expect(settings.json().styles).toContainEqual(
      expect.objectContaining({
        name: 'OS Vector',
        url: 'https://styles.example.org/os.json?key={key}',
        hasKey: true,
      }),
    );
    expect(settings.json().providers.map((provider: { layer: string }) => provider.layer)).toEqual([
      'os',
      'satellite',
      'terrain',
    ]);
    expect(settings.body).not.toMatch(/SECRET/);
    expect((await get('/basemaps/settings')).statusCode).toBe(403);

    // Renamed, then removed; another council sees none of it and can change none of it.
    const renamed = await send('PATCH', `/basemaps/${xyz.id}`, { name: 'Aerial photography' });
    expect(renamed.json()).toMatchObject({ kind: 'xyz', id: xyz.id, name: 'Aerial photography' });
    expect((await send('PATCH', `/basemaps/${xyz.id}`, { name: 'Taken' }, otherAdmin)).statusCode).toBe(404);
    expect((await send('DELETE', `/basemaps/${xyz.id}`, undefined, otherAdmin)).statusCode).toBe(404);
    expect((await get('/basemaps', otherViewer)).body).not.toContain('Aerial');
    expect((await get(`/basemaps/rasters/${xyz.id}/3/1/1`, otherViewer)).statusCode).toBe(404);
    expect((await send('DELETE', `/basemaps/${xyz.id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/basemaps/${xyz.id}`)).statusCode).toBe(404);
    expect((await get(`/basemaps/rasters/${xyz.id}/3/1/1`)).statusCode).toBe(404);
    const styleId = (style.json() as { id: string }).id;
    expect((await send('DELETE', `/basemaps/${styleId}`)).statusCode).toBe(204);
    const left = (await get('/basemaps')).json().baseMaps as { id: string }[];
    expect(left.map((map) => map.id)).not.toContain(styleId);
    // The council's own configured style is untouched.
    expect(left.map((map) => map.id)).toContain('council-vector');
    // Each change is in the audit log: who, what and which; never an address or its key.
    const summaries = async (action: 'basemap.create' | 'basemap.rename' | 'basemap.delete') =>
      (await auditRows(t.database.db, tenantId, action))
        .filter((row) => row.target_id === xyz.id || row.target_id === styleId)
        .map((row) => row.summary);
    expect(await summaries('basemap.create')).toEqual([
      "Added base map 'Aerial 2024' (XYZ tiles)",
      "Added base map 'OS Vector' (style document)",
    ]);
    expect(await summaries('basemap.rename')).toEqual(["Renamed base map to 'Aerial photography'"]);
    expect(await summaries('basemap.delete')).toEqual([
      `Removed base map ${styleId}`,
      `Removed base map ${xyz.id}`,
    ]);
    const [added] = await auditRows(t.database.db, tenantId, 'basemap.create');
    expect(added?.actor_email).toBe(`admin@${tenantName}.test`);
    expect(JSON.stringify(await auditRows(t.database.db, tenantId, 'basemap.create'))).not.toMatch(/SECRET/);
  });

  it('refuses addresses that are not https on the public internet, templates without {z}/{x}/{y}, and no attribution', async () => {
    const raster = (tiles: string, extra: Record<string, unknown> = {}) =>
      send('POST', '/basemaps/rasters', { name: 'R', tiles, attribution: '© R', ...extra });
    const cases: Array<[Promise<{ statusCode: number; json: () => unknown }>, string]> = [
      [raster('http://tiles.example.net/{z}/{x}/{y}.png'), 'Give an https:// address'],
      [
        raster('https://127.0.0.1/{z}/{x}/{y}.png'),
        'The address must be a public internet address, not this network or this machine',
      ],
      [
        raster('https://localhost:8443/{z}/{x}/{y}.png'),
        'The address must be a public internet address, not this network or this machine',
      ],
      [
        raster('https://192.168.1.20/{z}/{x}/{y}.png'),
        'The address must be a public internet address, not this network or this machine',
      ],
      [
        raster('https://127.1/{z}/{x}/{y}.png'),
        'The address must be a public internet address, not this network or this machine',
      ],
      [
        raster('https://2130706433/{z}/{x}/{y}.png'),
        'The address must be a public internet address, not this network or this machine',
      ],
      [raster('https://tiles.example.net/{z}/{x}.png'), 'The address must contain {z}, {x} and {y}'],
      [
        raster('https://tiles.example.net/{z}/{x}/{y}.png?key={key}'),
        'The address has {key}: give the key as well',
      ],
      [
        send('POST', '/basemaps/rasters', { name: 'R', tiles: 'https://tiles.example.net/{z}/{x}/{y}.png' }),
        'Say whose map it is: give its attribution (for example © Ordnance Survey)',
      ],
      [
        send('POST', '/basemaps/styles', { name: 'S', url: 'javascript:alert(1)' }),
        'URL must start with http:// or https://',
      ],
      [
        send('POST', '/basemaps/styles', { name: 'S', url: 'https://10.0.0.5/style.json' }),
        'The address must be a public internet address, not this network or this machine',
      ],
    ];
    for (const [answer, message] of cases) {
      const response = await answer;
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json()), message).toContain(message);
    }
    const body = { name: 'S', url: 'https://styles.example.org/s.json' };
    expect((await send('POST', '/basemaps/styles', body, viewer)).statusCode).toBe(403);
    expect((await send('POST', '/basemaps/styles', body, resident)).statusCode).toBe(403);
    expect(
      (await send('POST', '/basemaps/rasters', { ...body, tiles: 'https://a.example/{z}/{x}/{y}' }, viewer))
        .statusCode,
    ).toBe(403);
    expect((await send('DELETE', '/basemaps/council-vector', undefined, viewer)).statusCode).toBe(403);
  });

  it('connects to public internet addresses only for an administrator’s service, whatever its name resolves to', async () => {
    expect(
      [
        '127.0.0.1',
        '10.2.3.4',
        '172.20.0.1',
        '192.168.0.9',
        '169.254.169.254',
        '::1',
        'fd00::1',
        '::ffff:127.0.0.1',
      ].map(isPublicAddress),
    ).toEqual([false, false, false, false, false, false, false, false]);
    expect(['8.8.8.8', '2a00:1450:4009:81b::200e'].map(isPublicAddress)).toEqual([true, true]);
    // A name that resolves to this machine (as a rebound name would) is refused as it connects.
    const refused = await fetchUpstreamTile(`https://localhost:${new URL(providerUrl).port}/os/1/0/0.png`, {
      publicOnly: true,
    });
    expect(refused).toMatchObject({ kind: 'bad', reason: expect.stringMatching(/not a public address/) });
    // The same address, set up with the council by the platform, may be local.
    const allowed = await fetchUpstreamTile(`${providerUrl}/os/1/0/0.png`, { publicOnly: false });
    expect(allowed).toMatchObject({ kind: 'tile', type: 'image/png' });

    // Through the route: a service that cannot be reached is the provider not answering.
    const unreachable = await send('POST', '/basemaps/rasters', {
      name: 'Nowhere',
      tiles: 'https://tiles.invalid/{z}/{x}/{y}.png',
      attribution: '© Nobody',
    });
    const { id } = unreachable.json() as { id: string };
    const answer = await get(`/basemaps/rasters/${id}/1/0/0`);
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({ message: 'The map provider did not answer' });
    expect((await get(`/basemaps/rasters/${id}/1/2/0`)).statusCode).toBe(400);
    expect((await get(`/basemaps/rasters/${id}/1/0/0`, resident)).statusCode).toBe(403);
    expect((await send('DELETE', `/basemaps/${id}`)).statusCode).toBe(204);
  });
});

describe('labels of the offline map', () => {
  it('gives a point inside each ward, parish and neighbourhood, never the district', async () => {
    const response = await get('/basemaps/labels');
    expect(response.statusCode).toBe(200);
    const features = response.json().features as {
      geometry: { coordinates: [number, number] };
      properties: { kind: string; name: string };
    }[];
    expect(features.map((feature) => feature.properties)).toEqual([
      { kind: 'parish', name: 'Little Snoring' },
      { kind: 'ward', name: 'Abbey Ward' },
    ]);
    const [lon, lat] = features[1]!.geometry.coordinates;
    expect(lon).toBeCloseTo(0.3637, 1);
    expect(lat).toBeCloseTo(51.27, 1);
    expect((await get('/basemaps/labels', resident)).statusCode).toBe(403);
  });
});
