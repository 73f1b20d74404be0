import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminUserMessages as m,
  allGrants,
  featureAccess,
  type AdminRole,
  type StaffUser,
} from '@planning/shared';
import { buildAdminScene, type AdminScene } from '../../../test/admin-scene';
import { addStaffWithRole } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';

// Issue 25 point 1: a "lesser administrator" (the admin menu's grants only) could weaken the real
// administrators' role and lock them out. Every verb on a role or user holding more is refused.

let scene: AdminScene;
let lesser: SignedIn;
let lesserRoleId: string;

beforeAll(async () => {
  scene = await buildAdminScene();
  const added = await addStaffWithRole(scene.t.database.db, scene.council, 'lesser', featureAccess.admin);
  lesserRoleId = added.roleId;
  lesser = await signIn(scene.t.app, scene.council.name, added.email);
});
afterAll(() => scene.t.close());

const roles = async () => (await scene.call(scene.admin, 'GET', '/admin/roles')).json().roles as AdminRole[];
const adminRole = async () => (await roles()).find((r) => r.isAdminRole)!;
const staff = async () => (await scene.call(scene.admin, 'GET', '/admin/users')).json().users as StaffUser[];
const adminUser = async () => (await staff()).find((u) => u.email === scene.council.email('admin'))!;

describe('a role holding grants the caller lacks', () => {
  it('refuses every change to it, 403 in plain words, and changes nothing', async () => {
    const role = await adminRole();
    const fewer = role.grants.filter((g) => g.unit !== 'sites');
    const attempts = [
      ['PUT', `/admin/roles/${role.id}/grants`, { grants: fewer }],
      ['PUT', `/admin/roles/${role.id}/grants`, { grants: role.grants }],
      ['PATCH', `/admin/roles/${role.id}`, { name: 'Weakened' }],
      ['PATCH', `/admin/roles/${role.id}`, { description: 'Taken over' }],
      ['DELETE', `/admin/roles/${role.id}`, undefined],
    ] as const;
    for (const [method, url, body] of attempts) {
      const answer = await scene.call(lesser, method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json()).toEqual({ message: m.roleBeyondHeld });
    }
    expect(await adminRole()).toEqual(role);
    // The real administrator still administers.
    expect((await scene.call(scene.admin, 'GET', '/admin/users')).statusCode).toBe(200);
  });

  it('refuses adding a grant the caller lacks to a role they may otherwise change', async () => {
    const answer = await scene.call(lesser, 'PUT', `/admin/roles/${lesserRoleId}/grants`, {
      grants: [...featureAccess.admin, { unit: 'sites', action: 'delete' }],
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: m.grantBeyondHeld });
  });

  it('refuses changing, disabling, deleting or signing out a user holding more', async () => {
    const target = await adminUser();
    const attempts = [
      ['PATCH', `/admin/users/${target.id}`, { roleId: lesserRoleId }],
      ['POST', `/admin/users/${target.id}/disable`, undefined],
      ['DELETE', `/admin/users/${target.id}/sessions`, undefined],
      ['DELETE', `/admin/users/${target.id}`, undefined],
    ] as const;
    for (const [method, url, body] of attempts) {
      const answer = await scene.call(lesser, method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json()).toEqual({ message: m.userBeyondHeld });
    }
    const after = await adminUser();
    expect(after.status).toBe('active');
    expect(after.role?.id).toBe((await adminRole()).id);
    expect((await scene.call(scene.admin, 'GET', '/auth/user')).statusCode).toBe(200);
  });
});

describe('the council keeps an active user holding every grant', () => {
  it('refuses a role edit, a role change, a disable or a delete that leaves none (409)', async () => {
    const role = await adminRole();
    expect(role.grants).toHaveLength(allGrants.length);
    const me = await adminUser();
    const viewerRoleId = (await roles()).find((r) => r.name === 'viewer')!.id;
    // A second full administrator, so disabling or deleting the first is possible at all.
    const second = await addStaffWithRole(scene.t.database.db, scene.council, 'second', allGrants);
    const secondSession = await signIn(scene.t.app, scene.council.name, second.email);

    const revoke = await scene.call(scene.admin, 'PUT', `/admin/roles/${role.id}/grants`, {
      grants: role.grants.filter((g) => g.unit !== 'personal-data'),
    });
    expect(revoke.statusCode).toBe(200);
    // Now only `second` holds every grant: each way of losing them is refused.
    for (const [who, method, url, body] of [
      [scene.admin, 'PUT', `/admin/roles/${second.roleId}/grants`, { grants: featureAccess.admin }],
      [scene.admin, 'PATCH', `/admin/users/${second.userId}`, { roleId: viewerRoleId }],
      [scene.admin, 'POST', `/admin/users/${second.userId}/disable`, undefined],
      [scene.admin, 'DELETE', `/admin/users/${second.userId}`, undefined],
    ] as const) {
      const answer = await scene.call(who, method, url, body);
      // The first administrator now lacks personal-data: refused as holding less, or as the last one.
      expect(answer.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(403);
      expect([m.userBeyondHeld, m.roleBeyondHeld]).toContain(answer.json().message);
    }
    // The full holder themselves cannot step down either.
    const own = await scene.call(secondSession, 'PUT', `/admin/roles/${second.roleId}/grants`, {
      grants: featureAccess.admin,
    });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: m.lastFullAccess });
    const restore = await scene.call(secondSession, 'PUT', `/admin/roles/${role.id}/grants`, {
      grants: allGrants,
    });
    expect(restore.statusCode).toBe(200);
    // With two full holders, one may go; then the other is the last.
    expect((await scene.call(secondSession, 'DELETE', `/admin/users/${second.userId}`)).statusCode).toBe(409);
    expect((await scene.call(scene.admin, 'DELETE', `/admin/users/${second.userId}`)).statusCode).toBe(204);
    const demote = await scene.call(scene.admin, 'PUT', `/admin/roles/${role.id}/grants`, {
      grants: featureAccess.admin,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: m.lastFullAccess });
    expect((await adminUser()).id).toBe(me.id);
  });
});
