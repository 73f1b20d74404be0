import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserMessages } from '@planning/shared';
import {
  animationsSettled,
  openAsTenant,
  openedDialog,
  startRunningApp,
  type RunningApp,
} from './support/running-app';

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

/** The link in the latest email to `to`, as the recipient would click it. */
async function latestLink(to: string): Promise<string> {
  const mail = (await running.outbox()).filter((sent) => sent.to === to).at(-1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link emailed to ${to}`);
  return link;
}

describe('roles and users (issue 16 point 7)', () => {
  it('creates a read-only sites role, invites a user with it, who signs in and can only read', async () => {
    const email = 'reader@demo.test';
    const admin = await openAsTenant(running, 'demo', '/admin/placemaker/roles');
    await admin.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
    await admin
      .getByRole('cell', { name: /officer/ })
      .first()
      .waitFor();

    // A new role with placemaker read and sites read.
    await admin.getByRole('button', { name: 'New role' }).click();
    const roleDrawer = await openedDialog(admin, 'New role');
    await roleDrawer.getByLabel('Name').fill('Site reader');
    await roleDrawer.getByLabel('Description').fill('Reads sites, changes nothing');
    await roleDrawer.getByRole('checkbox', { name: 'Placemaker: Read' }).check();
    await roleDrawer.getByRole('checkbox', { name: 'Sites: Read' }).check();
    await roleDrawer.getByRole('button', { name: 'Create role' }).click();
    await roleDrawer.waitFor({ state: 'detached' });
    const row = admin.getByRole('row').filter({ hasText: 'Site reader' });
    await row.waitFor();
    await expect.poll(() => row.getByText('Sites: read', { exact: true }).count()).toBe(1);
    expect(await row.getByText('Placemaker: read', { exact: true }).count()).toBe(1);
    expect(await row.locator('.ant-tag').count()).toBe(2);

    // Invite reader@demo.test with it.
    await admin.goto(`${running.baseUrl}/admin/placemaker/users`);
    await admin.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Invite user' }).click();
    const invite = await openedDialog(admin, 'Invite user');
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Name').fill('Rita Reader');
    await invite.getByLabel('Role').click();
    const option = admin.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Site reader"]');
    await option.waitFor();
    await animationsSettled(admin);
    await option.click();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(adminUserMessages.invitationSent(email)).waitFor();
    const invitedRow = admin.getByRole('row').filter({ hasText: email });
    await invitedRow.getByText('Invited').waitFor();

    // The invited person opens the emailed link, sets a password and is signed in.
    const link = await latestLink(email);
    const reader = await running.newPage();
    await reader.goto(link);
    await reader.getByRole('heading', { name: /^Join / }).waitFor();
    await reader.getByText(email).waitFor();
    await reader.getByLabel('Password', { exact: true }).fill('12345');
    await reader.getByLabel('Confirm password').fill('12345');
    await reader.getByRole('button', { name: 'Set password and sign in' }).click();
    await reader.getByText('Password must be at least 6 characters').first().waitFor();
    await reader.getByLabel('Password', { exact: true }).fill('Reader-Pass-1');
    await reader.getByLabel('Confirm password').fill('Reader-Pass-1');
    await reader.getByRole('button', { name: 'Set password and sign in' }).click();
    await reader.waitForURL(/\/map/);

    // /map shows sites; the controls that change them are not there.
    await reader.getByRole('link', { name: 'View Site Details' }).first().waitFor({ timeout: 30_000 });
    expect(await reader.getByRole('button', { name: 'Draw site polygon' }).count()).toBe(0);
    expect(await reader.getByRole('button', { name: 'Draw site point' }).count()).toBe(0);

    // The admin area sends them home.
    await reader.goto(`${running.baseUrl}/admin/placemaker/users`);
    await reader.waitForURL((url) => !url.pathname.startsWith('/admin'));
    await reader.getByRole('link', { name: 'View Site Details' }).first().waitFor({ timeout: 30_000 });

    // A second use of the link is refused.
    await reader.goto(link);
    await reader.getByText(adminUserMessages.invitationInvalid).first().waitFor();

    // Signing in again with the password works; the admin sees them active with a last sign-in.
    await reader.context().clearCookies();
    await reader.goto(`${running.baseUrl}/sign-in`);
    await reader.getByLabel('Email').fill(email);
    await reader.getByLabel('Password', { exact: true }).fill('Reader-Pass-1');
    await reader.getByRole('button', { name: /^Sign in$/ }).click();
    await reader.waitForURL(/\/map/);
    await admin.reload();
    await admin.getByRole('row').filter({ hasText: email }).getByText('Active').waitFor();
  });
});
