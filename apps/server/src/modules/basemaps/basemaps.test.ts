import { beforeAll, describe, expect, it } from 'vitest';
import { baseMapsConfigSchema } from '@planning/shared';
import { auditRows } from '../audit/audit.testing';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { basemapsTestBed, PNG } from './basemaps.testing';
import { fetchUpstreamTile, isPublicAddress } from './basemaps.upstream';

const { t, tenant, viewer, resident, provider, get } = basemapsTestBed();

describe('council base maps', () => {
  it('tells the browser which base maps exist, never their addresses or keys', async () => {
    const response = await get('/tenants/current');
    expect(response.json().tenant.baseMaps).toEqual([
      { layer: 'os', tileSize: 256, maxZoom: 19, attribution: '© Crown copyright' },
      { layer: 'satellite', tileSize: 256, maxZoom: 23, attribution: null },
      { layer: 'terrain', tileSize: 512, maxZoom: 19, attribution: null, encoding: 'terrarium' },
    ]);
    expect(response.body).not.toContain('SECRET-KEY');
    expect(response.body).not.toContain(provider.url);
  });

  it('fetches a tile from the provider with the council’s key, and passes it on', async () => {
    const response = await get('/basemaps/os/5/10/12');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(PNG)).toBe(true);
    expect(provider.asked).toContain('/os/5/10/12.png?key=SECRET-KEY');
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
      url: `${provider.url}/style.json?key=STYLE-KEY`,
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
    admin = await signIn(t.app, tenant.name, `admin@${tenant.name}.test`);
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
      (await auditRows(t.database.db, tenant.id, action))
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
    const [added] = await auditRows(t.database.db, tenant.id, 'basemap.create');
    expect(added?.actor_email).toBe(`admin@${tenant.name}.test`);
    expect(JSON.stringify(await auditRows(t.database.db, tenant.id, 'basemap.create'))).not.toMatch(/SECRET/);
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
    const refused = await fetchUpstreamTile(`https://localhost:${new URL(provider.url).port}/os/1/0/0.png`, {
      publicOnly: true,
    });
    expect(refused).toMatchObject({ kind: 'bad', reason: expect.stringMatching(/not a public address/) });
    // The same address, set up with the council by the platform, may be local.
    const allowed = await fetchUpstreamTile(`${provider.url}/os/1/0/0.png`, { publicOnly: false });
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
