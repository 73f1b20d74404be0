import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, parseApiKey, type ApiKey, type CreatedApiKey } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { auditRows } from '../audit/audit.testing';
import { hashApiKey } from './api-keys.service';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let other: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let officer: SignedIn;
let viewer: SignedIn;
let resident: SignedIn;
let otherOfficer: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  other = await buildTenantWithUsers(t.database.db);
  [officer, viewer, resident, otherOfficer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('viewer')),
    signIn(t.app, tenant.name, tenant.email('resident')),
    signIn(t.app, other.name, other.email('officer')),
  ]);
});
afterAll(() => t.close());

const create = (who: SignedIn, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/api-keys', headers: who.headers(), payload });
const list = async (who: SignedIn) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: who.headers() })).json()
    .keys as ApiKey[];
const revoke = (who: SignedIn, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}`, headers: who.headers() });
/** A call of the OGC API with only a key: no session, no council header. */
const withKey = (key: string, url = '/api/v1/ogc/conformance', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key, ...headers } });

describe('personal API keys (issue 13 point 6)', () => {
  it('shows a new key once, lists it by its prefix and stores only its hash', async () => {
    const answer = await create(officer, { name: 'QGIS on my laptop' });
    expect(answer.statusCode, answer.body).toBe(201);
    const created = answer.json() as CreatedApiKey;
    expect(created.key).toMatch(new RegExp(`^pk_${tenant.name}_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$`));
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created).toMatchObject({
      name: 'QGIS on my laptop',
      lastUsedAt: null,
      expiresAt: null,
      expired: false,
    });

    const keys = await list(officer);
    expect(keys.map((key) => key.id)).toContain(created.id);
    expect(JSON.stringify(keys)).not.toContain(created.key);
    expect(keys.find((key) => key.id === created.id)).not.toHaveProperty('key');

    const stored = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow(),
    );
    expect(stored.key_hash).toBe(hashApiKey(created.key));
    // The secret is base64url and may itself hold '_', so it is read by the key's pattern.
    const secret = parseApiKey(created.key)?.secret;
    expect(secret).toHaveLength(43);
    expect(JSON.stringify(stored)).not.toContain(secret);

    // The key works, and the list then says when it was last used.
    expect((await withKey(created.key)).statusCode).toBe(200);
    const used = (await list(officer)).find((key) => key.id === created.id);
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('works in the address too, as QGIS sends it', async () => {
    const { key } = (await create(officer, { name: 'query form' })).json() as CreatedApiKey;
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/ogc/collections?api_key=${key}` });
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('keeps each user to their own keys', async () => {
    const mine = (await create(officer, { name: 'mine' })).json() as CreatedApiKey;
    expect((await list(viewer)).map((key) => key.id)).not.toContain(mine.id);
    const refused = await revoke(viewer, mine.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: apiKeyMessages.notFound });
    // Another council's officer cannot see or revoke it either.
    expect((await revoke(otherOfficer, mine.id)).statusCode).toBe(404);
    expect((await withKey(mine.key)).statusCode).toBe(200);
  });

  it('refuses a revoked key with 401 from the next call on', async () => {
    const { id, key } = (await create(officer, { name: 'to revoke' })).json() as CreatedApiKey;
    expect((await withKey(key)).statusCode).toBe(200);
    expect((await revoke(officer, id)).statusCode).toBe(204);
    const refused = await withKey(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: apiKeyMessages.invalid });
    expect((await list(officer)).map((key) => key.id)).not.toContain(id);
    expect((await revoke(officer, id)).statusCode).toBe(404);
  });

  it('refuses an expired key, and an expiry in the past', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const { id, key, expiresAt } = (
      await create(officer, { name: 'short', expiresAt: soon })
    ).json() as CreatedApiKey;
    expect(expiresAt).toBe(soon);
    expect((await withKey(key)).statusCode).toBe(200);
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .updateTable('api_keys')
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where('id', '=', id)
        .execute(),
    );
    expect((await withKey(key)).statusCode).toBe(401);
    expect((await list(officer)).find((entry) => entry.id === id)?.expired).toBe(true);

    const past = await create(officer, { name: 'past', expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(JSON.stringify(past.json())).toContain(apiKeyMessages.expiryInPast);
    expect((await create(officer, { name: '' })).statusCode).toBe(400);
    expect((await create(officer, { name: 'x'.repeat(101) })).statusCode).toBe(400);
  });

  it('refuses a key at another council, a tampered key and an unknown one', async () => {
    const { key } = (await create(officer, { name: 'council bound' })).json() as CreatedApiKey;
    // Named with the other council's header: refused, never read at either council.
    const elsewhere = await withKey(key, '/api/v1/ogc/collections', { 'x-tenant': other.name });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toEqual({ message: apiKeyMessages.otherCouncil });
    // The same council's header is fine.
    expect((await withKey(key, '/api/v1/ogc/collections', { 'x-tenant': tenant.name })).statusCode).toBe(200);
    // Its secret under the other council's name: no such key there.
    const moved = key.replace(`pk_${tenant.name}_`, `pk_${other.name}_`);
    expect((await withKey(moved)).statusCode).toBe(401);
    const tampered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    expect((await withKey(tampered)).statusCode).toBe(401);
    expect((await withKey('pk_nowhere_00000000_' + 'a'.repeat(43))).statusCode).toBe(401);
    expect((await withKey('not a key')).statusCode).toBe(401);
  });

  it('is accepted on /ogc routes and the sites tiles only, and signs in read-only', async () => {
    const { key } = (await create(officer, { name: 'ogc only' })).json() as CreatedApiKey;
    const headers = { 'x-api-key': key, 'x-tenant': tenant.name };
    // Not a session: the key cannot manage keys, nor reach any other route.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/api-keys?api_key=${key}`,
          headers: { 'x-tenant': tenant.name },
        })
      ).statusCode,
    ).toBe(401);
    const apiKeyRoutes = t.app.routeTable.filter((route) => route.config.apiKey);
    expect(apiKeyRoutes.length).toBeGreaterThan(5);
    for (const route of apiKeyRoutes) {
      // The sites' vector tiles take one too (issue 25 point 4).
      expect(/^\/api\/v1\/(ogc|vector-tiles\/(sites|cut-sites)\/)/.test(route.url), route.url).toBe(true);
      expect(['GET', 'HEAD'], `${route.method} ${route.url}`).toContain(route.method);
    }
  });

  // Decision 0012: a viewer may make a key. It reads what the viewer reads (sites, read only) and
  // no route that takes a key serves consultations or the text as received.
  it("lets a viewer make a key that reads sites, and no key route needs more than sites' read", async () => {
    const answer = await create(viewer, { name: 'viewer in QGIS' });
    expect(answer.statusCode, answer.body).toBe(201);
    const { key } = answer.json() as CreatedApiKey;
    expect((await withKey(key, '/api/v1/ogc/collections/sites/items?limit=1')).statusCode).toBe(200);
    for (const route of t.app.routeTable.filter((r) => r.config.apiKey)) {
      const units = (route.config.access ?? []).map((grant: { unit: string }) => grant.unit);
      for (const unit of units) expect(['sites', 'placemaker'], route.url).toContain(unit);
    }
  });

  it('needs a signed-in staff user to manage keys', async () => {
    expect((await create(resident, { name: 'nope' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/api-keys',
      headers: { 'x-tenant': tenant.name },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await revoke(officer, 'not-an-id')).statusCode).toBe(400);
    expect((await revoke(officer, randomUUID())).statusCode).toBe(404);
  });

  it('stops working when its user is disabled', async () => {
    const { key } = (await create(viewer, { name: 'viewer key' })).json() as CreatedApiKey;
    expect((await withKey(key)).statusCode).toBe(200);
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .updateTable('users')
        .set({ disabled_at: new Date() })
        .where('email', '=', tenant.email('viewer'))
        .execute(),
    );
    expect((await withKey(key)).statusCode).toBe(401);
  });

  it('records who made and who revoked a key in the audit log (never the key)', async () => {
    const { id, key, prefix } = (await create(officer, { name: 'Audited key' })).json() as CreatedApiKey;
    const [made] = await auditRows(t.database.db, tenant.id, 'api-key.create');
    expect(made).toMatchObject({
      actor_email: tenant.email('officer'),
      target_type: 'api-key',
      target_id: id,
      summary: `Created API key 'Audited key' (${prefix})`,
    });
    expect(made?.actor_user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(made)).not.toContain(key);
    expect((await revoke(officer, id)).statusCode).toBe(204);
    const [revoked] = await auditRows(t.database.db, tenant.id, 'api-key.revoke');
    expect(revoked).toMatchObject({
      actor_email: tenant.email('officer'),
      target_id: id,
      summary: `Revoked API key 'Audited key' (${prefix})`,
    });
    // A refused revocation (the key is gone) leaves no row.
    const rows = (await auditRows(t.database.db, tenant.id, 'api-key.revoke')).length;
    expect((await revoke(officer, id)).statusCode).toBe(404);
    expect(await auditRows(t.database.db, tenant.id, 'api-key.revoke')).toHaveLength(rows);
  });
});
