import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessActions,
  accessUnits,
  allGrants,
  adminUserMessages as m,
  type AdminRole,
  type AuditAction,
  type PublicUser,
  type StaffUser,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildAdminScene, type AdminScene, type SceneCouncil } from '../../../test/admin-scene';
import { addNeighbour } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { latestLink, type TestApp } from '../../../test/test-app';

let t: TestApp;
let tenant: SceneCouncil;
let other: SceneCouncil;
let admin: SignedIn;
let officer: SignedIn;
let otherAdmin: SignedIn;
let call: AdminScene['call'];

beforeAll(async () => {
  ({ t, council: tenant, other, admin, officer, otherAdmin, call } = await buildAdminScene());
});
afterAll(() => t.close());

const roles = async (who: SignedIn = admin) =>
  (await call(who, 'GET', '/admin/roles')).json().roles as AdminRole[];
const roleNamed = async (name: string, who: SignedIn = admin) =>
  (await roles(who)).find((r) => r.name === name)!;
const users = async (query = '', who: SignedIn = admin) =>
  (await call(who, 'GET', `/admin/users${query}`)).json().users as StaffUser[];
const userByEmail = async (email: string) => (await users()).find((u) => u.email === email)!;
const audit = (action: AuditAction, targetId?: string) =>
  withTenant(t.database.db, tenant.id, (trx) => {
    let q = trx.selectFrom('audit_log').selectAll().where('action', '=', action);
    if (targetId) q = q.where('target_id', '=', targetId);
    return q.orderBy('occurred_at').orderBy('seq').execute();
  });
const policy = async (who: SignedIn) => {
  const granted: string[] = [];
  for (const unit of accessUnits)
    for (const action of accessActions) {
      const answer = await call(who, 'GET', `/policy/access?resource=${unit}&action=${action}`);
      if (answer.json().permitted) granted.push(`${unit}:${action}`);
    }
  return granted;
};

