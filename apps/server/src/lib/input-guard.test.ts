import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinateMessages, INPUT_DEPTH_MAX, inputMessages } from '@planning/shared';
import { buildTenantWithUsers } from '../../test/factories';
import { signIn, type SignedIn } from '../../test/sessions';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { demoDistrict } from '../modules/sites/sites.generator';
import { seedSites } from '../modules/sites/sites.seed';
import { inputIssues } from './input-guard';

// Each input below answered 500 before the input guard and the coordinate rules (issue 10).

let t: TestApp;
let admin: SignedIn;
let tenantName: string;
beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  tenantName = tenant.name;
  await seedSites(t.database.db, tenant.id, demoDistrict, 10);
  admin = await signIn(t.app, tenant.name, tenant.email('admin'));
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST', url: string, body?: string | object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: admin.headers(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    ...(body === undefined ? {} : { payload: body }),
  });

/** A filter list nested `depth` groups deep, as JSON text (too deep for JSON.stringify's recursion). */
const nestedGroups = (depth: number) =>
  '{"type":"group","operator":"_and","filters":['.repeat(depth) +
  '{"type":"checkbox","dbPropertyName":"public_map_visibility","value":true}' +
  ']}'.repeat(depth);
const area = ([lon, lat]: [number, number]) => ({
  type: 'inArea',
  value: {
    type: 'Polygon',
    coordinates: [
      [
        [lon, lat],
        [lon + 1, lat],
        [lon, lat + 1],
        [lon, lat],
      ],
    ],
  },
});
const text = (value: string) => ({ type: 'text', dbPropertyName: 'site_name', value });
const tileUrl = '/vector-tiles/sites/14/8200/5450';

describe('a NUL character in any text', () => {
  it.each<[string, 'GET' | 'POST', string, (string | object)?]>([
    ['a text filter', 'POST', '/search/site/flexible', { filters: [text('a\u0000b')] }],
    [
      'a select filter',
      'POST',
      '/search/site/flexible',
      { filters: [{ type: 'select', dbPropertyName: 'status', value: '\u0000' }] },
    ],
    [
      'a list filter',
      'POST',
      '/search/site/ids',
      { filters: [{ type: 'checkboxesList', dbPropertyName: 'status', value: ['a\u0000'] }] },
    ],
    ['the scenario', 'POST', '/search/site/flexible', { scenario: 'Base\u0000' }],
    ['a JSON escape', 'POST', '/search/site/flexible', '{"scenario":"\\u0000"}'],
    ['a template name', 'POST', '/search/site-search-templates', { name: 'a\u0000', filters: [] }],
    ['the tile search', 'POST', tileUrl, { scenario: '\u0000' }],
    ['q in a query string', 'GET', '/search/site?q=a%00b'],
    ['scenario in a query string', 'GET', '/search/site?q=a&scenario=%00'],
    ['search options', 'GET', '/search/search-options?fields=ward&scenario=Base%00'],
    ['a tile query', 'GET', `${tileUrl}?scenario=%00`],
    [
      'JSON in a tile query',
      'GET',
      `${tileUrl}?filters[]=${encodeURIComponent('{"type":"text","dbPropertyName":"site_name","value":"\\u0000"}')}`,
    ],
    ['a path parameter', 'GET', '/search/extent/1%00'],
    ['a key', 'POST', '/search/site/flexible', { filters: [], 'x\u0000': 1 }],
  ])('in %s is a 400 that says so', async (_name, method, url, body) => {
    const response = await send(method, url, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(inputMessages.nulCharacter);
  });

  it('in sign-up details the server keeps (about, meta) is a 400', async () => {
    const signUp = (extra: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/firebase-auth/signup',
        headers: { 'x-tenant': tenantName },
        payload: {
          email: `someone-${Math.random().toString(36).slice(2)}@example.test`,
          password: 'Password123!',
          confirmPassword: 'Password123!',
          name: 'Ann Other',
          phone: '020 7946 0958',
          ...extra,
        },
      });
    for (const extra of [{ about: { bio: 'a\u0000' } }, { meta: { 'key\u0000': 1 } }]) {
      const response = await signUp(extra);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(inputMessages.nulCharacter);
    }
    const surrogate = await signUp({ meta: { source: '\udc00' } });
    expect(surrogate.statusCode, surrogate.body).toBe(400);
    expect(surrogate.json()).toEqual({
      message: inputMessages.invalidCharacter,
      issues: [{ path: 'body.meta.source', message: inputMessages.invalidCharacter }],
    });
  });
});

