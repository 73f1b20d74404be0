import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  councilSettingsMessages,
  currentTenantSchema,
  maintenanceMessages,
  type AdminFeatureFlags,
  type CouncilMaintenance,
  type CouncilSettings,
} from '@planning/shared';
import { buildAdminScene, type AdminScene, type SceneCouncil } from '../../../test/admin-scene';
import type { SignedIn } from '../../../test/sessions';
import type { TestApp } from '../../../test/test-app';
import { auditRows } from '../audit/audit.testing';

let t: TestApp;
let council: SceneCouncil;
let other: SceneCouncil;
let admin: SignedIn;
let officer: SignedIn;
let otherAdmin: SignedIn;
let call: AdminScene['call'];

beforeAll(async () => {
  ({ t, council, other, admin, officer, otherAdmin, call } = await buildAdminScene({
    council: { mainColor: '#1d4f91' },
    other: { mainColor: '#0b6e4f' },
  }));
});
afterAll(() => t.close());

const current = async (name: string) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/v1/tenants/current',
    headers: { 'x-tenant': name },
  });
  return currentTenantSchema.parse(answer.json());
};

function pngOf(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(0x80);
  return PNG.sync.write(png);
}

/** A lossless WebP's header: enough for its size to be read. */
function webpOf(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(22, 4);
  bytes.write('WEBPVP8L', 8, 'latin1');
  bytes.writeUInt32LE(8, 16);
  bytes[20] = 0x2f;
  bytes.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
  return bytes;
}

function upload(who: SignedIn, kind: string, file: Buffer, name: string, type: string) {
  const boundary = '----council-settings-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/council/logos/${kind}`,
    headers: who.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
    payload,
  });
}