/** Invites, accepts the emailed link with a password and signs in: a new active staff member. */
async function newStaff(local: string, roleName: string) {
  const email = `${local}@${tenant.name}.test`;
  const roleId = (await roleNamed(roleName)).id;
  const invited = await call(admin, 'POST', '/admin/users/invitations', {
    email,
    name: `Staff ${local}`,
    roleId,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = (await latestLink(t.outbox, email)).searchParams.get('token')!;
  const accepted = await call(null, 'POST', '/auth/invitation/accept', {
    token,
    password: 'Secret123',
    confirmPassword: 'Secret123',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return {
    email,
    id: invited.json().userId as string,
    session: await signIn(t.app, tenant.name, email, 'Secret123'),
  };
}

describe('access to the admin routes', () => {
  it('needs the admin grants (placemaker read and authorisation read, write, delete)', async () => {
    for (const [method, url] of [
      ['GET', '/admin/roles'],
      ['GET', '/admin/users'],
      ['GET', '/admin/public-users'],
    ] as const) {
      const answer = await call(officer, method, url);
      expect(answer.statusCode, url).toBe(403);
      expect((await call(null, method, url)).statusCode).toBe(401);
    }
  });

  it("answers 404 for another council's role and user, changing nothing", async () => {
    const theirRole = await roleNamed('viewer', otherAdmin);
    const theirUser = (await users('', otherAdmin)).find((u) => u.email === other.email('officer'))!;
    const theirResident = (await call(otherAdmin, 'GET', '/admin/public-users')).json()
      .users[0] as PublicUser;
    const tries = [
      call(admin, 'PATCH', `/admin/roles/${theirRole.id}`, { name: 'Mine now' }),
      call(admin, 'PUT', `/admin/roles/${theirRole.id}/grants`, { grants: [] }),
      call(admin, 'DELETE', `/admin/roles/${theirRole.id}`),
      call(admin, 'PATCH', `/admin/users/${theirUser.id}`, { roleId: (await roleNamed('viewer')).id }),
      call(admin, 'PATCH', `/admin/users/${(await userByEmail(tenant.email('viewer'))).id}`, {
        roleId: theirRole.id,
      }),
      call(admin, 'POST', `/admin/users/${theirUser.id}/disable`),
      call(admin, 'DELETE', `/admin/users/${theirUser.id}/sessions`),
      call(admin, 'DELETE', `/admin/users/${theirUser.id}`),
      call(admin, 'POST', '/admin/users/invitations', { email: 'x@y.test', name: 'X', roleId: theirRole.id }),
      call(admin, 'GET', `/admin/public-users/${theirResident.id}/responses`),
      call(admin, 'POST', `/admin/public-users/${theirResident.id}/verify`),
      call(admin, 'DELETE', `/admin/public-users/${theirResident.id}`),
    ];
    for (const answer of await Promise.all(tries)) expect(answer.statusCode, answer.body).toBe(404);
    expect((await roleNamed('viewer', otherAdmin)).grants).toEqual(theirRole.grants);
    expect((await users('', otherAdmin)).find((u) => u.id === theirUser.id)?.status).toBe('active');
  });
});

describe('roles', () => {
  it('lists roles with grants, holders and the admin role', async () => {
    const list = await roles();
    expect(list.map((r) => r.name)).toEqual(['admin', 'officer', 'viewer']);
    const adminRole = list.find((r) => r.name === 'admin')!;
    expect(adminRole).toMatchObject({ isAdminRole: true, userCount: 1 });
    expect(adminRole.grants).toHaveLength(allGrants.length);
    expect(list.find((r) => r.name === 'viewer')).toMatchObject({ isAdminRole: false, userCount: 1 });
  });

  it('creates, renames, grants and revokes, audited pair by pair', async () => {
    const created = await call(admin, 'POST', '/admin/roles', {
      name: 'Planner',
      description: 'Plans',
      grants: [
        { unit: 'sites', action: 'read' },
        { unit: 'sites', action: 'read' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json() as AdminRole;
    expect(role).toMatchObject({ name: 'Planner', description: 'Plans', userCount: 0, isAdminRole: false });
    expect(role.grants).toEqual([{ unit: 'sites', action: 'read' }]);
    expect(await audit('role.create', role.id)).toHaveLength(1);

    const renamed = await call(admin, 'PATCH', `/admin/roles/${role.id}`, { name: 'Senior planner' });
    expect(renamed.json()).toMatchObject({ name: 'Senior planner', description: 'Plans' });
    const [rename] = await audit('role.rename', role.id);
    expect(rename!.details).toMatchObject({ before: { name: 'Planner' }, after: { name: 'Senior planner' } });

    const set = await call(admin, 'PUT', `/admin/roles/${role.id}/grants`, {
      grants: [
        { unit: 'placemaker', action: 'read' },
        { unit: 'sites', action: 'write' },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as AdminRole).grants).toHaveLength(2);
    expect((await audit('role.grant', role.id)).map((r) => r.details)).toEqual([
      expect.objectContaining({ unit: 'placemaker', action: 'read' }),
      expect.objectContaining({ unit: 'sites', action: 'write' }),
    ]);
    expect((await audit('role.revoke', role.id)).map((r) => r.details)).toEqual([
      expect.objectContaining({ unit: 'sites', action: 'read' }),
    ]);

    expect((await call(admin, 'DELETE', `/admin/roles/${role.id}`)).statusCode).toBe(204);
    expect((await roles()).some((r) => r.id === role.id)).toBe(false);
    expect(await audit('role.delete', role.id)).toHaveLength(1);
  });

  it('refuses a name the council already uses, whatever its case', async () => {
    const answer = await call(admin, 'POST', '/admin/roles', { name: 'Officer', grants: [] });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(m.roleNameTaken);
    const viewer = await roleNamed('viewer');
    const rename = await call(admin, 'PATCH', `/admin/roles/${viewer.id}`, { name: 'admin' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe(m.roleNameTaken);
    // Another council's names are theirs.
    const elsewhere = await call(otherAdmin, 'POST', '/admin/roles', { name: 'Unique here', grants: [] });
    expect(elsewhere.statusCode).toBe(201);
    expect((await call(admin, 'POST', '/admin/roles', { name: 'Unique here', grants: [] })).statusCode).toBe(
      201,
    );
  });

  it('refuses to delete a role someone holds, or the admin role', async () => {
    const viewer = await roleNamed('viewer');
    const answer = await call(admin, 'DELETE', `/admin/roles/${viewer.id}`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(m.roleInUse(1));
    const adminRole = await roleNamed('admin');
    const refused = await call(admin, 'DELETE', `/admin/roles/${adminRole.id}`);
    expect(refused.statusCode).toBe(409);
    expect(await roleNamed('viewer')).toBeDefined();
  });

  it('refuses revoking authorisation grants from the last administrators', async () => {
    const adminRole = await roleNamed('admin');
    const answer = await call(admin, 'PUT', `/admin/roles/${adminRole.id}/grants`, {
      grants: adminRole.grants.filter((g) => !(g.unit === 'authorisation' && g.action === 'delete')),
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(m.lastFullAccess);
    expect((await roleNamed('admin')).grants).toHaveLength(allGrants.length);
    expect(await audit('role.revoke', adminRole.id)).toHaveLength(0);
  });
});

describe('no one grants more than they hold', () => {
  it('refuses a role, a grant or an assignment with a pair the administrator lacks', async () => {
    // An administrator without dev-features.
    const limitedRole = await call(admin, 'POST', '/admin/roles', {
      name: 'Limited admin',
      grants: (await roleNamed('admin')).grants.filter((g) => g.unit !== 'dev-features'),
    });
    expect(limitedRole.statusCode, limitedRole.body).toBe(201);
    const limited = await newStaff('limited', 'Limited admin');

    const create = await call(limited.session, 'POST', '/admin/roles', {
      name: 'Dev',
      grants: [{ unit: 'dev-features', action: 'read' }],
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe(m.grantBeyondHeld);

    const viewer = await roleNamed('viewer');
    const grant = await call(limited.session, 'PUT', `/admin/roles/${viewer.id}/grants`, {
      grants: [...viewer.grants, { unit: 'dev-features', action: 'write' }],
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe(m.grantBeyondHeld);

    const adminRole = await roleNamed('admin');
    const assign = await call(
      limited.session,
      'PATCH',
      `/admin/users/${(await userByEmail(tenant.email('viewer'))).id}`,
      {
        roleId: adminRole.id,
      },
    );
    expect(assign.statusCode).toBe(403);
    expect(assign.json().message).toBe(m.assignBeyondHeld);
    const invite = await call(limited.session, 'POST', '/admin/users/invitations', {
      email: `boss@${tenant.name}.test`,
      name: 'Boss',
      roleId: adminRole.id,
    });
    expect(invite.statusCode).toBe(403);
    expect((await userByEmail(tenant.email('viewer'))).role?.name).toBe('viewer');
    expect((await users()).some((u) => u.email === `boss@${tenant.name}.test`)).toBe(false);

    // What they hold, they may give.
    const ok = await call(limited.session, 'PUT', `/admin/roles/${viewer.id}/grants`, {
      grants: [...viewer.grants, { unit: 'sites', action: 'write' }],
    });
    expect(ok.statusCode).toBe(200);
    await call(admin, 'PUT', `/admin/roles/${viewer.id}/grants`, { grants: viewer.grants });
  });
});

describe('staff users', () => {
  it('lists staff with role, status and last sign-in; filters by search, role and status', async () => {
    const list = await users();
    const me = list.find((u) => u.email === tenant.email('admin'))!;
    expect(me).toMatchObject({ role: { name: 'admin' }, status: 'active', isYou: true });
    expect(me.lastSignInAt).not.toBeNull();
    expect(list.some((u) => u.email === tenant.email('resident'))).toBe(false);
    expect((await users('?search=OFFIC')).map((u) => u.email)).toEqual([tenant.email('officer')]);
    expect((await users('?search=%25')).length).toBe(0);
    const viewer = await roleNamed('viewer');
    expect((await users(`?roleId=${viewer.id}`)).map((u) => u.email)).toEqual([tenant.email('viewer')]);
    expect((await call(admin, 'GET', '/admin/users?status=gone')).statusCode).toBe(400);
  });

  it('invites by email: the invited person accepts, signs in and holds the role and nothing more', async () => {
    const viewer = await roleNamed('viewer');
    const email = `invitee@${tenant.name}.test`;
    const invited = await call(admin, 'POST', '/admin/users/invitations', {
      email,
      name: 'Ivy Invitee',
      roleId: viewer.id,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const userId = invited.json().userId as string;
    expect((await userByEmail(email)).status).toBe('invited');
    expect((await users('?status=invited')).map((u) => u.email)).toContain(email);
    // No password yet: signing in fails as for anyone.
    const early = await call(null, 'POST', '/auth/firebase-auth/login', { email, password: 'whatever1' });
    expect(early.statusCode).toBe(401);

    // Inviting again sends a new link; the old one stops working.
    const first = (await latestLink(t.outbox, email)).searchParams.get('token')!;
    const again = await call(admin, 'POST', '/admin/users/invitations', {
      email,
      name: 'Ivy Invitee',
      roleId: viewer.id,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().userId).toBe(userId);
    const link = await latestLink(t.outbox, email);
    const token = link.searchParams.get('token')!;
    expect(token).not.toBe(first);
    expect((await call(null, 'POST', '/auth/invitation/check', { token: first })).statusCode).toBe(400);
    const check = await call(null, 'POST', '/auth/invitation/check', { token });
    expect(check.json()).toEqual({ email, name: 'Ivy Invitee', council: `Council of ${tenant.name}` });

    const short = await call(null, 'POST', '/auth/invitation/accept', {
      token,
      password: '12345',
      confirmPassword: '12345',
    });
    expect(short.statusCode).toBe(400);
    const accepted = await call(null, 'POST', '/auth/invitation/accept', {
      token,
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      redirectTo: '/map',
      user: { email, kind: 'staff', emailVerified: true },
    });
    expect(accepted.cookies.some((c) => c.name === 'planning_session')).toBe(true);

    const second = await call(null, 'POST', '/auth/invitation/accept', {
      token,
      password: 'Other1234',
      confirmPassword: 'Other1234',
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(m.invitationInvalid);

    const session = await signIn(t.app, tenant.name, email, 'Secret123');
    expect((await policy(session)).sort()).toEqual(viewer.grants.map((g) => `${g.unit}:${g.action}`).sort());
    expect((await call(session, 'GET', '/admin/users')).statusCode).toBe(403);
    expect((await userByEmail(email)).status).toBe('active');
    expect(await audit('user.invite', userId)).toHaveLength(2);

    // Accepted: inviting the address again is refused.
    const taken = await call(admin, 'POST', '/admin/users/invitations', {
      email,
      name: 'Ivy',
      roleId: viewer.id,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(m.userExists);
    const resident = await call(admin, 'POST', '/admin/users/invitations', {
      email: tenant.email('resident'),
      name: 'Rose',
      roleId: viewer.id,
    });
    expect(resident.statusCode).toBe(409);
    expect(resident.json().message).toBe(m.publicAccountExists);
  });

  it('changes a role (audited) and refuses demoting the last administrator', async () => {
    const officerRole = await roleNamed('officer');
    const viewerRole = await roleNamed('viewer');
    const viewerUser = await userByEmail(tenant.email('viewer'));
    const changed = await call(admin, 'PATCH', `/admin/users/${viewerUser.id}`, { roleId: officerRole.id });
    expect(changed.statusCode).toBe(200);
    expect((await userByEmail(tenant.email('viewer'))).role?.name).toBe('officer');
    const [row] = await audit('user.role-change', viewerUser.id);
    expect(row!.details).toMatchObject({ before: [{ name: 'viewer' }], after: { name: 'officer' } });
    await call(admin, 'PATCH', `/admin/users/${viewerUser.id}`, { roleId: viewerRole.id });

    // The 'Limited admin' of the earlier test is an administrator too: take them out first.
    const limited = await userByEmail(`limited@${tenant.name}.test`);
    expect((await call(admin, 'POST', `/admin/users/${limited.id}/disable`)).statusCode).toBe(200);
    const me = await userByEmail(tenant.email('admin'));
    const demote = await call(admin, 'PATCH', `/admin/users/${me.id}`, { roleId: viewerRole.id });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(m.lastFullAccess);
    expect((await userByEmail(tenant.email('admin'))).role?.name).toBe('admin');
  });

  it('disables (sessions end at once) and enables, never oneself', async () => {
    const officerUser = await userByEmail(tenant.email('officer'));
    const officerSession = await signIn(t.app, tenant.name, tenant.email('officer'));
    const disabled = await call(admin, 'POST', `/admin/users/${officerUser.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().ended).toBeGreaterThanOrEqual(1);
    expect((await call(officerSession, 'GET', '/auth/user')).statusCode).toBe(401);
    expect(
      (
        await call(null, 'POST', '/auth/firebase-auth/login', {
          email: tenant.email('officer'),
          password: 'Password123!',
        })
      ).statusCode,
    ).toBe(401);
    expect((await userByEmail(tenant.email('officer'))).status).toBe('disabled');
    expect((await users('?status=disabled')).map((u) => u.email)).toContain(tenant.email('officer'));
    expect(await audit('user.disable', officerUser.id)).toHaveLength(1);

    expect((await call(admin, 'POST', `/admin/users/${officerUser.id}/enable`)).statusCode).toBe(200);
    expect((await userByEmail(tenant.email('officer'))).status).toBe('active');
    expect(await audit('user.enable', officerUser.id)).toHaveLength(1);
    officer = await signIn(t.app, tenant.name, tenant.email('officer'));

    const me = await userByEmail(tenant.email('admin'));
    const self = await call(admin, 'POST', `/admin/users/${me.id}/disable`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(m.selfDisable);
    const selfDelete = await call(admin, 'DELETE', `/admin/users/${me.id}`);
    expect(selfDelete.statusCode).toBe(409);
    expect(selfDelete.json().message).toBe(m.selfDelete);
  });

  it('refuses disabling or deleting the last other administrator', async () => {
    const second = await newStaff('second-admin', 'admin');
    // Now the demo admin is not the last: the second may disable them, but then not be left alone.
    const first = await userByEmail(tenant.email('admin'));
    const disabled = await call(second.session, 'POST', `/admin/users/${first.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    // The second is now the last administrator: the first cannot come back and delete them (signed out),
    // and the second cannot be removed by anyone else holding the grants.
    expect((await call(admin, 'GET', '/admin/users')).statusCode).toBe(401);
    expect((await call(second.session, 'POST', `/admin/users/${first.id}/enable`)).statusCode).toBe(200);
    admin = await signIn(t.app, tenant.name, tenant.email('admin'));
    expect((await call(admin, 'DELETE', `/admin/users/${second.id}`)).statusCode).toBe(204);
    const last = await call(admin, 'PATCH', `/admin/users/${first.id}`, {
      roleId: (await roleNamed('viewer')).id,
    });
    expect(last.json().message).toBe(m.lastFullAccess);
  });

  it('ends sessions (audited), and sign-out everywhere and administrator sign-ins are audited', async () => {
    const officerUser = await userByEmail(tenant.email('officer'));
    const ended = await call(admin, 'DELETE', `/admin/users/${officerUser.id}/sessions`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().ended).toBeGreaterThanOrEqual(1);
    expect((await call(officer, 'GET', '/auth/user')).statusCode).toBe(401);
    expect((await audit('user.sessions-end', officerUser.id)).length).toBeGreaterThanOrEqual(1);

    officer = await signIn(t.app, tenant.name, tenant.email('officer'));
    expect((await call(officer, 'POST', '/auth/logout-everywhere')).statusCode).toBe(204);
    expect(await audit('auth.sign-out-everywhere', officerUser.id)).toHaveLength(1);

    const me = await userByEmail(tenant.email('admin'));
    expect((await audit('auth.admin-sign-in', me.id)).length).toBeGreaterThanOrEqual(1);
    expect(await audit('auth.admin-sign-in', officerUser.id)).toHaveLength(0);
    officer = await signIn(t.app, tenant.name, tenant.email('officer'));
  });

  it('deletes a user: sessions end, role goes, personal data goes, the email can be invited again', async () => {
    const gone = await newStaff('leaver', 'viewer');
    expect((await call(admin, 'DELETE', `/admin/users/${gone.id}`)).statusCode).toBe(204);
    expect((await call(gone.session, 'GET', '/auth/user')).statusCode).toBe(401);
    expect((await users()).some((u) => u.id === gone.id)).toBe(false);
    const row = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('users').selectAll().where('id', '=', gone.id).executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({ name: 'Deleted user', password_hash: null, phone: null });
    expect(row.email).not.toContain('leaver');
    expect(row.deleted_at).not.toBeNull();
    expect(await audit('user.delete', gone.id)).toHaveLength(1);
    expect((await call(admin, 'DELETE', `/admin/users/${gone.id}`)).statusCode).toBe(404);
    const again = await call(admin, 'POST', '/admin/users/invitations', {
      email: gone.email,
      name: 'Leaver Returns',
      roleId: (await roleNamed('viewer')).id,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().userId).not.toBe(gone.id);
  });
});

describe('consultation accounts', () => {
  it('lists, shows responses, verifies, deletes records and the account, audited', async () => {
    await addNeighbour(t.database.db, tenant);
    const list = (await call(admin, 'GET', '/admin/public-users')).json().users as PublicUser[];
    const resident = list.find((u) => u.email === tenant.email('resident'))!;
    expect(resident).toMatchObject({ verified: true, responseCount: 0 });
    expect(list.some((u) => u.email === tenant.email('admin'))).toBe(false);

    const { documentId } = await withTenant(t.database.db, tenant.id, async (trx) => {
      const doc = await trx
        .insertInto('documents')
        .values({ tenant_id: tenant.id, title: 'Local plan', config: JSON.stringify({}), author_name: 'Ada' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const response = await trx
        .insertInto('document_responses')
        .values({ tenant_id: tenant.id, document_id: doc.id, user_id: resident.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('document_answers')
        .values({
          tenant_id: tenant.id,
          response_id: response.id,
          question_id: 'q1',
          question_type: 'textQuestion',
          value: JSON.stringify('Yes'),
        })
        .execute();
      return { documentId: doc.id };
    });
    const counted = (await call(admin, 'GET', '/admin/public-users?search=resident')).json()
      .users as PublicUser[];
    expect(counted).toEqual([expect.objectContaining({ id: resident.id, responseCount: 1 })]);
    const responses = (await call(admin, 'GET', `/admin/public-users/${resident.id}/responses`)).json()
      .responses;
    expect(responses).toEqual([
      expect.objectContaining({ documentId, documentTitle: 'Local plan', answerCount: 1 }),
    ]);

    await withTenant(t.database.db, tenant.id, (trx) =>
      trx.updateTable('users').set({ email_verified_at: null }).where('id', '=', resident.id).execute(),
    );
    expect(
      ((await call(admin, 'GET', '/admin/public-users?verified=false')).json().users as PublicUser[]).map(
        (u) => u.id,
      ),
    ).toContain(resident.id);
    expect((await call(admin, 'POST', `/admin/public-users/${resident.id}/verify`)).statusCode).toBe(200);
    expect(
      ((await call(admin, 'GET', '/admin/public-users?verified=true')).json().users as PublicUser[]).map(
        (u) => u.id,
      ),
    ).toContain(resident.id);
    expect(await audit('public-user.verify', resident.id)).toHaveLength(1);

    const records = await call(admin, 'DELETE', `/admin/public-users/${resident.id}/records`);
    expect(records.json()).toMatchObject({ deleted: 1 });
    expect(
      (await call(admin, 'GET', `/admin/public-users/${resident.id}/responses`)).json().responses,
    ).toEqual([]);
    expect(await audit('public-user.records-delete', resident.id)).toHaveLength(1);

    const residentSession = await signIn(t.app, tenant.name, tenant.email('resident'));
    expect((await call(admin, 'DELETE', `/admin/public-users/${resident.id}`)).statusCode).toBe(204);
    expect((await call(residentSession, 'GET', '/auth/user')).statusCode).toBe(401);
    expect(
      ((await call(admin, 'GET', '/admin/public-users')).json().users as PublicUser[]).some(
        (u) => u.id === resident.id,
      ),
    ).toBe(false);
    expect(await audit('public-user.delete', resident.id)).toHaveLength(1);

    // A staff id is not a consultation account, and the reverse.
    const staff = await userByEmail(tenant.email('viewer'));
    expect((await call(admin, 'POST', `/admin/public-users/${staff.id}/verify`)).statusCode).toBe(404);
    const neighbour = ((await call(admin, 'GET', '/admin/public-users')).json().users as PublicUser[])[0]!;
    expect((await call(admin, 'POST', `/admin/users/${neighbour.id}/disable`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/admin/public-users/${randomUUID()}`)).statusCode).toBe(404);
  });
});