describe('a lone UTF-16 surrogate in any text', () => {
  it.each<[string, 'GET' | 'POST', string, (string | object)?]>([
    ['a text filter', 'POST', '/search/site/flexible', { filters: [text('a\ud800b')] }],
    ['a JSON escape', 'POST', '/search/site/flexible', '{"scenario":"\\ud800"}'],
    ['a template name', 'POST', '/search/site-search-templates', { name: 'x\udfff', filters: [] }],
    [
      'JSON in a tile query',
      'GET',
      `${tileUrl}?searchParams=${encodeURIComponent('{"scenario":"\\udbff"}')}`,
    ],
  ])('in %s is a 400 that says so', async (_name, method, url, body) => {
    const response = await send(method, url, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(inputMessages.invalidCharacter);
  });

  it('in a query string: NUL is refused; a surrogate in bytes arrives as U+FFFD; broken escapes are no 500', async () => {
    expect((await send('GET', '/search/site?q=%00')).statusCode).toBe(400);
    // %ED%A0%80 is not UTF-8: the query parser decodes it to replacement characters.
    expect((await send('GET', '/search/site?q=%ED%A0%80')).statusCode).toBe(200);
    for (const broken of ['%', '%ZZ', '%E0%A4%A', '%FF', '%C0%80']) {
      const response = await send('GET', `/search/site?q=a${broken}`);
      expect(response.statusCode, broken).toBeLessThan(500);
    }
  });
});

describe('search areas outside WGS84', () => {
  it.each<[string, [number, number], string]>([
    ['[400, 200]', [400, 200], coordinateMessages.longitude],
    ['1e308', [1e308, 1e308], coordinateMessages.longitude],
    ['-1e308', [-1e308, 0], coordinateMessages.longitude],
    ['a latitude of 95', [0, 95], coordinateMessages.latitude],
  ])(
    '%s is a 400 naming the coordinate, in searches, ids, templates and tiles',
    async (_name, at, message) => {
      for (const [method, url, body] of [
        ['POST', '/search/site/flexible', { filters: [area(at)] }],
        ['POST', '/search/site/ids', { filters: [area(at)] }],
        ['POST', '/search/site-search-templates', { name: `Area ${at.join(' ')}`, filters: [area(at)] }],
        ['POST', tileUrl, { filters: [area(at)] }],
        ['GET', `${tileUrl}?filters[]=${encodeURIComponent(JSON.stringify(area(at)))}`],
        ['GET', `${tileUrl}?searchParams=${encodeURIComponent(JSON.stringify({ filters: [area(at)] }))}`],
      ] as const) {
        const response = await send(method, url, body);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
        expect(response.json().issues.map((issue: { message: string }) => issue.message)).toContain(message);
      }
    },
  );

  it('takes any area within the edges of the world', async () => {
    const world = {
      type: 'inArea',
      value: {
        type: 'Polygon',
        coordinates: [
          [
            [-180, -90],
            [180, -90],
            [180, 90],
            [-180, 90],
            [-180, -90],
          ],
        ],
      },
    };
    const response = await send('POST', '/search/site/flexible', { filters: [world], limit: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total).toBe(10);
    // Far from Britain the grid's projection fails (here 90° from its central meridian): the area
    // matches nothing rather than failing.
    for (const url of ['/search/site/flexible', '/search/site/ids', tileUrl, '/vector-tiles/sites/3/3/3']) {
      const far = await send('POST', url, { filters: [area([87.9, -0.1])] });
      expect(far.statusCode, `${url}: ${far.body}`).toBeLessThan(300);
    }
  });
});

describe('filter groups nested thousands deep', () => {
  it('is a 400 at 65 and at 10,000 groups deep, in a search body and a tile query', async () => {
    for (const depth of [65, 10_000]) {
      const body = await send('POST', '/search/site/flexible', `{"filters":[${nestedGroups(depth)}]}`);
      expect(body.statusCode, body.body).toBe(400);
      expect(body.json().message).toBe(inputMessages.tooDeep);
      const tile = await send('GET', `${tileUrl}?filters[]=${encodeURIComponent(nestedGroups(depth))}`);
      expect(tile.statusCode, tile.body).toBe(400);
      expect(tile.json().message).toBe(inputMessages.tooDeep);
    }
    // Within the bound, the filter rule (5 deep) answers as before.
    const six = await send('POST', '/search/site/flexible', `{"filters":[${nestedGroups(6)}]}`);
    expect(six.statusCode).toBe(400);
    expect(six.json().issues[0].message).toBe('Filter groups may be nested at most 5 deep');
  });

  it('parses 100,000 levels of JSON without harm (the body limit or the guard answers)', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const response = await send('POST', '/search/site/flexible', deep);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(inputMessages.tooDeep);
  });
});

describe('inputIssues', () => {
  it('walks any depth without recursion and names the first place too deep', () => {
    let value: unknown = 'end';
    for (let i = 0; i < 1_000_000; i++) value = [value];
    expect(inputIssues(value, 'body')).toEqual([
      {
        path: ['body', ...new Array<number>(INPUT_DEPTH_MAX).fill(0)].join('.'),
        message: inputMessages.tooDeep,
      },
    ]);
  });

  it('accepts ordinary text, emoji and well-formed pairs, in values and keys', () => {
    expect(inputIssues({ 'naïve 💥': ['Ünïcödé', '\ud83d\udca5', 1, null, true] }, 'body')).toEqual([]);
    expect(inputIssues({ 'a\ud800': 1, b: { c: 'x\u0000' } }, 'body')).toEqual([
      { path: 'body', message: inputMessages.invalidCharacter },
      { path: 'body.b.c', message: inputMessages.nulCharacter },
    ]);
  });
});
