import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { buildTestApp, type SentMail, type TestApp } from '../../../test/test-app';
import { findRoleByName } from '../access/access.queries';
import { inviteUser } from '../admin-users/admin-users.invite';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PLATFORM_ADDRESS = 'no-reply@planning.localhost';
const operator = { userId: null, email: 'operator@platform.test', ip: null, userAgent: 'council-cli' };

const post = (url: string, tenant: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { 'x-tenant': tenant }, payload });

/** The newest email to `to` whose subject starts so, once it has been sent (some go in the background). */
async function mailTo(to: string, subject: string): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(async () => {
      found = (await t.outbox()).filter((sent) => sent.to === to && sent.subject.startsWith(subject)).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/**
 * Issue 25 point 6: every email sent on a council's behalf comes from the council, as the
 * invitation already did: its name always, its sender and reply-to addresses when its settings
 * have them.
 */
describe('emails sent on behalf of a council', () => {
  let counter = 0;

  /** Sends each kind of email to fresh addresses and answers them by kind. */
  async function sendEach(tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>) {
    const stamp = `${++counter}.${Date.now()}`;
    const signUpEmail = `signer${stamp}@example.test`;
    const signUp = await post('/auth/firebase-auth/signup', tenant.name, {
      email: signUpEmail,
      password: 'Sunny-Day-42',
      confirmPassword: 'Sunny-Day-42',
      name: 'Mary-Jane Smith',
      phone: '020 7946 0958',
    });
    expect(signUp.statusCode).toBe(201);
    const reset = await post('/auth/password-reset/request', tenant.name, {
      email: tenant.email('resident'),
    });
    expect(reset.statusCode).toBe(202);
    const roleId = await withTenant(
      t.database.db,
      tenant.id,
      async (trx) => (await findRoleByName(trx, 'admin'))!.id,
    );
    const invited = `invited${stamp}@example.test`;
    await inviteUser(t.app.authDeps, tenant.id, { email: invited, name: 'Officer', roleId }, operator);
    return {
      verification: await mailTo(signUpEmail, 'Confirm your email address'),
      reset: await mailTo(tenant.email('resident'), 'Reset your password'),
      invitation: await mailTo(invited, 'You have been invited'),
    };
  }

  // Row-level security: the council's own row is written inside its tenant transaction.
  const setEmails = (tenantId: string, emails: object) =>
    withTenant(t.database.db, tenantId, (trx) =>
      trx
        .updateTable('tenants')
        .set({ emails: JSON.stringify(emails) })
        .where('id', '=', tenantId)
        .execute(),
    );

  it("carries the council's name on the platform's address when the council has no addresses", async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    await setEmails(tenant.id, {});
    const sent = await sendEach(tenant);
    for (const [kind, mail] of Object.entries(sent)) {
      expect(mail.from, kind).toBe(`"Council of ${tenant.name}" <${PLATFORM_ADDRESS}>`);
      expect(mail.replyTo, kind).toBeUndefined();
    }
  });

  it("comes from the council's sender address, with replies to its reply-to address", async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    await setEmails(tenant.id, { noReply: 'noreply@council.test', forReply: 'planning@council.test' });
    const sent = await sendEach(tenant);
    for (const [kind, mail] of Object.entries(sent)) {
      expect(mail.from, kind).toBe(`"Council of ${tenant.name}" <noreply@council.test>`);
      expect(mail.replyTo, kind).toBe('planning@council.test');
    }
  });
});
