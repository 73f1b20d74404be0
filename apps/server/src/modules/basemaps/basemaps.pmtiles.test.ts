import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  encodePmtilesDirectory,
  findPmtilesEntry,
  parsePmtilesDirectory,
  parsePmtilesHeader,
  zxyToTileId,
} from '@planning/shared';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { box, writePmtilesArchive } from './basemaps.fixture';
import { basemapsTestBed } from './basemaps.testing';

const { t, tenant, viewer, resident, get } = basemapsTestBed();

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
    admin = await signIn(t.app, tenant.name, `admin@${tenant.name}.test`);
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
    const folder = path.join(t.config.dataDir, 'basemaps', tenant.name);
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
