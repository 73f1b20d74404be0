import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cfsMessages } from '@planning/shared';
import { axeViolationsIn } from './support/axe';
import { FIRST_LOAD, screenshot, sessionApi } from './support/consultations';
import {
  chooseOption,
  openAsTenant,
  popoverOpened,
  type RunningApp,
  startRunningApp,
} from './support/running-app';

/**
 * Issue 27 point 1, calls for sites: an administrator opens a call now, with guidance, and
 * another from next month; a signed-out visitor on a phone finds both on /calls-for-sites and
 * reads the open one's guidance; the administrator cancels the open call and the public no
 * longer sees it.
 */

let running: RunningApp;
const QUESTIONNAIRE = 'Journey call for sites questions';
const OPEN_CALL = 'Local plan call for sites';
const UPCOMING_CALL = 'Brownfield land call for sites';
const GUIDANCE = 'Tell us about land of at least a quarter of a hectare that could take five homes or more.';

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as a datetime-local input takes it (the browser's clock, the same machine's as this one). */
const localInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
const DAY = 24 * 60 * 60 * 1000;

/** A visitor with no account, on a 375 px wide phone. */
async function openAsVisitor(path: string, width = 375, height = 812): Promise<Page> {
  const context = await running.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('tenantName', 'demo'));
  await page.goto(`${running.baseUrl}${path}`);
  return page;
}

/** Nothing wider than the window: no sideways scrolling on a phone. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Fills the call form and creates the call; the list opens on the call's state. */
async function createCall(
  page: Page,
  call: { name: string; description: string; opens: Date; closes: Date; guidance?: string },
) {
  await page.getByRole('button', { name: 'New call for sites' }).click();
  await page.getByRole('heading', { level: 1, name: 'New call for sites' }).waitFor();
  await page.getByLabel('Name').fill(call.name);
  await page.getByLabel('Description').fill(call.description);
  await page.getByLabel('Opens').fill(localInput(call.opens));
  await page.getByLabel('Closes').fill(localInput(call.closes));
  await chooseOption(page, page.getByRole('combobox', { name: 'Questionnaire' }), QUESTIONNAIRE);
  if (call.guidance) {
    await page.getByRole('textbox', { name: 'Guidance' }).click();
    await page.keyboard.type(call.guidance);
  }
  await page.getByRole('button', { name: 'Create call for sites' }).click();
}

beforeAll(async () => {
  running = await startRunningApp();
  // A Call for sites questionnaire config of the journey's own, made as the Questions tab makes one.
  const admin = await openAsTenant(running, 'demo', '/admin/cfs/questions', 'admin');
  const api = await sessionApi(running, admin);
  await api.post('/config-documents', { type: 'call-for-sites-questionnaire', label: QUESTIONNAIRE });
  await admin.context().close();
});
afterAll(() => running?.close());