describe('council settings (issue 16 point 4)', () => {
  it('lets an administrator read and change the council, recording each field before and after', async () => {
    const read = await call(admin, 'GET', '/admin/council');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const before = read.json() as CouncilSettings;
    expect(before).toMatchObject({ name: council.name, mainColor: '#1d4f91', logo: null });

    const answer = await call(admin, 'PATCH', '/admin/council', {
      rawName: 'Borough of Testing',
      shortName: 'Testing',
      mainColor: '#0b6e4f',
      theme: { mode: 'light', headerColor: '#083d2d' },
      email: { noReply: 'no-reply@testing.gov.uk', forDeletionReq: 'dpo@testing.gov.uk' },
      social: { twitter: 'https://x.com/testing', mainLink: 'https://testing.gov.uk' },
      location: 'Town Hall, Testing',
      locationLonLat: [-1.5, 52.25],
      mapLicense: '© Crown copyright and database rights 2026 OS AC0000000000',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const after = answer.json() as CouncilSettings;
    expect(after).toMatchObject({
      rawName: 'Borough of Testing',
      mainColor: '#0b6e4f',
      theme: { mode: 'light', headerColor: '#083d2d' },
      locationLonLat: [-1.5, 52.25],
      social: { twitter: 'https://x.com/testing', mainLink: 'https://testing.gov.uk' },
    });

    const [row] = await auditRows(t.database.db, council.id, 'tenant.settings');
    expect(row?.summary).toBe(
      'Changed name, short name, main colour, theme, emails, social links, location, location on the map, map licence',
    );
    const changes = (row?.details as { changes: Record<string, { before: unknown; after: unknown }> })
      .changes;
    expect(changes.mainColor).toEqual({ before: '#1d4f91', after: '#0b6e4f' });
    expect(changes.rawName).toEqual({ before: `Council of ${council.name}`, after: 'Borough of Testing' });
    expect(row?.actor_email).toBe(council.email('admin'));

    // The next request for the council's data sees the change: branding needs no restart.
    expect((await current(council.name)).tenant).toMatchObject({
      rawName: 'Borough of Testing',
      mainColor: '#0b6e4f',
    });

    // Sending the same values again changes nothing and records nothing.
    const again = await call(admin, 'PATCH', '/admin/council', {
      mainColor: '#0b6e4f',
      shortName: 'Testing',
    });
    expect(again.statusCode).toBe(200);
    expect(await auditRows(t.database.db, council.id, 'tenant.settings')).toHaveLength(1);
  });

  it('refuses a main or header colour white text cannot be read on, naming the ratio', async () => {
    const main = await call(admin, 'PATCH', '/admin/council', { mainColor: '#ffdd00' });
    expect(main.statusCode).toBe(400);
    expect(main.json()).toMatchObject({
      message: 'Main colour #ffdd00 gives white text a contrast of only 1.34:1; WCAG AA needs at least 4.5:1',
      issues: [{ path: 'body.mainColor' }],
    });
    const header = await call(admin, 'PATCH', '/admin/council', {
      theme: { mode: 'light', headerColor: '#777777' },
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toMatch(
      /^Header colour #777777 .* 4\.47:1; WCAG AA needs at least 4\.5:1$/,
    );
    expect((await current(council.name)).tenant.mainColor).toBe('#0b6e4f');
  });

  it('answers bad input with the field and a message', async () => {
    const cases: [unknown, string][] = [
      [{ mainColor: 'green' }, 'Invalid HEX color'],
      [{ email: { noReply: 'not an email' } }, councilSettingsMessages.invalidEmail],
      [{ social: { facebook: 'javascript:alert(1)' } }, 'URL must start with http:// or https://'],
      [{ locationLonLat: [200, 10] }, ''],
      [{ rawName: '   ' }, 'Enter the council’s name'],
      [{}, councilSettingsMessages.nothingToChange],
      [{ name: 'renamed' }, ''],
    ];
    for (const [payload, message] of cases) {
      const answer = await call(admin, 'PATCH', '/admin/council', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(JSON.stringify(answer.json().issues)).toContain(message);
    }
  });

  it('is for administrators only, and each sees only their own council', async () => {
    for (const [method, url] of [
      ['GET', '/admin/council'],
      ['GET', '/admin/council/flags'],
      ['GET', '/admin/council/maintenance'],
    ] as const) {
      expect((await call(officer, method, url)).statusCode).toBe(403);
    }
    expect((await call(officer, 'PATCH', '/admin/council', { shortName: 'x' })).statusCode).toBe(403);
    const theirs = (await call(otherAdmin, 'GET', '/admin/council')).json() as CouncilSettings;
    expect(theirs.name).toBe(other.name);
    expect(theirs.mainColor).toBe('#0b6e4f');
    // Another council's session sent to this council is not a session here.
    const crossed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/council',
      headers: { ...otherAdmin.headers(), 'x-tenant': council.name },
    });
    expect([401, 403]).toContain(crossed.statusCode);
  });
});

describe('logos', () => {
  it('takes a PNG or WebP by its content, serves it publicly, and removes it', async () => {
    const answer = await upload(admin, 'logo', pngOf(120, 40), 'crest.png', 'image/png');
    expect(answer.statusCode, answer.body).toBe(200);
    const { logo } = answer.json() as { logo: string };
    expect(logo).toMatch(
      new RegExp(`^/api/v1/public/councils/${council.name}/logos/logo-[0-9a-f]{16}\\.png$`),
    );

    // No session, no council header: the tenant picker shows it.
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await current(council.name)).tenant.logo).toBe(logo);
    const picker = await t.app.inject({ method: 'GET', url: '/api/v1/tenants' });
    expect(picker.json().tenants.find((x: { name: string }) => x.name === council.name).logo).toBe(logo);

    // A new logo replaces the old one, whose address stops answering.
    const small = await upload(admin, 'smallLogo', webpOf(64, 64), 'icon.bin', 'application/octet-stream');
    expect(small.statusCode, small.body).toBe(200);
    const replaced = await upload(admin, 'logo', pngOf(200, 60), 'crest2.png', 'image/png');
    const newLogo = (replaced.json() as { logo: string }).logo;
    expect(newLogo).not.toBe(logo);
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: newLogo })).statusCode).toBe(200);

    const [row] = await auditRows(t.database.db, council.id, 'tenant.logo');
    expect(row?.summary).toBe('Logo replaced');
    expect(row?.details).toMatchObject({
      kind: 'logo',
      before: logo,
      after: newLogo,
      width: 200,
      height: 60,
    });

    const removed = await call(admin, 'DELETE', '/admin/council/logos/logo');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: newLogo })).statusCode).toBe(404);
    expect((await current(council.name)).tenant.logo).toBeNull();
  });

  it('refuses a text file renamed .png, an SVG, a huge image and a damaged one', async () => {
    const text = await upload(
      admin,
      'logo',
      Buffer.from('hello, I am not a picture\n'),
      'logo.png',
      'image/png',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(councilSettingsMessages.logoType);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(admin, 'logo', svg, 'logo.svg', 'image/svg+xml')).statusCode).toBe(415);
    const wide = await upload(admin, 'logo', pngOf(5000, 20), 'wide.png', 'image/png');
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe('The image must be between 16 and 4,096 pixels on each side');
    const truncated = await upload(admin, 'logo', pngOf(64, 64).subarray(0, 12), 'cut.png', 'image/png');
    expect(truncated.json().message).toBe(councilSettingsMessages.logoUnreadable);
    const big = Buffer.concat([pngOf(64, 64), Buffer.alloc(1024 * 1024)]);
    const tooBig = await upload(admin, 'logo', big, 'big.png', 'image/png');
    expect(tooBig.statusCode).toBe(413);
    const json = await call(admin, 'POST', '/admin/council/logos/logo', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await upload(officer, 'logo', pngOf(64, 64), 'x.png', 'image/png')).statusCode).toBe(403);
    expect((await upload(admin, 'banner', pngOf(64, 64), 'x.png', 'image/png')).statusCode).toBe(400);
    expect((await current(council.name)).tenant.logo).toBeNull();
  });

  it('never serves another council’s file under this council’s name', async () => {
    const theirs = await upload(otherAdmin, 'logo', pngOf(64, 64), 'theirs.png', 'image/png');
    const file = (theirs.json() as { logo: string }).logo.split('/').at(-1)!;
    const crossed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/councils/${council.name}/logos/${file}`,
    });
    expect(crossed.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/councils/${council.name}/logos/..%2Fx.png`,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('feature flags (spec 03 §3.7, §4)', () => {
  it('lists every flag by application with its description, and a switch shows on the next request', async () => {
    const read = (await call(admin, 'GET', '/admin/council/flags')).json() as AdminFeatureFlags;
    expect(read.applications.map((app) => app.application)).toEqual(['placemaker', 'consultations', 'cfs']);
    const analysis = read.applications[1]!.flags.find((flag) => flag.name === 'analysisPage');
    expect(analysis).toMatchObject({ label: 'Analysis page', value: true, defaultValue: true });
    expect(analysis?.description.length).toBeGreaterThan(10);

    const off = await call(admin, 'PUT', '/admin/council/flags', { analysisPage: false, aiSearch: true });
    expect(off.statusCode, off.body).toBe(200);
    expect((await current(council.name)).flags).toMatchObject({ analysisPage: false, aiSearch: true });
    // Only this council's flags changed.
    expect((await current(other.name)).flags).toMatchObject({ analysisPage: true, aiSearch: false });

    const [row] = await auditRows(t.database.db, council.id, 'tenant.flags');
    expect(row?.summary).toBe('Analysis page off, AI search on');
    expect(row?.details).toEqual({
      changes: { analysisPage: { before: true, after: false }, aiSearch: { before: false, after: true } },
    });

    await call(admin, 'PUT', '/admin/council/flags', { analysisPage: true });
    expect((await current(council.name)).flags.analysisPage).toBe(true);
  });

  it('refuses unknown flags and non-booleans', async () => {
    expect((await call(admin, 'PUT', '/admin/council/flags', { noSuchFlag: true })).statusCode).toBe(400);
    expect((await call(admin, 'PUT', '/admin/council/flags', { maps: 'yes' })).statusCode).toBe(400);
    expect((await call(admin, 'PUT', '/admin/council/flags', {})).statusCode).toBe(400);
    expect((await call(officer, 'PUT', '/admin/council/flags', { maps: false })).statusCode).toBe(403);
  });
});

describe('maintenance (spec 01 §2, spec 03 §4)', () => {
  const until = new Date(Date.now() + 3_600_000).toISOString();

  it('switches global and page maintenance, in effect on the next request', async () => {
    const body: CouncilMaintenance = {
      global: { active: true, until, message: 'Back at noon' },
      pages: [
        { route: '/map', active: true, until: null },
        { route: '/documents', active: false, until: null },
      ],
    };
    const answer = await call(admin, 'PUT', '/admin/council/maintenance', body);
    expect(answer.statusCode, answer.body).toBe(200);
    const now = await current(council.name);
    expect(now.maintenance.global).toMatchObject({ active: true, inEffect: true, message: 'Back at noon' });
    expect(now.maintenance.pages).toEqual([
      { route: '/documents', maintenanceActive: false, maintenanceActiveUntil: null, inEffect: false },
      { route: '/map', maintenanceActive: true, maintenanceActiveUntil: null, inEffect: true },
    ]);
    // Administrators still reach the settings while it is on.
    expect((await call(admin, 'GET', '/admin/council/maintenance')).json()).toMatchObject({
      global: { active: true, message: 'Back at noon' },
    });
    expect((await current(other.name)).maintenance.global.active).toBe(false);

    const [row] = await auditRows(t.database.db, council.id, 'tenant.maintenance');
    expect(row?.summary).toBe('Global maintenance on; Page maintenance on for /map');

    // Off again, with the default message and the pages list emptied.
    const off = await call(admin, 'PUT', '/admin/council/maintenance', {
      global: { active: false, until: null, message: null },
      pages: [],
    });
    expect(off.statusCode).toBe(200);
    const after = await current(council.name);
    expect(after.maintenance.global).toMatchObject({ active: false, inEffect: false, message: null });
    expect(after.maintenance.pages).toEqual([]);
    expect(maintenanceMessages.globalDefault).toBe("We're planning something big.");
  });

  it('refuses a past until date, duplicate pages and pages administrators need', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const put = (body: unknown) => call(admin, 'PUT', '/admin/council/maintenance', body);
    const none = { active: false, until: null, message: null };
    const pastGlobal = await put({ global: { active: true, until: past, message: null }, pages: [] });
    expect(pastGlobal.json().message).toBe(councilSettingsMessages.untilInPast);
    const settings = await put({ global: none, pages: [{ route: '/settings', active: true, until: null }] });
    expect(settings.json().message).toBe(
      'Maintenance cannot cover /settings: administrators need it to turn maintenance off',
    );
    expect(
      (await put({ global: none, pages: [{ route: '/admin/placemaker', active: true, until: null }] }))
        .statusCode,
    ).toBe(400);
    const twice = await put({
      global: none,
      pages: [
        { route: '/map', active: true, until: null },
        { route: '/map/', active: false, until: null },
      ],
    });
    expect(JSON.stringify(twice.json())).toContain(councilSettingsMessages.pageRouteDuplicate);
    expect(
      (await put({ global: none, pages: [{ route: 'map', active: true, until: null }] })).statusCode,
    ).toBe(400);
    expect((await put({ global: { ...none, message: 'x'.repeat(501) }, pages: [] })).statusCode).toBe(400);
  });
});
