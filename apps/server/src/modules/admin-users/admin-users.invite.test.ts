import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { buildTestApp, latestLink, type TestApp } from '../../../test/test-app';
import { findRoleByName } from '../access/access.queries';
import { inviteUser } from './admin-users.invite';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
const operator = { userId: null, email: 'operator@platform.test', ip: null, userAgent: 'council-cli' };

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
});
afterAll(() => t.close());

describe('inviteUser (the service the council command reuses)', () => {
  it('creates a staff account with no password, gives it the role, emails a link and audits it', async () => {
    const roleId = await withTenant(
      t.database.db,
      tenant.id,
      async (trx) => (await findRoleByName(trx, 'admin'))!.id,
    );
    const { userId } = await inviteUser(
      t.app.authDeps,
      tenant.id,
      { email: 'First.Admin@Example.test', name: 'First Admin', roleId },
      operator,
    );
    const link = await latestLink(t.outbox, 'first.admin@example.test');
    expect(link.pathname).toBe('/auth-action');
    expect(link.searchParams.get('mode')).toBe('invite');
    expect(link.searchParams.get('tenant')).toBe(tenant.name);
    const mail = (await t.outbox()).at(-1)!;
    expect(mail.subject).toBe(`You have been invited to Council of ${tenant.name}`);

    const row = await withTenant(t.database.db, tenant.id, async (trx) => ({
      user: await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
      roles: await trx.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute(),
      tokens: await trx.selectFrom('auth_tokens').selectAll().where('user_id', '=', userId).execute(),
      audit: await trx.selectFrom('audit_log').selectAll().where('target_id', '=', userId).execute(),
    }));
    expect(row.user).toMatchObject({ kind: 'staff', password_hash: null, email: 'first.admin@example.test' });
    expect(row.user.invited_at).not.toBeNull();
    expect(row.roles).toEqual([{ role_id: roleId }]);
    expect(row.tokens).toHaveLength(1);
    expect(row.tokens[0]!.purpose).toBe('invite');
    expect(row.tokens[0]!.token_hash).not.toContain(link.searchParams.get('token'));
    expect(row.audit).toHaveLength(1);
    expect(row.audit[0]).toMatchObject({ action: 'user.invite', actor_email: 'operator@platform.test' });
  });

  it('comes from the council: its name, its sender address and its reply-to when it has them', async () => {
    const roleId = await withTenant(
      t.database.db,
      tenant.id,
      async (trx) => (await findRoleByName(trx, 'admin'))!.id,
    );
    const invite = (to: string) =>
      inviteUser(t.app.authDeps, tenant.id, { email: to, name: 'Officer', roleId }, operator);
    // Row-level security: the council's own row is written inside its tenant transaction.
    const setEmails = (emails: string) =>
      withTenant(t.database.db, tenant.id, (trx) =>
        trx.updateTable('tenants').set({ emails }).where('id', '=', tenant.id).execute(),
      );
    const mailTo = async (to: string) => (await t.outbox()).filter((sent) => sent.to === to).at(-1)!;

    await setEmails(JSON.stringify({}));
    await invite('no.settings@example.test');
    const plain = await mailTo('no.settings@example.test');
    expect(plain.from).toBe(`"Council of ${tenant.name}" <no-reply@planning.localhost>`);
    expect(plain.replyTo).toBeUndefined();

    await setEmails(JSON.stringify({ noReply: 'noreply@council.test', forReply: 'planning@council.test' }));
    await invite('with.settings@example.test');
    const own = await mailTo('with.settings@example.test');
    expect(own.from).toBe(`"Council of ${tenant.name}" <noreply@council.test>`);
    expect(own.replyTo).toBe('planning@council.test');
  });
});
