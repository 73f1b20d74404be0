import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { axeViolationsIn } from './support/axe';
import { cfsSubmissionMessages as M, fileMessages, gridReferenceMessages } from '@planning/shared';
import { focused, tabTo } from './support/keyboard';
import { FIRST_LOAD, sessionApi } from './support/consultations';
import {
  councilId,
  openAsTenant,
  signInThroughApi,
  type RunningApp,
  startRunningApp,
} from './support/running-app';

/**
 * Issue 27 point 2, submitting sites: an agent on a phone opens an open call for sites, starts a
 * submission, gives their details and their client's, adds two sites (the first boundary from a
 * GeoJSON file, the second typed from the keyboard as grid references: point 7), answers the
 * call's questionnaire (a topic shown whole, one shown a question at a time with a ranking),
 * attaches supporting documents (one refused, one removed), is told what is missing when they
 * first submit, fixes it and gets a reference; the receipt arrives by email; Your submissions
 * lists it, and they withdraw it.
 */

let running: RunningApp;
let callId = '';
const CALL = 'Local plan call for sites 2027';
const HOURS = 3_600_000;

const questionnaire = {
  topics: [
    {
      id: 'access',
      title: 'Access',
      description: 'How people and vehicles reach the site.',
      showMode: 'all',
      questions: [
        {
          kind: 'Preferences',
          id: 'q-access',
          question: 'How is the site reached?',
          required: true,
          options: [
            { id: 'road', label: 'From a public road' },
            { id: 'track', label: 'By a private track' },
          ],
        },
        {
          kind: 'Opinion',
          id: 'q-viable',
          question: 'Is development viable today?',
          scale: ['No', 'Maybe', 'Yes'],
        },
      ],
    },
    {
      id: 'priorities',
      title: 'Priorities',
      showMode: 'one-by-one',
      questions: [
        {
          kind: 'Ranking',
          id: 'q-rank',
          question: 'Rank what the site could offer',
          items: [
            { id: 'homes', label: 'Homes' },
            { id: 'jobs', label: 'Jobs' },
            { id: 'green', label: 'Green space' },
          ],
        },
        {
          kind: 'Comment',
          id: 'q-history',
          question: 'What has the land been used for in the past?',
          required: true,
          maxLength: 500,
        },
      ],
    },
  ],
};

/** A field of 0.98 ha near Maidstone, as a GIS would write it: a GeoJSON feature collection in WGS84. */
const fieldFile = (dx: number) =>
  Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Field' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [0.52 + dx, 51.27],
                [0.5214 + dx, 51.27],
                [0.5214 + dx, 51.2709],
                [0.52 + dx, 51.2709],
                [0.52 + dx, 51.27],
              ],
            ],
          },
        },
      ],
    }),
  );

/** A supporting document: the server tells a PDF by its first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Title (Site plan) >>\nendobj\n%%EOF\n', 'latin1');
/** A photograph: one white pixel, as a PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

/** Someone on a phone (375 × 812), signed in as `as` unless null. */
async function openOnPhone(path: string, as: 'resident' | 'officer' | null, width = 375, height = 812) {
  const context = await running.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('tenantName', 'demo'));
  if (as) await signInThroughApi(running, page, 'demo', as);
  await page.goto(`${running.baseUrl}${path}`);
  return page;
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function accessible(page: Page) {
  expect(await axeViolationsIn(page, 'html')).toEqual([]);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
}

/**
 * A screenshot of the whole page when E2E_SCREENSHOTS names a folder: the layout's content box
 * (which scrolls, not the window) let out to its full height for the picture.
 */
async function screenshot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const style = await page.addStyleTag({
    content: '.app-layout{height:auto!important}.app-layout__content{overflow:visible!important}',
  });
  await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
  // And in slices a screen high, to read at full size.
  const { width, height } = page.viewportSize()!;
  const full = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0, part = 1; top < full; top += height, part += 1)
    await page.screenshot({
      path: `${process.env.E2E_SCREENSHOTS}/${name}.part${part}.png`,
      fullPage: true,
      clip: { x: 0, y: top, width, height: Math.min(height, full - top) },
    });
  await style.evaluate((element) => (element as Element).remove());
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function saveAndContinue(page: Page, next: string | RegExp) {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await heading(page, next).waitFor();
}

