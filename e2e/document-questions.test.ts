import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  documentConfigSchema,
  documentMessages,
  preferenceMessages,
  questionMessages,
  responseTagMessages,
} from '@planning/shared';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { DEMO_DOCUMENT_TITLE } from '../apps/server/src/modules/documents/documents.seed';
import { axeViolations, axeViolationsIn } from './support/axe';
import { demoDocumentId } from './support/documents';
import { focused, tabTo } from './support/keyboard';
import {
  councilId,
  openAsTenant,
  openedDialog,
  startRunningApp,
  type RunningApp,
} from './support/running-app';

let running: RunningApp;
let tenantId: string;
let documentId: string;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  running = await startRunningApp();
  tenantId = await councilId(running);
  documentId = await demoDocumentId(running, tenantId);
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(() => running?.close());

const snap = async (page: Page, name: string, fullPage = false) => {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage });
};
const snapBlock = async (scope: Locator, name: string) => {
  if (SCREENSHOTS) await scope.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
};

/** The demo Local Plan at one question (its title takes focus on arrival). */
async function openAtQuestion(questionId: string, as: 'resident' | 'officer' | null) {
  const page = await openAsTenant(running, 'demo', `/p/document/${documentId}#question-${questionId}`, as);
  await page.getByRole('heading', { level: 1, name: DEMO_DOCUMENT_TITLE }).waitFor();
  return page;
}

const block = (page: Page, questionId: string) => page.locator(`#question-${questionId}`);

/** A site's HELAA reference as the list shows it after the name: ' (ref)', or nothing. */
async function referenceOf(siteId: string) {
  const row = await withTenant(running.database.db, tenantId, (trx) =>
    trx.selectFrom('sites').select('helaa_reference').where('id', '=', siteId).executeTakeFirstOrThrow(),
  );
  return row.helaa_reference ? ` (${row.helaa_reference})` : '';
}

const errorsIn = (scope: Locator) => scope.locator('.question-error').allTextContents();

