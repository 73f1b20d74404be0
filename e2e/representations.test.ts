import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { representationMessages as m } from '../packages/shared/src/representations/messages';
import { axeViolations } from './support/axe';
import { fieldError, managerApi } from './support/representations';
import {
  chooseOption,
  openAsTenant,
  openedDialog,
  type RunningApp,
  startRunningApp,
} from './support/running-app';

let running: RunningApp;
/** A screen's first showing: its chunk and first answers, on a machine running other suites too. */
const FIRST_LOAD = { timeout: 60_000 };

beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
};

const LETTER = [
  'Dear Planning Policy Team,',
  '',
  'The Friends of the Valley object to the allocation of the valley meadow (site 12) for 300 homes.',
  'The meadow floods every winter and is the only green space within walking distance of the school.',
  '',
  'Yours faithfully,',
  'Jane Doe, Secretary',
].join('\n');

describe('representation manager (issue 15 point 2)', () => {
  // Two drawers, eleven steps and three saves: longer than the default minute on a busy machine.
  it(
    'records a letter from a new organisation through the drawers, sets its status and deletes it',
    { timeout: 150_000 },
    async () => {
      const page = await openAsTenant(running, 'demo', '/consultations/representations/all', 'officer');
      const api = await managerApi(running, page);
      const event = await api.createEvent(`Valley Local Plan ${Date.now()}`);
      const organisation = `Friends of the Valley ${Date.now().toString(36)}`;

      // The table first (the demo council's letters are already in it).
      await page.getByText(/^\d[\d,]* representations?$/).waitFor(FIRST_LOAD);
      await page.getByRole('button', { name: 'New representation' }).click();
      const drawer = await openedDialog(page, 'New representation');
      await expect.poll(() => page.url()).toMatch(/\/all\/new-representation\/representee$/);

      // Spec 02 §5: no representee chosen.
      await drawer.getByRole('button', { name: 'Next' }).click();
      await drawer.getByText(m.representeeRequired).waitFor();

      // The organisation drawer, on top: details, then its contact, then confirm.
      await drawer.getByRole('button', { name: 'New organisation' }).click();
      const orgDrawer = await openedDialog(page, 'New organisation');
      await orgDrawer.getByLabel('Organisation name').fill(organisation);
      await chooseOption(page, orgDrawer.getByLabel('Organisation type'), 'Community group');
      await orgDrawer.getByLabel('Email (optional)').fill('hello@valley.example');
      await orgDrawer.getByLabel('Phone number (optional)').fill('020 7946 0958');
      await orgDrawer.getByLabel('Postcode').fill('VALLEY 1');
      await orgDrawer.getByRole('button', { name: 'Next' }).click();
      // Spec 02 §5, word for word, tied to the field it is about.
      await orgDrawer.getByText(m.postcodeInvalid).waitFor();
      const postcode = orgDrawer.getByLabel('Postcode');
      expect(await postcode.getAttribute('aria-invalid')).toBe('true');
      expect(await fieldError(postcode)).toBe(m.postcodeInvalid);
      await shot(page, 'representations-postcode');
      expect(await axeViolations(page)).toEqual([]);
      await postcode.fill('ls1 4ap');
      await orgDrawer.getByRole('button', { name: 'Next' }).click();
      await orgDrawer.getByRole('heading', { name: 'Contact details' }).waitFor();
      await orgDrawer.getByLabel('First name').fill('Jane');
      await orgDrawer.getByLabel('Last name').fill('Doe');
      await orgDrawer.getByLabel('Job title (optional)').fill('Secretary');
      await orgDrawer.getByRole('button', { name: 'Next' }).click();
      await orgDrawer.getByText('LS1 4AP').waitFor();
      await orgDrawer.getByRole('button', { name: 'Create organisation' }).click();
      await page.getByText(m.operationSuccessful).first().waitFor();
      await orgDrawer.waitFor({ state: 'hidden' });
      // The new organisation is the representee.
      await drawer.getByText(organisation).waitFor();

      // No agent; then the correspondence, whose dates the spec asks for in its own words.
      await drawer.getByRole('button', { name: 'Next' }).click();
      await drawer.getByRole('heading', { name: 'Agent' }).waitFor();
      await expect.poll(() => page.url()).toMatch(/\/new-representation\/agent$/);
      await drawer.getByRole('button', { name: 'Next' }).click();
      await drawer.getByRole('heading', { name: 'Correspondence' }).waitFor();
      // The browser's Back walks the steps.
      await page.goBack();
      await drawer.getByRole('heading', { name: 'Agent' }).waitFor();
      await page.goForward();
      await drawer.getByRole('heading', { name: 'Correspondence' }).waitFor();
      await drawer.getByRole('button', { name: 'Next' }).click();
      await drawer.getByText(m.receivedDateRequired).waitFor();
      await drawer.getByText(m.acknowledgeDateRequired).waitFor();
      expect(await fieldError(drawer.getByLabel('Received date'))).toBe(m.receivedDateRequired);
      expect(await axeViolations(page)).toEqual([]);

      await chooseOption(page, drawer.getByLabel('Consultation event'), event.name);
      await chooseOption(page, drawer.getByLabel('Correspondence'), 'Letter');
      await drawer.getByLabel('Letter date (optional)').fill('2026-03-01');
      await drawer.getByLabel('Received date').fill('2026-03-02');
      await drawer.getByLabel('Acknowledged date').fill('2026-03-04');
      await chooseOption(page, drawer.getByLabel('Attitude (optional)'), 'Oppose');
      await drawer.getByLabel('Text as received (optional)').fill(LETTER);
      await drawer.getByRole('button', { name: 'Next' }).click();
      await drawer.getByText(`Organisation: ${organisation}`).waitFor();
      await shot(page, 'representations-confirm');
      const created = page.waitForResponse(
        (answer) =>
          answer.url().endsWith('/api/v1/consultations/representations') &&
          answer.request().method() === 'POST',
      );
      await drawer.getByRole('button', { name: 'Create representation' }).click();
      const answer = await created;
      expect(answer.status()).toBe(201);
      const { id } = (await answer.json()) as { id: string };
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => page.url()).toMatch(/\/consultations\/representations\/all$/);

      // In the table (found by its representee's name), and kept as entered.
      const search = async () => {
        const box = page.getByLabel('Search representations');
        await box.fill(organisation);
        await box.press('Enter');
        await page.getByText('1 representation', { exact: true }).waitFor(FIRST_LOAD);
      };
      await search();
      const row = page.getByRole('row').filter({ hasText: organisation });
      await row.waitFor();
      const stored = await api.representation(id);
      expect(stored).toMatchObject({
        representeeType: 'organisation',
        representeeName: organisation,
        consultationEventId: event.id,
        correspondenceType: 'Letter',
        letterDate: '2026-03-01',
        receivedDate: '2026-03-02',
        acknowledgementDate: '2026-03-04',
        attitude: 'Oppose',
        status: 'Received',
        originalText: LETTER,
      });
      const reference = stored!.reference;
      await row.getByRole('link', { name: `Open ${reference}` }).waitFor();
      await shot(page, 'representations-table');
      expect(await axeViolations(page)).toEqual([]);

      // Spec 02 §4: the status, one of the eight, saved.
      const status = page.getByRole('combobox', { name: `Status of ${reference}` });
      const saved = page.waitForResponse((reply) =>
        reply.url().endsWith('/consultations/representations/status'),
      );
      await chooseOption(page, status, 'Response sent');
      expect((await saved).status()).toBe(204);
      // The search is kept in the address: a reload shows the same table, the box still filled.
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(organisation);
      await page.reload();
      await page.getByText('1 representation', { exact: true }).waitFor(FIRST_LOAD);
      expect(await page.getByLabel('Search representations').inputValue()).toBe(organisation);
      await page
        .getByRole('row')
        .filter({ hasText: organisation })
        .locator('.ant-select')
        .getByText('Response sent')
        .waitFor(FIRST_LOAD);
      expect((await api.representation(id))?.status).toBe('Response sent');

      // Deleted after a confirmation; the selection goes with it.
      await page.getByRole('checkbox', { name: `Select ${reference}` }).check();
      const bulk = page.getByRole('group', { name: 'Selected representations' });
      await bulk.getByText('1 selected').waitFor();
      await bulk.getByRole('button', { name: 'Delete' }).click();
      const confirm = await openedDialog(page, 'Delete 1 representation?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText(m.noRepresentations).waitFor();
      await bulk.waitFor({ state: 'detached' });
      expect(await api.representation(id)).toBeNull();
      await shot(page, 'representations-deleted');
    },
  );
});