/** Fills a site's page: its name and boundary file (if any), the ordinary questions, and the topic shown whole. */
async function fillSite(
  page: Page,
  site: { name: string; file?: string; dx?: number; owner: string; when: string; use: string },
) {
  await page.getByLabel('Site name').fill(site.name);
  if (site.file) {
    await page.getByLabel('Upload a boundary file').setInputFiles({
      name: site.file,
      mimeType: 'application/geo+json',
      buffer: fieldFile(site.dx ?? 0),
    });
    await page.getByText(new RegExp(`^Boundary from ${site.file.replace('.', '\\.')}: 0\\.98 ha$`)).waitFor();
  }
  await page.getByRole('group', { name: 'Who owns the land?' }).getByLabel(site.owner).check();
  await page
    .getByRole('group', { name: /When could the site be available/ })
    .getByLabel(site.when)
    .check();
  await page.getByRole('group', { name: 'What could the site be used for?' }).getByLabel(site.use).check();
  await page
    .getByRole('group', { name: 'How is the site reached?' })
    .getByLabel('From a public road')
    .check();
  await page
    .getByRole('group', { name: /Is development viable today/ })
    .getByLabel('Yes')
    .check();
}

beforeAll(async () => {
  running = await startRunningApp();
  const tenantId = await councilId(running);
  // Beside the council's live questionnaire (one per type), as the Questions tab adds another.
  const configId = await withTenant(running.database.db, tenantId, async (trx) => {
    const { rows } = await sql<{
      id: string;
    }>`insert into configs (tenant_id, config_type, label, config, assignment)
      values (${tenantId}, 'call-for-sites-questionnaire', 'Journey questions', ${JSON.stringify(questionnaire)}::jsonb, null)
      returning id`.execute(trx);
    return rows[0]!.id;
  });
  const admin = await openAsTenant(running, 'demo', '/admin/cfs/calls', 'admin');
  const api = await sessionApi(running, admin);
  const call = await api.post('/admin/cfs/calls', {
    name: CALL,
    description: 'Land for homes, jobs and open space to 2045.',
    startsAt: new Date(Date.now() - HOURS).toISOString(),
    endsAt: new Date(Date.now() + 30 * 24 * HOURS).toISOString(),
    questionnaireConfigId: configId,
  });
  callId = call.id as string;
  await admin.context().close();
});
afterAll(() => running?.close());