describe('calls for sites (issue 27 point 1)', () => {
  it('opens a call now and one next month, and lists them under Open and Upcoming', async () => {
    const page = await openAsTenant(running, 'demo', '/admin/cfs/calls', 'admin');
    await page.getByRole('heading', { level: 1, name: 'Calls for sites' }).waitFor(FIRST_LOAD);
    await page.getByRole('tab', { name: 'Upcoming (0)' }).waitFor();
    expect(await axeViolationsIn(page, '.admin-frame')).toEqual([]);

    // A call that closes before it opens is refused on the Closes field.
    const now = Date.now();
    await page.getByRole('button', { name: 'New call for sites' }).click();
    await page.getByRole('heading', { level: 1, name: 'New call for sites' }).waitFor();
    // The demo council has no layer on the public web map: the form says so.
    await page.getByText('This council has no layers on the public web map yet').waitFor();
    await page.getByLabel('Opens').fill(localInput(new Date(now + DAY)));
    await page.getByLabel('Closes').fill(localInput(new Date(now - DAY)));
    await page.getByRole('button', { name: 'Create call for sites' }).click();
    const closes = page.locator('.ant-form-item', { has: page.getByLabel('Closes') });
    await closes.getByText(cfsMessages.endAfterStart).waitFor();
    await page.getByText(cfsMessages.nameRequired).waitFor();
    expect(await axeViolationsIn(page, '.admin-frame')).toEqual([]);
    await page.getByRole('button', { name: 'Back to calls for sites' }).click();
    await page.getByRole('heading', { level: 1, name: 'Calls for sites' }).waitFor();

    await createCall(page, {
      name: OPEN_CALL,
      description: 'Land for homes, jobs and open space to 2045.',
      opens: new Date(now - 60 * 60 * 1000),
      closes: new Date(now + 42 * DAY),
      guidance: GUIDANCE,
    });
    await page.getByText(cfsMessages.created).waitFor();
    await page.waitForURL(/\/admin\/cfs\/calls\?state=open$/);
    const open = page.getByRole('tab', { name: 'Open (1)' });
    await expect.poll(() => open.getAttribute('aria-selected')).toBe('true');
    const row = page.getByRole('row', { name: new RegExp(OPEN_CALL) });
    await expect.poll(() => row.innerText()).toContain(QUESTIONNAIRE);
    expect(await row.innerText()).toContain('None');
    await row.getByRole('link', { name: `View public page of ${OPEN_CALL}` }).waitFor();

    const nextMonth = new Date(now);
    nextMonth.setMonth(nextMonth.getMonth() + 1);
    nextMonth.setHours(9, 0, 0, 0);
    await createCall(page, {
      name: UPCOMING_CALL,
      description: 'Previously developed land for the brownfield register.',
      opens: nextMonth,
      closes: new Date(nextMonth.getTime() + 56 * DAY),
    });
    await page.waitForURL(/\/admin\/cfs\/calls$/);
    const upcoming = page.getByRole('tab', { name: 'Upcoming (1)' });
    await expect.poll(() => upcoming.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('row', { name: new RegExp(UPCOMING_CALL) }).waitFor();
    expect(await axeViolationsIn(page, '.admin-frame')).toEqual([]);
    await screenshot(page, 'cfs-admin-upcoming');

    // The form of a saved call shows what was saved, guidance included.
    await page.getByRole('tab', { name: 'Open (1)' }).click();
    await page.getByRole('link', { name: `Edit ${OPEN_CALL}` }).click();
    await page.getByRole('heading', { level: 1, name: OPEN_CALL }).waitFor();
    await page.getByRole('textbox', { name: 'Guidance' }).getByText(GUIDANCE).waitFor();
    await page
      .locator('.ant-form-item', { has: page.getByRole('combobox', { name: 'Questionnaire' }) })
      .getByText(QUESTIONNAIRE, { exact: true })
      .waitFor();
    expect(await axeViolationsIn(page, '.admin-frame')).toEqual([]);
    await screenshot(page, 'cfs-admin-form');
  });

  it('shows a signed-out visitor on a phone the open and upcoming calls, and the open one’s guidance', async () => {
    const page = await openAsVisitor('/calls-for-sites');
    await page.getByRole('heading', { level: 1, name: 'Calls for sites' }).waitFor(FIRST_LOAD);
    const open = page.getByRole('region', { name: 'Open calls for sites' });
    const upcoming = page.getByRole('region', { name: 'Upcoming calls for sites' });
    await open.getByRole('heading', { level: 3, name: OPEN_CALL }).waitFor();
    expect(await open.innerText()).toMatch(/Closes .+ 20\d\d/);
    await upcoming.getByRole('heading', { level: 3, name: UPCOMING_CALL }).waitFor();
    expect(await upcoming.innerText()).toMatch(/Opens .+ 20\d\d/);
    expect(page.url()).toBe(`${running.baseUrl}/calls-for-sites`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolationsIn(page, 'html')).toEqual([]);
    await screenshot(page, 'cfs-public-list-375');

    await open.getByRole('link', { name: OPEN_CALL }).click();
    await page.getByRole('heading', { level: 1, name: OPEN_CALL }).waitFor();
    await page.locator('.calls-public__tag', { hasText: 'Open' }).waitFor();
    const guidance = page.getByRole('region', { name: 'Guidance' });
    await guidance.getByText(GUIDANCE).waitFor();
    expect(await page.locator('dl').innerText()).toMatch(/Opens\s+.+\s+Closes\s+.+/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolationsIn(page, 'html')).toEqual([]);
    await screenshot(page, 'cfs-public-call-375');

    if (process.env.E2E_SCREENSHOTS) {
      const wide = await openAsVisitor(new URL(page.url()).pathname, 1280, 800);
      await wide.getByRole('heading', { level: 1, name: OPEN_CALL }).waitFor(FIRST_LOAD);
      await wide.getByText(GUIDANCE).waitFor();
      await screenshot(wide, 'cfs-public-call-1280');
      await wide.getByRole('link', { name: 'All calls for sites' }).click();
      await wide.getByRole('heading', { level: 3, name: UPCOMING_CALL }).waitFor();
      await screenshot(wide, 'cfs-public-list-1280');
    }
  });

  it('cancels the open call, which the public list then leaves out', async () => {
    const page = await openAsTenant(running, 'demo', '/admin/cfs/calls?state=open', 'admin');
    const row = page.getByRole('row', { name: new RegExp(OPEN_CALL) });
    await row.waitFor(FIRST_LOAD);
    const publicPath = new URL(
      (await row.getByRole('link', { name: `View public page of ${OPEN_CALL}` }).getAttribute('href'))!,
      running.baseUrl,
    ).pathname;
    await row.getByRole('button', { name: `Cancel ${OPEN_CALL}` }).click();
    await popoverOpened(page);
    await page.getByRole('button', { name: 'Cancel call' }).click();
    await page.getByRole('tab', { name: 'Cancelled (1)' }).waitFor();
    await page.getByRole('tab', { name: 'Open (0)' }).waitFor();
    await page.getByRole('tab', { name: 'Cancelled (1)' }).click();
    const cancelled = page.getByRole('row', { name: new RegExp(OPEN_CALL) });
    await cancelled.getByRole('button', { name: `Reinstate ${OPEN_CALL}` }).waitFor();
    expect(await axeViolationsIn(page, '.admin-frame')).toEqual([]);

    const visitor = await openAsVisitor('/calls-for-sites');
    await visitor.getByRole('heading', { level: 1, name: 'Calls for sites' }).waitFor(FIRST_LOAD);
    const open = visitor.getByRole('region', { name: 'Open calls for sites' });
    await open.getByText(cfsMessages.noOpenCalls).waitFor();
    await visitor.getByRole('heading', { level: 3, name: UPCOMING_CALL }).waitFor();
    expect(await visitor.getByText(OPEN_CALL).count()).toBe(0);
    expect(await axeViolationsIn(visitor, 'html')).toEqual([]);

    // Its own page is gone too.
    await visitor.goto(`${running.baseUrl}${publicPath}`);
    await visitor.getByRole('heading', { level: 1, name: cfsMessages.callNotFound }).waitFor(FIRST_LOAD);
  });
});
