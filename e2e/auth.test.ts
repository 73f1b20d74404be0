import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@planning/shared';
import { accountKey } from '../apps/server/src/lib/rate-limit';
import { endUserSessions } from '../apps/server/src/modules/auth/auth.service';
import { findTenantByName } from '../apps/server/src/modules/tenants/tenants.queries';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { openAsTenant, startRunningApp, type RunningApp } from './support/running-app';

let running: RunningApp;
beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

describe('a resident signs up, confirms the address, signs in and out', () => {
  it('works end to end through the emailed link', async () => {
    const email = `newcomer.${Date.now()}@example.test`;
    const page = await openAsTenant(running, 'demo', '/consultations/sign-up', null);
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sunny-Day-42');
    await page.getByLabel('Confirm password').fill('Sunny-Day-43');
    await page.getByLabel('Name').fill('Mary-Jane Smith');
    await page.getByLabel('Phone number').fill('12345');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Passwords should match').waitFor();
    await page.getByText('Must be a valid phone number').waitFor();

    await page.getByLabel('Confirm password').fill('Sunny-Day-42');
    await page.getByLabel('Phone number').fill('020 7946 0958');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(email).waitFor();

    const mail = (await running.outbox()).filter((sent) => sent.to === email).at(-1);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByText('Your email address has been confirmed').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sunny-Day-42');
    await page.getByRole('button', { name: /^Log in$|^Sign in$/ }).click();
    await page.getByRole('heading', { name: 'All documents' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/p/document/all');

    // The public documents' own header (spec 02 §2): its user menu always offers Log out.
    await page.getByRole('button', { name: 'Mary-Jane Smith' }).click();
    await page.getByRole('menuitem', { name: 'Log out', exact: true }).click();
    // Signed out once the header offers Log in: leaving before would abort the sign-out call.
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    await page.goto(`${running.baseUrl}/p/document/my-responses`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/p/document/my-responses');
    await page.context().close();
  });

  it('shows the spec message for a wrong password', async () => {
    const page = await openAsTenant(running, 'demo', '/sign-in', null);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill('officer@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Email or password is incorrect' }).first().waitFor();
    await page.context().close();
  });

  it('tells the owner of an account under attack to use the emailed link, and emails it', async () => {
    const email = 'officer@northfield.test';
    const tenant = await findTenantByName(running.database.db, 'northfield');
    if (!tenant) throw new Error('no northfield tenant');
    // Failures from many addresses (the browser has only one): the account's limit is reached.
    const { limiter, config } = running.app.authDeps;
    for (let i = 0; i < config.authRateLimit.perAccount; i += 1)
      await limiter.countFailure({ ip: `10.77.0.${i}`, account: accountKey(tenant.id, email) });

    const page = await openAsTenant(running, 'northfield', '/sign-in', null);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Password123!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('status').filter({ hasText: authMessages.signInNeedsEmailLink }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await expect
      .poll(async () =>
        (await running.outbox()).some((mail) => mail.to === email && mail.subject.startsWith('Reset')),
      )
      .toBe(true);
    await page.context().close();
  });
});

describe('permissions in the screens', () => {
  it('sends a signed-out visitor of a staff page to sign-in, keeping where they were going', async () => {
    const page = await openAsTenant(running, 'demo', '/table?page=2', null);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/table?page=2');
    await page.getByLabel('Email').fill('officer@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('Password123!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Site table' }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/table?page=2');
    await page.context().close();
  });

  it('shows a viewer the bulk actions dimmed and inert, and an officer the same actions enabled', async () => {
    const viewer = await openAsTenant(running, 'demo', '/map', 'viewer');
    await viewer.getByRole('heading', { name: 'Site search' }).waitFor();
    await viewer.waitForFunction(() => document.querySelector('[inert]') !== null);
    const state = await viewer.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) =>
        b.textContent?.includes('Bulk actions'),
      );
      const wrapper = button?.closest('[inert]') as HTMLElement | null;
      return { inert: wrapper !== null, opacity: wrapper ? getComputedStyle(wrapper).opacity : null };
    });
    expect(state.inert).toBe(true);
    expect(Number(state.opacity)).toBeLessThan(1);
    await viewer
      .getByText('You do not have permission to do this. Please contact your administrator.')
      .first()
      .waitFor({ state: 'attached' });
    expect(await viewer.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await viewer.context().close();

    const officer = await openAsTenant(running, 'demo', '/map', 'officer');
    await officer.getByRole('heading', { name: 'Site search' }).waitFor();
    // Bulk actions act on a selection.
    await officer
      .getByRole('checkbox', { name: /^Select Land/ })
      .first()
      .check();
    await officer.getByRole('button', { name: 'Bulk actions' }).click();
    await officer.getByRole('menuitem', { name: 'Add tag' }).waitFor();
    expect(await officer.locator('[inert]').count()).toBe(0);
    await officer.context().close();
  });

  it('keeps a resident out of staff screens', async () => {
    const page = await openAsTenant(running, 'demo', '/map', 'resident');
    await page.getByRole('heading', { name: 'All documents' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/p/document/all');
    await page.context().close();
  });
});

describe('a revoked session', () => {
  it('lands on /session-expired at the next request', async () => {
    const page = await openAsTenant(running, 'demo', '/map', 'viewer');
    await page.getByRole('heading', { name: 'Site search' }).waitFor();
    const tenant = await findTenantByName(running.database.db, 'demo');
    if (!tenant) throw new Error('no demo tenant');
    const viewer = await withTenant(running.database.db, tenant.id, (trx) =>
      trx.selectFrom('users').select('id').where('email', '=', 'viewer@demo.test').executeTakeFirstOrThrow(),
    );
    const deps = { db: running.database.db } as Parameters<typeof endUserSessions>[0];
    expect(await endUserSessions(deps, tenant.id, viewer.id, 'admin')).toBeGreaterThan(0);

    // The next request hears it: the app's own (it may refresh on its own first) or this search.
    try {
      await page.getByLabel('Site name').fill('Mill', { timeout: 2000 });
      await page.getByRole('button', { name: 'Search Sites' }).click({ timeout: 2000 });
    } catch {
      // The app has already left the page for /session-expired.
    }
    await page.getByRole('heading', { name: 'Your session has ended' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/session-expired');
    await page.getByRole('button', { name: 'Sign in again' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });
});