describe('question blocks (spec 02 §2 Question blocks, §5 Question answers)', () => {
  it('shows a signed-out visitor the login notice in place of Clear and Submit', async () => {
    const page = await openAtQuestion('q-vision', null);
    const vision = block(page, 'q-vision');
    await vision.getByText(documentMessages.loginToAnswer).waitFor();
    await vision.getByText(documentMessages.loginToAnswerText).waitFor();
    expect(await vision.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    expect(await vision.getByRole('button', { name: 'Clear' }).count()).toBe(0);
    // Every question says so, the site question too.
    expect(await page.getByText(documentMessages.loginToAnswer).count()).toBe(5);
    await snap(page, 'questions-visitor');
    expect(await axeViolationsIn(page, '#question-q-vision')).toEqual([]);
    // Log in leads to the consultation sign-in, which will come back to the question.
    await vision.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/consultations\/login\?returnUrl=/);
    const back = new URL(page.url()).searchParams.get('returnUrl');
    expect(back).toBe(`/p/document/${documentId}#question-q-vision`);

    // Signing in there returns to the question, its title focused, with Clear and Submit now.
    await page.getByLabel('Email').fill('resident@demo.test');
    await page.getByLabel('Password').fill('Password123!');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/p/document/${documentId}#question-q-vision$`));
    await vision.getByRole('button', { name: 'Submit' }).waitFor();
    await expect
      .poll(async () => (await focused(page)).name)
      .toBe('Do you agree with the vision for the plan?');
  });

  it('shows a staff officer the inputs disabled, with the reason on hover', async () => {
    const page = await openAtQuestion('q-priorities', 'officer');
    const priorities = block(page, 'q-priorities');
    await priorities.getByRole('checkbox', { name: 'Affordable homes' }).waitFor();
    for (const name of ['Affordable homes', 'Green spaces', 'Transport', 'Jobs'])
      expect(await priorities.getByRole('checkbox', { name }).isDisabled()).toBe(true);
    expect(await priorities.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    expect(await priorities.getByRole('button', { name: 'Clear' }).isDisabled()).toBe(true);
    await priorities.locator('.question-options').hover();
    await page.getByRole('tooltip').filter({ hasText: documentMessages.consultationAccountOnly }).waitFor();
    await snap(page, 'questions-staff');
    expect(await page.getByText(documentMessages.loginToAnswer).count()).toBe(0);
  });

  it('takes a site answer through the keyboard: site, choice, comment; then edits and deletes it', async () => {
    // The document's sites, as the 'Select site' list offers them; a public layer over the first.
    const sites = (await (
      await running.app.inject({
        method: 'GET',
        url: `/api/v1/public/documents/${documentId}/sites`,
        headers: { 'x-tenant': 'demo' },
      })
    ).json()) as { sites: { id: string; name: string }[] };
    const site = sites.sites[0]!;
    await withTenant(running.database.db, tenantId, async (trx) => {
      const layer = await trx
        .insertInto('layers')
        .values({
          tenant_id: tenantId,
          layer_name: 'questions_journey_flood',
          title: 'Questions journey flood zone',
          public_webmap_visibility: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('site_layer_overlaps')
        .values({
          tenant_id: tenantId,
          site_id: site.id,
          layer_id: layer.id,
          overlap_area_m2: 500,
          overlap_percent: 37.5,
        })
        .execute();
    });

    const page = await openAtQuestion('q-site-support', 'resident');
    const question = block(page, 'q-site-support');
    await question.getByRole('combobox', { name: 'Select site' }).waitFor();

    // An empty submit: every field says what it needs, and focus goes to the first.
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => errorsIn(question))
      .toEqual([
        questionMessages.fieldRequired,
        questionMessages.selectOption,
        questionMessages.fieldRequired,
      ]);
    expect(await focused(page)).toMatchObject({ name: 'Select site' });
    await snap(page, 'questions-site-errors');

    // Search the list by name and take the site; its layer shows; answer and comment.
    await page.keyboard.type(site.name.slice(0, 12));
    await page.keyboard.press('Enter');
    await question.getByText('Questions journey flood zone').waitFor();
    await question.getByText('Layer associated with this site').waitFor();
    expect(await tabTo(page, 'Support')).toMatchObject({ role: 'input' });
    await page.keyboard.press('Space');
    await tabTo(page, 'Please share your comments on this site');
    await page.keyboard.type('Too close to the river.');
    await question.getByText('23 / 8000 characters').waitFor();
    await snapBlock(question, 'questions-site-filled');
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');

    // Submitted: said, and focused; the answer listed under the site, to edit or delete.
    await question.getByText(documentMessages.answerSubmitted).waitFor();
    expect(
      await page.evaluate(() =>
        document.activeElement?.textContent?.includes('Your answer has been submitted'),
      ),
    ).toBe(true);
    const previous = question.locator('.question-previous');
    await previous.getByText(site.name).waitFor();
    await previous.getByText('Support').waitFor();
    await previous.getByText('Too close to the river.').waitFor();
    await snap(page, 'questions-site-submitted');

    // Comment on another site: the form again, the answered site ticked in the list.
    await tabTo(page, 'Comment on another site');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe('Select site');
    await page.keyboard.press('ArrowDown');
    const ticked = page.locator('.ant-select-item-option', { has: page.locator('.question-site-tick') });
    await ticked.first().waitFor();
    expect(await ticked.allTextContents()).toEqual([site.name + (await referenceOf(site.id))]);
    await page.keyboard.press('Escape');

    // Edit the site's answer: Oppose now, and the last answer is the one that counts.
    await tabTo(page, `Edit answer for ${site.name}`);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe('Select site');
    expect(await tabTo(page, 'Support')).toMatchObject({ checked: true });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatchObject({ name: 'Oppose', checked: true });
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await question.getByText(documentMessages.answerSubmitted).waitFor();
    await previous.getByText('Oppose').waitFor();
    expect(await previous.locator('.question-previous-item').count()).toBe(1);

    // Delete asks first: Cancel keeps it, Delete removes it.
    await tabTo(page, `Delete answer for ${site.name}`);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete Answer?' });
    await dialog.waitFor();
    await snap(page, 'questions-site-delete');
    await tabTo(page, 'Cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await previous.locator('.question-previous-item').count()).toBe(1);
    // Focus is back on the button that opened the dialog.
    expect(await focused(page)).toMatchObject({ name: `Delete answer for ${site.name}` });
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, 'Delete');
    await page.keyboard.press('Enter');
    await previous.waitFor({ state: 'detached' });
  });

  it('answers radio, checkbox, text and select through the keyboard; edits, deletes; My responses', async () => {
    const page = await openAtQuestion('q-vision', 'resident');
    const vision = block(page, 'q-vision');
    await vision.getByRole('radio', { name: 'Yes' }).waitFor();
    // Arriving at the question's address puts focus on its title.
    await expect
      .poll(async () => (await focused(page)).name)
      .toBe('Do you agree with the vision for the plan?');

    // Radio: required, then 'No' opens the conditional box with its counter.
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await expect.poll(() => errorsIn(vision)).toEqual([questionMessages.selectOption]);
    expect(await focused(page)).toMatchObject({ role: 'input', name: 'Yes' });
    await snapBlock(vision, 'questions-radio-error');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ name: 'No', checked: true });
    await tabTo(page, 'Please tell us why');
    await page.keyboard.type('Too many cars');
    await vision.getByText('13 / 1000 characters').waitFor();
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await vision.getByText(documentMessages.answerSubmitted).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
    await vision.locator('.question-answer').getByText('Too many cars').waitFor();

    // Checkbox (1 to 2): required; a third pick drops the oldest.
    const priorities = block(page, 'q-priorities');
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await expect.poll(() => errorsIn(priorities)).toEqual([questionMessages.selectOption]);
    expect(await focused(page)).toMatchObject({ name: 'Affordable homes' });
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    const ticks = () =>
      Promise.all(
        ['Affordable homes', 'Green spaces', 'Transport', 'Jobs'].map((name) =>
          priorities.getByRole('checkbox', { name }).isChecked(),
        ),
      );
    expect(await ticks()).toEqual([false, true, true, false]);
    await snapBlock(priorities, 'questions-checkbox');
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await priorities.getByText(documentMessages.answerSubmitted).waitFor();
    await priorities.getByText('Green spaces, Transport').waitFor();

    // Text: required, then typed with its counter.
    const comments = block(page, 'q-comments');
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await expect.poll(() => errorsIn(comments)).toEqual([questionMessages.fillInResponse]);
    expect(await focused(page)).toMatchObject({ role: 'textarea', name: 'Any other comments on the plan?' });
    await page.keyboard.type('More buses please');
    await comments.getByText('17 / 1000 characters').waitFor();
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await comments.getByText(documentMessages.answerSubmitted).waitFor();

    // Select: required, then chosen with the arrow keys.
    const area = block(page, 'q-area');
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await expect.poll(() => errorsIn(area)).toEqual([questionMessages.fillInResponse]);
    expect(await focused(page)).toMatchObject({ role: 'combobox', name: 'Where do you live?' });
    await snapBlock(area, 'questions-select-error');
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await area.getByText(documentMessages.answerSubmitted).waitFor();
    await area.locator('.question-answer').getByText('Near the district').waitFor();

    // Edit the select's answer, then delete it (Delete Answer?).
    await tabTo(page, 'Edit answer');
    await page.keyboard.press('Enter');
    await area.getByRole('button', { name: 'Submit' }).waitFor();
    await tabTo(page, 'Where do you live?', 10).catch(async () => {
      await page.keyboard.press('Shift+Tab');
    });
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await area.locator('.question-answer').getByText('Elsewhere').waitFor();
    await tabTo(page, 'Delete answer');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete Answer?' });
    await dialog.waitFor();
    await tabTo(page, 'Delete');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await area.getByRole('button', { name: 'Submit' }).waitFor();
    expect(await area.locator('.question-answer').count()).toBe(0);

    // The server kept them: a fresh page shows the saved answers.
    await page.reload();
    await vision.locator('.question-answer').getByText('Too many cars').waitFor();
    await comments.locator('.question-answer').getByText('More buses please').waitFor();
    for (const id of ['q-vision', 'q-priorities', 'q-comments', 'q-area', 'q-site-support'])
      expect(await axeViolationsIn(page, `#question-${id}`), id).toEqual([]);

    // My responses: every question of the document, answered or not, with the way back to each.
    await page.goto(`${running.baseUrl}/p/document/my-responses`);
    await page.getByRole('heading', { level: 1, name: 'My responses' }).waitFor();
    const item = (title: string) => page.locator('.my-responses-item').filter({ hasText: title });
    await item('Do you agree with the vision for the plan?').getByText('Question answered').waitFor();
    expect(await item('Which should the plan prioritise?').getByText('Question answered').count()).toBe(1);
    expect(await item('Any other comments on the plan?').getByText('Question answered').count()).toBe(1);
    expect(await item('Where do you live?').getByText('Question not answered').count()).toBe(1);
    expect(
      await item('Do you agree with the vision').getByRole('link', { name: 'Edit answer' }).count(),
    ).toBe(1);
    expect(
      await item('Do you agree with the vision').getByRole('link', { name: 'Select answer' }).count(),
    ).toBe(1);
    // Tagging waits for the consultation's end, and says so.
    const tag = item('Any other comments on the plan?').getByRole('button', { name: 'Tag' });
    expect(await tag.getAttribute('aria-disabled')).toBe('true');
    await tag.hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: 'Tagging disabled until consultation end date' })
      .waitFor();
    await snap(page, 'my-responses', true);
    expect(await axeViolations(page)).toEqual([]);

    // Add answer leads back into the document, at the question.
    await item('Where do you live?').getByRole('link', { name: 'Add answer' }).click();
    await page.waitForURL(new RegExp(`/p/document/${documentId}#question-q-area$`));
    await expect.poll(async () => (await focused(page)).name).toBe('Where do you live?');
  });
});