describe('submitting sites to a call (issue 27 point 2)', () => {
  it('asks a visitor to sign in, and tells a staff account it cannot submit', async () => {
    const visitor = await openOnPhone(`/calls-for-sites/${callId}`, null);
    await heading(visitor, CALL).waitFor(FIRST_LOAD);
    await visitor.getByText('Sign in or create a consultation account to submit sites.').waitFor();
    const start = visitor.getByRole('link', { name: 'Start now' });
    expect(await start.getAttribute('href')).toBe(
      `/login?returnUrl=${encodeURIComponent(`/calls-for-sites/${callId}`)}`,
    );
    await accessible(visitor);

    const officer = await openOnPhone(`/calls-for-sites/${callId}`, 'officer');
    await heading(officer, CALL).waitFor(FIRST_LOAD);
    await officer.getByText(M.publicAccountOnly).waitFor();
    expect(await officer.getByRole('button', { name: 'Start now' }).count()).toBe(0);
  });

  it('takes an agent on a phone through two sites, the questionnaire and its checks to a reference', async () => {
    const page = await openOnPhone(`/calls-for-sites/${callId}`, 'resident');
    await heading(page, CALL).waitFor(FIRST_LOAD);
    await page.getByRole('link', { name: 'Your submissions' }).waitFor();
    await accessible(page);
    await screenshot(page, 'cfs-submit-start-375');
    await page.getByRole('button', { name: 'Start now' }).click();
    await heading(page, 'Submit sites').waitFor(FIRST_LOAD);
    expect(page.url()).toMatch(/\/calls-for-sites\/submissions\/[0-9a-f-]{36}$/);
    await page.getByText('Not yet started').first().waitFor();
    await accessible(page);
    await screenshot(page, 'cfs-submit-tasks-375');

    // Your details, as an agent for a client.
    await page.getByRole('link', { name: 'Your details' }).click();
    await heading(page, 'Your details').waitFor();
    expect(await page.getByLabel('Email address').inputValue()).toBe('resident@demo.test');
    await page.getByLabel('Full name').fill('Ruth Okafor');
    await page.getByLabel('Organisation (optional)').fill('Okafor Planning');
    await page.getByLabel('Telephone number (optional)').fill('01622 000000');
    await page.getByLabel('Address', { exact: true }).fill('4 Mill Lane\nMaidstone\nME15 6AA');
    await page.getByRole('group', { name: 'Are you submitting for someone else?' }).getByLabel('Yes').check();
    await page.getByLabel('Client’s name').fill('Hop Farm Estates');
    await page.getByLabel('Client’s address (optional)').fill('Hop Farm, Paddock Wood');
    await accessible(page);
    await screenshot(page, 'cfs-submit-details-375');
    await saveAndContinue(page, 'Your sites');
    await accessible(page);

    // The first site: part owned, every question answered, the ranking put in order.
    await page.getByRole('button', { name: 'Add a site' }).click();
    await heading(page, 'Site 1').waitFor();
    await fillSite(page, {
      name: 'Land at Hop Farm',
      file: 'hop-farm.geojson',
      dx: 0,
      owner: 'I own part of the land, or my client does',
      when: 'Within 5 years',
      use: 'Housing',
    });
    await page
      .getByLabel('Who else owns the land? (optional)')
      .fill('The parish council owns the access strip.');
    await page.getByLabel('How many homes could the site take? (optional)').fill('25');
    const priorities = page.getByRole('group', { name: 'Priorities' });
    await priorities.getByText('Question 1 of 2').waitFor();
    // Ranked from the keyboard: the pressed button keeps focus, or at the end its item's other one.
    await priorities.getByRole('button', { name: 'Move down Homes' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ name: 'Move down Homes' });
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ name: 'Move up Homes' });
    expect(await priorities.locator('.cfs-ranking__label').allInnerTexts()).toEqual([
      'Jobs',
      'Green space',
      'Homes',
    ]);
    await priorities.getByRole('button', { name: 'Next question in Priorities' }).click();
    await priorities.getByText('Question 2 of 2').waitFor();
    await priorities
      .getByLabel('What has the land been used for in the past?')
      .fill('Hop gardens until 1990, grazing since.');
    await priorities.getByText('You have 462 characters remaining').waitFor();
    await accessible(page);
    await screenshot(page, 'cfs-submit-site-375');
    await saveAndContinue(page, 'Your sites');

    // The second site leaves the required question of the topic shown one by one unanswered; its
    // boundary is typed from the keyboard as the corners' grid references (issue 27 point 7).
    await page.getByRole('button', { name: 'Add another site' }).click();
    await heading(page, 'Site 2').waitFor();
    await fillSite(page, {
      name: 'Paddock by the station',
      owner: 'I own all of the land, or my client does',
      when: 'Now',
      use: 'Employment (offices, industry, warehouses)',
    });
    await page.getByLabel('Site name').focus();
    await tabTo(page, 'Enter grid references instead', 80);
    await page.keyboard.press('Enter');
    const corners = page.getByLabel('Grid references of the corners of site 2');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => focused(page))
      .toMatchObject({ name: 'Grid references of the corners of site 2' });
    await page.keyboard.type('TQ 7620 5560\nthe stile\n576300, 155700');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toMatchObject({ name: 'Use these grid references' });
    await page.keyboard.press('Enter');
    // Refused line by line; the box, described by its errors, takes focus.
    await page.locator('#site-gridReferences-error').getByText(gridReferenceMessages.format(2)).waitFor();
    await expect.poll(() => corners.evaluate((element) => element === document.activeElement)).toBe(true);
    await accessible(page);
    await screenshot(page, 'cfs-submit-grid-references-375');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('TQ 7620 5560\n576300, 155600\nTQ 7630 5570\nTQ7620055700');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Boundary of site 2 set from 4 corners: 1 ha').waitFor();
    expect(await page.locator('#site-gridReferences-error').count()).toBe(0);
    // The map shows it as it shows a drawn boundary.
    await page.locator('.boundary-map__summary').getByText('Boundary: 1 area, 1.00 ha').waitFor();
    await saveAndContinue(page, 'Your sites');
    await page.getByRole('heading', { level: 2, name: 'Site 2: Paddock by the station' }).waitFor();
    await page
      .locator('.cfs-site-list__item', { hasText: 'Site 2' })
      .getByText(/^Boundary: 1(\.00)? ha$/)
      .waitFor();

    // Supporting documents: none chosen, a file the server refuses, two it keeps, one removed from the keyboard.
    await page.getByRole('link', { name: 'Continue', exact: true }).click();
    await heading(page, 'Supporting documents').waitFor();
    const documents = page.getByLabel('Upload a document');
    await page.getByRole('button', { name: 'Upload file' }).click();
    await page.locator('#error-summary').getByRole('link', { name: 'Select a file to upload' }).waitFor();
    await documents.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Notes'),
    });
    await page.getByRole('button', { name: 'Upload file' }).click();
    const refused = page.locator('#error-summary');
    await refused.getByRole('link', { name: fileMessages.onlyImagesAndPdf }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('error-summary');
    await page.locator('#documents-file-error').getByText(fileMessages.onlyImagesAndPdf).waitFor();
    await accessible(page);
    await documents.setInputFiles([
      { name: 'site-plan.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'gate.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await page.getByRole('button', { name: 'Upload file' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('gate.png, site-plan.pdf have been added').waitFor();
    expect(await refused.count()).toBe(0);
    const added = page.locator('.cfs-file-list');
    expect(await added.locator('dt').allInnerTexts()).toEqual(['gate.png', 'site-plan.pdf']);
    await page.getByRole('heading', { level: 2, name: '2 documents added' }).waitFor();
    await accessible(page);
    await screenshot(page, 'cfs-submit-documents-375');
    await page.getByRole('button', { name: 'Remove gate.png' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('gate.png has been removed').waitFor();
    expect(await added.locator('dt').allInnerTexts()).toEqual(['site-plan.pdf']);
    await expect.poll(() => focused(page)).toMatchObject({ name: 'Upload another document' });
    await page.getByRole('link', { name: 'Continue to check your answers' }).click();
    await heading(page, 'Check your answers before submitting').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Site 1: Land at Hop Farm' }).waitFor();
    const supporting = page.locator('.cfs-summary-card', {
      has: page.getByRole('heading', { name: 'Supporting documents' }),
    });
    expect(await supporting.locator('dd').first().innerText()).toBe(`site-plan.pdf (${PDF.length} bytes)`);
    await accessible(page);

    // Submitting: the error summary, focused, links to the missing answer on site 2's page.
    await page.getByRole('button', { name: 'Submit' }).click();
    const summary = page.locator('#error-summary');
    await summary.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('error-summary');
    const missing = `Site 2: ${M.answerRequired} (What has the land been used for in the past?)`;
    expect(await summary.getByRole('link').allInnerTexts()).toEqual([missing]);
    await accessible(page);
    await screenshot(page, 'cfs-submit-errors-375');
    await summary.getByRole('link', { name: missing }).click();
    await heading(page, 'Site 2: Paddock by the station').waitFor();
    expect(page.url()).toMatch(/\/sites\/2#question-q-history$/);
    const history = page.getByLabel('What has the land been used for in the past?');
    await expect.poll(() => history.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.locator('#question-q-history-error').getByText(M.answerRequired).waitFor();
    await accessible(page);
    await history.fill('A paddock for the station’s horses, then grazing.');
    await saveAndContinue(page, 'Your sites');
    await page.getByRole('link', { name: 'Continue', exact: true }).click();
    await page.getByRole('link', { name: 'Continue to check your answers' }).click();
    await heading(page, 'Check your answers before submitting').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();

    await heading(page, 'Submission received').waitFor();
    const reference = (await page.locator('.cfs-panel strong').innerText()).trim();
    expect(reference).toMatch(/^CFS-\d{4}-\d{4}$/);
    await page.getByText('We have emailed a copy of your submission to resident@demo.test.').waitFor();
    await accessible(page);
    await screenshot(page, 'cfs-submit-received-375');
    await expect
      .poll(async () => (await running.outbox()).some((mail) => mail.subject.includes(reference)), {
        timeout: 30_000,
      })
      .toBe(true);
    const receipt = (await running.outbox()).find((mail) => mail.subject.includes(reference))!;
    expect(receipt.to).toContain('resident@demo.test');

    // Your submissions lists it; withdrawing asks first.
    await page.getByRole('link', { name: 'See your submissions' }).click();
    await heading(page, 'Your submissions').waitFor();
    const item = page.locator('.cfs-submission-list__item', { hasText: reference });
    await item.getByText('Submitted', { exact: true }).waitFor();
    expect(await item.locator('dl').innerText()).toMatch(/Sites\s+2/);
    await accessible(page);
    await screenshot(page, 'cfs-submit-mine-375');
    await item.getByRole('button', { name: `Withdraw ${CALL} (${reference})` }).click();
    await item.getByText(`Withdraw ${reference}?`, { exact: false }).waitFor();
    await item.getByRole('button', { name: 'Yes, withdraw it' }).click();
    await page.getByRole('status').getByText(`${M.withdrawn}: ${reference}`).waitFor();
    await item.getByText('Withdrawn', { exact: true }).waitFor();
    expect(await item.getByRole('button', { name: /Withdraw/ }).count()).toBe(0);
    await accessible(page);

    // A draft can be deleted, after a second thought.
    const api = await sessionApi(running, page);
    await api.post(`/public/cfs/calls/${callId}/submissions`, {});
    await page.reload();
    const draft = page.locator('.cfs-submission-list__item', { hasText: 'Draft' });
    await draft.getByRole('button', { name: `Delete draft ${CALL}` }).click();
    await draft.getByText(`Delete your draft for ${CALL}?`, { exact: false }).waitFor();
    await accessible(page);
    await draft.getByRole('button', { name: 'Yes, delete the draft' }).click();
    await page.getByRole('status').getByText('Draft deleted').waitFor();
    await expect.poll(() => page.locator('.cfs-submission-list__item').count()).toBe(1);

    if (process.env.E2E_SCREENSHOTS) {
      // The same pages on a wide screen, for a person to look through.
      const wide = await openOnPhone(`/calls-for-sites/${callId}`, 'resident', 1280, 800);
      await wide.getByRole('button', { name: 'Start now' }).click();
      await heading(wide, 'Submit sites').waitFor(FIRST_LOAD);
      await screenshot(wide, 'cfs-submit-tasks-1280');
      await wide.getByRole('link', { name: 'Your details' }).click();
      await wide
        .getByRole('group', { name: 'Are you submitting for someone else?' })
        .getByLabel('Yes')
        .check();
      await screenshot(wide, 'cfs-submit-details-1280');
      await saveAndContinue(wide, 'Your sites');
      await wide.getByRole('button', { name: 'Add a site' }).click();
      await heading(wide, 'Site 1').waitFor();
      await screenshot(wide, 'cfs-submit-site-1280');
      await wide.getByRole('button', { name: 'Save and continue' }).click();
      await heading(wide, 'Your sites').waitFor();
      await wide.getByRole('link', { name: 'Continue', exact: true }).click();
      await heading(wide, 'Supporting documents').waitFor();
      await screenshot(wide, 'cfs-submit-documents-1280');
      await wide.getByRole('link', { name: 'Continue to check your answers' }).click();
      await wide.getByRole('button', { name: 'Submit' }).click();
      await wide.locator('#error-summary').waitFor();
      await screenshot(wide, 'cfs-submit-errors-1280');
      await wide.goto(`${running.baseUrl}/calls-for-sites/my-submissions`);
      await wide.locator('.cfs-submission-list__item').first().waitFor(FIRST_LOAD);
      await screenshot(wide, 'cfs-submit-mine-1280');
    }
  });
});
