import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTenantSchema, featureFlagNames, tenantListSchema } from '@planning/shared';
import {
  buildTenant,
  buildTenantWithUsers,
  setGlobalMaintenance,
  setPageMaintenance,
} from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const current = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/tenants/current', headers });

describe('GET /api/v1/tenants', () => {
  it('lists tenants with public branding fields only', async () => {
    const tenant = await buildTenant(t.database.db, { rawName: 'Picker Test Council', mainColor: '#aa3300' });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/tenants' });
    expect(response.statusCode).toBe(200);
    const body = tenantListSchema.parse(response.json());
    const listed = body.tenants.find((entry) => entry.name === tenant.name);
    expect(listed).toEqual({
      name: tenant.name,
      shortName: `Council ${tenant.name}`,
      rawName: 'Picker Test Council',
      logo: null,
      smallLogo: null,
      mainColor: '#aa3300',
    });
    // Nothing beyond the allow-list: no ids, emails or maintenance state.
    expect(Object.keys(response.json().tenants[0]).sort()).toEqual(
      ['logo', 'mainColor', 'name', 'rawName', 'shortName', 'smallLogo'].sort(),
    );
  });
});

describe('GET /api/v1/tenants/current', () => {
  it('resolves the tenant from the X-Tenant header on localhost and returns every flag', async () => {
    const tenant = await buildTenant(t.database.db, {
      flags: { satelliteLayer: true, documentBuilder: false },
      locationLonLat: [-1.5, 53.9],
      email: { noReply: 'no-reply@example.test' },
      social: { twitter: 'https://x.example/council' },
      theme: { mode: 'dark', headerColor: '#000000' },
    });
    const response = await current({ 'x-tenant': tenant.name });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = currentTenantSchema.parse(response.json());
    expect(body.tenant).toMatchObject({
      id: tenant.id,
      name: tenant.name,
      locationLonLat: [-1.5, 53.9],
      email: { noReply: 'no-reply@example.test' },
      social: { twitter: 'https://x.example/council' },
      theme: { mode: 'dark', headerColor: '#000000' },
    });
    expect(Object.keys(body.flags).sort()).toEqual([...featureFlagNames].sort());
    expect(body.flags.satelliteLayer).toBe(true);
    expect(body.flags.documentBuilder).toBe(false);
    // A flag the tenant never set takes the catalogue default.
    expect(body.flags.maps).toBe(true);
    expect(body.maintenance).toEqual({
      global: { active: false, until: null, message: null, inEffect: false },
      pages: [],
    });
  });

  it('resolves the tenant from the host name label after the first dot', async () => {
    const tenant = await buildTenant(t.database.db);
    const response = await current({ host: `planning.${tenant.name}.example.gov.uk` });
    expect(response.statusCode).toBe(200);
    expect(response.json().tenant.name).toBe(tenant.name);
  });

  it('answers 404 "Tenant is not found" for an unknown or malformed tenant', async () => {
    for (const name of ['no-such-council', 'DROP TABLE tenants;--', 'a'.repeat(300)]) {
      const response = await current({ 'x-tenant': name });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Tenant is not found' });
    }
    const byHost = await current({ host: 'planning.no-such-council.example.gov.uk' });
    expect(byHost.statusCode).toBe(404);
    expect(byHost.json()).toEqual({ message: 'Tenant is not found' });
  });

  it('answers 400 when no tenant is given at all', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '10.1.2.3']) {
      const response = await current({ host });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Tenant is not specified' });
    }
  });

  it('evaluates global and page maintenance against their "until" dates', async () => {
    const tenant = await buildTenant(t.database.db);
    const future = new Date(Date.now() + 3_600_000);
    const past = new Date(Date.now() - 3_600_000);
    await setGlobalMaintenance(t.database.db, tenant.id, {
      active: true,
      until: future,
      message: 'Back at noon',
    });
    await setPageMaintenance(t.database.db, tenant.id, { route: '/map', active: true });
    await setPageMaintenance(t.database.db, tenant.id, { route: '/table', active: true, until: past });
    await setPageMaintenance(t.database.db, tenant.id, { route: '/events', active: false });

    const body = currentTenantSchema.parse((await current({ 'x-tenant': tenant.name })).json());
    expect(body.maintenance.global).toEqual({
      active: true,
      until: future.toISOString(),
      message: 'Back at noon',
      inEffect: true,
    });
    expect(body.maintenance.pages).toEqual([
      { route: '/events', maintenanceActive: false, maintenanceActiveUntil: null, inEffect: false },
      { route: '/map', maintenanceActive: true, maintenanceActiveUntil: null, inEffect: true },
      {
        route: '/table',
        maintenanceActive: true,
        maintenanceActiveUntil: past.toISOString(),
        inEffect: false,
      },
    ]);

    await setGlobalMaintenance(t.database.db, tenant.id, { active: true, until: past });
    const expired = currentTenantSchema.parse((await current({ 'x-tenant': tenant.name })).json());
    expect(expired.maintenance.global.inEffect).toBe(false);
  });

  it("never shows one tenant's flags or maintenance to another", async () => {
    const a = await buildTenant(t.database.db, { flags: { aiSearch: true } });
    const b = await buildTenant(t.database.db, { flags: { aiSearch: false } });
    await setPageMaintenance(t.database.db, a.id, { route: '/map', active: true });
    const bodyB = currentTenantSchema.parse((await current({ 'x-tenant': b.name })).json());
    expect(bodyB.tenant.id).toBe(b.id);
    expect(bodyB.flags.aiSearch).toBe(false);
    expect(bodyB.maintenance.pages).toEqual([]);
  });
});

describe('tenant header trust', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        APP_URL_TEMPLATE: 'https://planning.{tenant}.example.gov.uk',
        ALLOW_UNSCANNED_UPLOADS: 'true',
      },
    });
  });
  afterAll(() => production.close());

  it('ignores X-Tenant on a production host name, so a header cannot switch council', async () => {
    const home = await buildTenant(production.database.db);
    const other = await buildTenant(production.database.db);
    const response = await production.app.inject({
      method: 'GET',
      url: '/api/v1/tenants/current',
      headers: { host: `planning.${home.name}.example.gov.uk`, 'x-tenant': other.name },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().tenant.name).toBe(home.name);
  });

  it('marks the session cookie Secure behind an HTTPS load balancer', async () => {
    const tenant = await buildTenantWithUsers(production.database.db);
    const response = await production.app.inject({
      method: 'POST',
      url: '/api/v1/auth/firebase-auth/login',
      headers: { host: `planning.${tenant.name}.example.gov.uk`, 'x-forwarded-proto': 'https' },
      payload: { email: tenant.email('viewer'), password: 'Password123!' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === 'planning_session')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
  });

  it('still honours X-Tenant on loopback hosts in production', async () => {
    const tenant = await buildTenant(production.database.db);
    const response = await production.app.inject({
      method: 'GET',
      url: '/api/v1/tenants/current',
      headers: { host: '127.0.0.1:3000', 'x-tenant': tenant.name },
    });
    expect(response.json().tenant.name).toBe(tenant.name);
  });
});