describe('a map-linked question (several questions under one map)', () => {
  it('answers each question about the chosen site, with one comment, and lists them under the site', async () => {
    const siteRows = await withTenant(running.database.db, tenantId, (trx) =>
      trx.selectFrom('sites').select(['id', 'site_name']).orderBy('id').limit(3).execute(),
    );
    const siteIds = siteRows.map((row) => String(row.id));
    const config = {
      root: 'root',
      entities: {
        root: { id: 'root', type: 'section', title: 'Questions journey: map-linked', childSectionIds: ['s'] },
        s: { id: 's', type: 'section', title: 'Sites', childSectionIds: ['m', 'q'] },
        m: { id: 'm', type: 'map', caption: 'Candidate sites', sites: { ids: siteIds } },
        q: {
          id: 'q',
          type: 'question',
          question: {
            id: 'ml',
            title: 'Tell us about a candidate site',
            type: 'mapLinkedQuestion',
            mapFeatureSelect: { type: 'site', commentsBox: true, showAssociatedLayers: false },
            questions: [
              {
                id: 'ml-use',
                title: 'What should the site be used for?',
                type: 'radioQuestion',
                options: [{ title: 'Homes' }, { title: 'Open space' }],
              },
              { id: 'ml-access', title: 'How would people get there?', type: 'textQuestion', maxLength: 200 },
            ],
          },
        },
      },
    };
    const row = await withTenant(running.database.db, tenantId, (trx) =>
      trx
        .insertInto('documents')
        .values({
          tenant_id: tenantId,
          title: 'Questions journey: map-linked',
          // Parsed as the builder saves it: defaults filled in.
          config: JSON.stringify(documentConfigSchema.parse(config)),
          author_id: null,
          author_name: 'Journey',
          is_published: true,
          published_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const page = await openAsTenant(running, 'demo', `/p/document/${row.id}#question-ml`, 'resident');
    const question = block(page, 'ml');
    await question.getByRole('combobox', { name: 'Select site' }).waitFor();
    await expect.poll(async () => (await focused(page)).name).toBe('Tell us about a candidate site');

    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => errorsIn(question))
      .toEqual([
        questionMessages.fieldRequired,
        questionMessages.selectOption,
        questionMessages.fillInResponse,
        questionMessages.fieldRequired,
      ]);
    expect(await focused(page)).toMatchObject({ name: 'Select site' });

    const name = siteRows[1]!.site_name!;
    await page.keyboard.type(name.slice(0, 10));
    await page.keyboard.press('Enter');
    await tabTo(page, 'Homes');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ name: 'Open space', checked: true });
    await tabTo(page, 'How would people get there?');
    await page.keyboard.type('On foot from the station');
    await question.getByText('24 / 200 characters').waitFor();
    await tabTo(page, 'Please share your comments on this site');
    await page.keyboard.type('A good place for a park.');
    await snapBlock(question, 'questions-map-linked');
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await question.getByText(documentMessages.answerSubmitted).waitFor();
    const listed = question.locator('.question-previous-item');
    await listed.getByText(name, { exact: true }).waitFor();
    await listed.getByText('What should the site be used for? Open space').waitFor();
    await listed.getByText('How would people get there? On foot from the station').waitFor();
    await listed.getByText('A good place for a park.').waitFor();
    expect(await axeViolationsIn(page, '#question-ml')).toEqual([]);

    // My responses: answered, by site; 'Select answer' opens the question at that site's answer.
    await page.goto(`${running.baseUrl}/p/document/my-responses?documentId=${row.id}`);
    const item = page.locator('.my-responses-item').filter({ hasText: 'Tell us about a candidate site' });
    await item.getByText('Question answered').waitFor();
    await item.getByText('What should the site be used for? Open space').waitFor();
    await item.getByRole('link', { name: `Select answer: ${name}` }).click();
    await page.waitForURL(/[?&]site=\d+/);
    const reopened = block(page, 'ml');
    await reopened.getByRole('radio', { name: 'Open space' }).waitFor();
    await reopened.getByRole('combobox', { name: 'Select site' }).waitFor();
    // The site's name once the sites have arrived (until then the select says they are loading).
    await expect.poll(() => reopened.locator('.question-select').first().textContent()).toContain(name);
    expect(await reopened.getByRole('radio', { name: 'Open space' }).isChecked()).toBe(true);
    expect(await reopened.getByRole('textbox', { name: 'How would people get there?' }).inputValue()).toBe(
      'On foot from the station',
    );
  });
});

