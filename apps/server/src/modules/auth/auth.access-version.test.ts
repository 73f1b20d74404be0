// Grants are kept per user in the process while the council's access version holds (issue 25,
// point 8). Changes made straight in the database, past every route, must still be seen on the
// very next request: the version is bumped by triggers (migration 0035), not by route code.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const tile = (session: SignedIn) =>
  t.app.inject({ method: 'GET', url: '/api/v1/vector-tiles/sites/14/0/0', headers: session.headers() });
const accessVersion = (tenantId: string) =>
  withTenant(t.database.db, tenantId, async (trx) => {
    const { rows } = await sql<{ v: string | null }>`
      select (select access_version::text from site_data_versions) as v`.execute(trx);
    return rows[0]?.v ?? '1';
  });

describe('grants kept per user, checked against the access version on every request', () => {
  it('sees a grant removed and given back, a role taken away and an account disabled, each on the next request', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const viewer = await signIn(t.app, tenant.name, tenant.email('viewer'));
    expect((await tile(viewer)).statusCode).toBe(204);
    expect((await tile(viewer)).statusCode).toBe(204);

    const viewerRole = (trx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
      trx.selectFrom('roles').select('id').where('name', '=', 'viewer');
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .deleteFrom('role_grants')
        .where('unit', '=', 'sites')
        .where('role_id', 'in', viewerRole(trx))
        .execute(),
    );
    expect((await tile(viewer)).statusCode).toBe(403);

    await withTenant(t.database.db, tenant.id, async (trx) => {
      const { id } = await viewerRole(trx).executeTakeFirstOrThrow();
      await trx
        .insertInto('role_grants')
        .values({ tenant_id: tenant.id, role_id: id, unit: 'sites', action: 'read' })
        .execute();
    });
    expect((await tile(viewer)).statusCode).toBe(204);

    await withTenant(t.database.db, tenant.id, async (trx) => {
      const { id } = await viewerRole(trx).executeTakeFirstOrThrow();
      await trx.deleteFrom('user_roles').where('role_id', '=', id).execute();
    });
    expect((await tile(viewer)).statusCode).toBe(403);

    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .updateTable('users')
        .set({ disabled_at: new Date() })
        .where('email', '=', tenant.email('viewer'))
        .execute(),
    );
    const next = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: viewer.headers() });
    expect(next.statusCode).toBe(401);
    expect(next.json()).toEqual({ message: 'Session terminated' });
  });

  it("bumps the council's access version in the writer's transaction, for roles, grants, user roles and disabling only", async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const other = await buildTenantWithUsers(t.database.db);
    const otherBefore = await accessVersion(other.id);
    let version = await accessVersion(tenant.id);
    const bumped = async (change: Parameters<typeof withTenant>[2]) => {
      await withTenant(t.database.db, tenant.id, change);
      const now = await accessVersion(tenant.id);
      const moved = BigInt(now) > BigInt(version);
      version = now;
      return moved;
    };
    expect(
      await bumped((trx) =>
        trx.updateTable('roles').set({ description: 'Reads' }).where('name', '=', 'viewer').execute(),
      ),
    ).toBe(true);
    expect(
      await bumped((trx) =>
        trx.deleteFrom('role_grants').where('unit', '=', 'site-lists').where('action', '=', 'read').execute(),
      ),
    ).toBe(true);
    expect(
      await bumped((trx) => trx.deleteFrom('user_roles').where('tenant_id', '=', tenant.id).execute()),
    ).toBe(true);
    expect(
      await bumped((trx) =>
        trx
          .updateTable('users')
          .set({ disabled_at: new Date() })
          .where('email', '=', tenant.email('officer'))
          .execute(),
      ),
    ).toBe(true);
    // A sign-in or a name change does not make every user's grants be read again.
    expect(
      await bumped((trx) =>
        trx.updateTable('users').set({ name: 'Vic' }).where('email', '=', tenant.email('viewer')).execute(),
      ),
    ).toBe(false);
    expect(await accessVersion(other.id)).toBe(otherBefore);
  });
});