describe('tagging in My responses (spec 02 §2, §6)', () => {
  it('tags an answered question once the consultation has ended; the tag is still there after a reload', async () => {
    const title = 'What did you make of the consultation?';
    const config = {
      root: 'root',
      entities: {
        root: { id: 'root', type: 'section', title: 'Questions journey: ended', childSectionIds: ['q'] },
        q: {
          id: 'q',
          type: 'question',
          question: { id: 'ended-comments', title, type: 'textQuestion', maxLength: 500 },
        },
      },
    };
    // A consultation that ended, which the resident answered while it was open.
    const documentId = await withTenant(running.database.db, tenantId, async (trx) => {
      const resident = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'resident@demo.test')
        .executeTakeFirstOrThrow();
      const document = await trx
        .insertInto('documents')
        .values({
          tenant_id: tenantId,
          title: 'Questions journey: ended',
          config: JSON.stringify(documentConfigSchema.parse(config)),
          author_id: null,
          author_name: 'Journey',
          is_published: true,
          published_at: new Date('2019-12-01T00:00:00Z'),
          answers_open_until: new Date('2020-01-01T00:00:00Z'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const response = await trx
        .insertInto('document_responses')
        .values({ tenant_id: tenantId, document_id: document.id, user_id: resident.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('document_answers')
        .values({
          tenant_id: tenantId,
          response_id: response.id,
          question_id: 'ended-comments',
          question_type: 'textQuestion',
          value: JSON.stringify('Clearer maps, please'),
        })
        .execute();
      return document.id;
    });

    const page = await openAsTenant(
      running,
      'demo',
      `/p/document/my-responses?documentId=${documentId}`,
      'resident',
    );
    const item = page.locator('.my-responses-item').filter({ hasText: title });
    await item.getByText('Question answered').waitFor();
    await item.getByText('None').waitFor();
    const tag = item.getByRole('button', { name: 'Tag' });
    expect(await tag.getAttribute('aria-disabled')).toBeNull();
    await tag.focus();
    await page.keyboard.press('Enter');
    const dialog = await openedDialog(page, `Tags: ${title}`);
    await dialog.getByLabel('New tag').fill('Maps');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Remove tag Maps' }).waitFor();
    // The shared rule, as the server has it: no tag twice, whatever its case.
    await dialog.getByLabel('New tag').fill(' maps');
    await page.keyboard.press('Enter');
    await dialog.getByText(responseTagMessages.duplicateTag('maps')).waitFor();
    await dialog.getByLabel('New tag').fill('');
    expect(await axeViolations(page)).toEqual([]);
    await snap(page, 'my-responses-tags');
    await dialog.getByRole('button', { name: 'Save tags' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await item.locator('.question-tags').getByText('Maps', { exact: true }).waitFor();

    // Kept by the server: a fresh page shows it.
    await page.reload();
    await item.locator('.question-tags').getByText('Maps', { exact: true }).waitFor();
    expect(await item.getByText('None', { exact: true }).count()).toBe(0);
  });
});

describe('communications preferences and unsubscribe (spec 02 §2)', () => {
  it('saves the resident’s email choices; the unsubscribe link turns them off in one click', async () => {
    const page = await openAsTenant(running, 'demo', '/p/document/preferences', 'resident');
    await page.getByRole('heading', { level: 1, name: 'Communications preferences' }).waitFor();
    const news = page.getByRole('checkbox', { name: preferenceMessages.newConsultations });
    const updates = page.getByRole('checkbox', { name: preferenceMessages.documentUpdates });
    expect([await updates.isChecked(), await news.isChecked()]).toEqual([true, false]);
    await news.check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText(preferenceMessages.saved).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await snap(page, 'preferences');
    const link = await page.getByRole('link', { name: 'your unsubscribe link' }).getAttribute('href');
    expect(link).toMatch(/^\/p\/document\/unsubscribe\/u1\w/);

    // Opened from an email, signed out: one click.
    const visitor = await openAsTenant(running, 'demo', link!, null);
    await visitor.getByRole('heading', { level: 1, name: 'Unsubscribe' }).waitFor();
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.getByText(preferenceMessages.unsubscribed).waitFor();
    expect(await axeViolations(visitor)).toEqual([]);
    await snap(visitor, 'unsubscribed');
    await page.reload();
    await news.waitFor();
    expect([await updates.isChecked(), await news.isChecked()]).toEqual([false, false]);

    // A link that was tampered with says so.
    const broken = await openAsTenant(running, 'demo', `${link!.slice(0, -2)}xx`, null);
    await broken.getByRole('button', { name: 'Unsubscribe' }).click();
    await broken.getByText(preferenceMessages.linkInvalid).waitFor();
  });
});
