import { execFileSync } from 'node:child_process';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentMessages, publicDocumentSchema } from '@planning/shared';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import {
  councilId,
  openAsTenant,
  openedDialog,
  settledDialog,
  openedMenu,
  startRunningApp,
  type RunningApp,
} from './support/running-app';

/**
 * Issue 14 point 8: the whole consultation in one journey. An officer builds a document with a
 * block of every type and a question of every kind, publishes it; a visitor reads it signed out,
 * signs up as a resident, answers every question (a site among them), sees My responses, and
 * downloads the PDF and the Word file, whose text is read back.
 */

let running: RunningApp;
let tenantId: string;

beforeAll(async () => {
  running = await startRunningApp();
  tenantId = await councilId(running);
});
afterAll(() => running?.close());

/** A screen's first showing: its chunk and first answers, on a machine running other suites too. */
const FIRST_LOAD = { timeout: 60_000 };

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
};

const TITLE = 'Riverside Plan consultation';
const SECTION = 'Growth options';
const TEXT = 'The riverside will take new homes and a park.';
const RADIO = 'Do you support the riverside plan?';
const CHECKBOX = 'Which facilities matter most?';
const TEXTAREA = 'What else should the plan cover?';
const SELECT = 'How often do you visit the river?';
const SITE = 'Should this site be developed?';
const POLL = 'Is the consultation clear?';

/**
 * Three of the demo council's sites whose names are their own (no other site's name holds them),
 * so a search by name finds each, first in its list.
 */
async function distinctSites(count: number) {
  const rows = await withTenant(running.database.db, tenantId, (trx) =>
    trx
      .selectFrom('sites')
      .select(['id', 'site_name', 'helaa_reference'])
      .where('is_deleted', '=', false)
      .orderBy('id')
      .execute(),
  );
  const names = rows.map((row) => row.site_name ?? '');
  return rows
    .filter(
      (row) => row.site_name && names.filter((name) => name.includes(row.site_name!.trim())).length === 1,
    )
    .slice(0, count)
    .map((row) => ({
      id: String(row.id),
      name: row.site_name!.trim(),
      label: `${row.site_name!.trim()}${row.helaa_reference ? ` (${row.helaa_reference})` : ''}`,
    }));
}

/** The config's type of each block the builder offers. */
const BLOCK_TYPES = [
  'hero',
  'textBlock',
  'image',
  'table',
  'video',
  'chart',
  'map',
  'question',
  'poll',
  'link',
  'tagTopic',
  'tableOfContents',
  'carouselSection',
  'divider',
];

const saved = (page: Page) => page.locator('.builder-save-state[data-state="saved"]').waitFor();
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

/** Adds a block from the add-block menu and waits for the new one to be the one selected. */
async function addBlock(page: Page, label: string) {
  const before = await page.locator('.builder-block').count();
  await page.getByRole('button', { name: 'Add block' }).click();
  await (await openedMenu(page)).getByRole('menuitem', { name: label, exact: true }).click();
  await page.locator('.ant-dropdown:visible').waitFor({ state: 'hidden' });
  await expect.poll(() => page.locator('.builder-block').count()).toBe(before + 1);
  await page
    .locator('.builder-block.is-selected .builder-block__type')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .waitFor();
  await page.getByRole('heading', { name: `${label} block` }).waitFor();
}

/** Picks `option` in the builder's select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await openDropdown(page).getByTitle(option, { exact: true }).click();
  await openDropdown(page).waitFor({ state: 'hidden' });
}

/**
 * Adds a question (or a poll) block: its type, title and option titles. Waits for the new block's
 * own fields (its default title) so a fill never lands in the previous question's.
 */
async function addQuestion(
  page: Page,
  block: 'Question' | 'Poll',
  question: { type?: string; title: string; options?: string[] },
) {
  await addBlock(page, block);
  const title = page.getByLabel('Question title', { exact: true });
  await expect.poll(() => title.inputValue()).toBe(block);
  if (question.type) await choose(page, 'Question type', question.type);
  await title.fill(question.title);
  const options = question.options ?? [];
  for (const [index, option] of options.entries()) {
    if (index >= 2) await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel(`Option ${index + 1} title`, { exact: true }).fill(option);
  }
  await page
    .locator('.builder-block.is-selected .builder-block__summary')
    .filter({ hasText: question.title })
    .waitFor();
}

/** A question on the public page; its form arrives as it nears the viewport, so it is scrolled to first. */
async function questionBlock(page: Page, title: string): Promise<Locator> {
  const holder = page.locator('.document-question').filter({
    has: page.getByRole('heading', { level: 3, name: title, exact: true }),
  });
  await holder.scrollIntoViewIfNeeded();
  const block = holder.locator('section.question-block');
  await block.waitFor();
  return block;
}

/** Submits a question's answer and waits for the app to say so. */
async function submit(block: Locator) {
  await block.getByRole('button', { name: 'Submit' }).click();
  await block.getByText(documentMessages.answerSubmitted).waitFor();
}

/** Opens the public header's Download menu and picks `item`; resolves with the file's path. */
async function download(page: Page, item: string, extension: string) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Download/ })
    .click();
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('menuitem', { name: item, exact: true }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`${TITLE}.${extension}`);
  return file.path();
}

describe('a consultation from the builder to the resident’s downloads (issue 14 point 8)', () => {
  it(
    'an officer builds and publishes; a resident signs up, answers every question, sees My responses, downloads PDF and Word',
    { timeout: 240_000 },
    async () => {
      const sites = await distinctSites(3);
      expect(sites).toHaveLength(3);

      // 1. The officer: a blank document, one section, a block of every type.
      const builder = await openAsTenant(running, 'demo', '/documents', 'officer');
      await builder.getByRole('button', { name: 'Blank' }).click(FIRST_LOAD);
      const naming = await openedDialog(builder, 'New blank document');
      await naming.getByLabel('Title').fill(TITLE);
      await naming.getByRole('button', { name: 'Create' }).click();
      await builder.waitForURL(/\/documents\/[0-9a-f-]{36}$/);
      const id = builder.url().split('/').pop()!;
      const tree = builder.getByRole('navigation', { name: 'Sections' });
      await tree.getByRole('button', { name: 'Add section' }).click(FIRST_LOAD);
      await builder.locator('#builder-section-title').fill(SECTION);
      await tree.getByRole('button', { name: `1 ${SECTION}`, exact: true }).click();

      await addBlock(builder, 'Hero');
      await builder.getByLabel('Subtitle').fill('Have your say on the riverside');
      await addBlock(builder, 'Text');
      await builder.getByRole('textbox', { name: 'Text' }).click();
      await builder.keyboard.type(TEXT);
      await addBlock(builder, 'Image');
      await builder.getByLabel('Image address', { exact: true }).fill('https://example.org/riverside.png');
      await builder.getByLabel('Alt text').fill('The riverside today');
      await addBlock(builder, 'Table');
      await builder.getByLabel('Heading of column 1').fill('Area');
      await builder.getByLabel('Heading of column 2').fill('Homes');
      await builder.getByLabel('Row 1, column 1').fill('Riverside');
      await builder.getByLabel('Row 1, column 2').fill('450');
      await addBlock(builder, 'Video');
      await builder.getByLabel('Video address').fill('https://www.youtube.com/watch?v=a1b2c3');
      await addBlock(builder, 'Chart');
      await builder.getByLabel('Chart name').fill('Homes by area');
      await addBlock(builder, 'Map');
      await builder.getByLabel('Caption').fill('Candidate sites');
      // The sites, searched by name in the 'Sites' field.
      const siteField = builder.getByLabel('Sites', { exact: true });
      for (const site of sites) {
        await siteField.fill(site.name);
        await openDropdown(builder).getByTitle(site.label, { exact: true }).click();
      }
      await siteField.press('Escape');
      for (const site of sites)
        await builder.locator('.ant-select-selection-item').getByText(site.label, { exact: true }).waitFor();
      await addQuestion(builder, 'Question', { title: RADIO, options: ['Yes', 'No'] });
      await addQuestion(builder, 'Poll', { title: POLL, options: ['Clear', 'Unclear'] });
      await addBlock(builder, 'Link');
      await builder.getByLabel('Link text').fill('Evidence base');
      await builder.getByLabel('Link address').fill('https://www.gov.uk/guidance/plan-making');
      await addBlock(builder, 'Tag topic');
      const tags = builder.getByLabel('Tags');
      await tags.fill('Homes');
      await tags.press('Enter');
      await builder.locator('.ant-select-selection-item').getByText('Homes', { exact: true }).waitFor();
      await addBlock(builder, 'Table of contents');
      await addBlock(builder, 'Carousel');
      await builder.getByRole('button', { name: 'Add image slide' }).click();
      await builder.getByLabel('Slide 1 image address').fill('https://example.org/river.png');
      await builder.getByLabel('Slide 1 alt text').fill('The river at dusk');
      await addBlock(builder, 'Divider');

      // The other kinds of question, and one about a site.
      await addQuestion(builder, 'Question', {
        type: 'Choose one or more answers',
        title: CHECKBOX,
        options: ['Parks', 'Schools', 'Shops'],
      });
      await addQuestion(builder, 'Question', { type: 'Written answer', title: TEXTAREA });
      await addQuestion(builder, 'Question', {
        type: 'Choose one from a list',
        title: SELECT,
        options: ['Daily', 'Weekly', 'Rarely'],
      });
      await addQuestion(builder, 'Question', { title: SITE, options: ['Support', 'Oppose'] });
      await builder.getByRole('switch', { name: 'Ask about a site (the reader picks one on a map)' }).click();
      await builder
        .getByRole('switch', { name: "Comments box ('Please share your comments on this site')" })
        .click();
      await expect.poll(() => builder.locator('.builder-block').count()).toBe(18);
      await saved(builder);
      await shot(builder, 'consultation-builder');

      await builder.getByRole('button', { name: 'Publish', exact: true }).click();
      await (
        await settledDialog(builder, builder.getByRole('dialog').filter({ hasText: 'Publish “' }))
      )
        .getByRole('button', { name: 'Publish' })
        .click();
      await builder.locator('.builder-bar .ant-tag', { hasText: 'Published' }).waitFor();
      // Published as built: a block of every type, a question of every kind, one about a site.
      const answer = await builder
        .context()
        .request.get(`${running.baseUrl}/api/v1/public/documents/${id}`, { headers: { 'x-tenant': 'demo' } });
      expect(answer.status()).toBe(200);
      const entities = Object.values(publicDocumentSchema.parse(await answer.json()).config.entities);
      expect(new Set(entities.map((entity) => entity.type))).toEqual(
        new Set([...BLOCK_TYPES, 'section', 'image']),
      );
      const questions = entities.flatMap((entity) =>
        entity.type === 'question' || entity.type === 'poll' ? [entity.question] : [],
      );
      expect(new Set(questions.map((question) => question.type))).toEqual(
        new Set(['radioQuestion', 'checkboxQuestion', 'textQuestion', 'dropdownQuestion']),
      );
      expect(
        questions.filter((question) => question.mapFeatureSelect).map((question) => question.title),
      ).toEqual([SITE]);
      const map = entities.find((entity) => entity.type === 'map');
      expect(map?.type === 'map' ? map.sites.ids : []).toEqual(sites.map((site) => site.id));

      // 2. Signed out: the document, and the notice in place of the answer buttons.
      const page = await openAsTenant(running, 'demo', `/p/document/${id}`, null);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor(FIRST_LOAD);
      await page.getByText(TEXT).waitFor();
      const first = await questionBlock(page, RADIO);
      await first.getByText(documentMessages.loginToAnswer).waitFor();
      expect(await first.getByRole('button', { name: 'Submit' }).count()).toBe(0);
      await shot(page, 'consultation-signed-out');

      // 3. Log in leads to the sign-in page, which keeps the way back to the question; from there,
      // Create an account (sign-up keeps the same way back through the emailed link).
      await first.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/consultations\/login\?returnUrl=/);
      const back = new URL(page.url()).searchParams.get('returnUrl')!;
      expect(back.startsWith(`/p/document/${id}`)).toBe(true);
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.getByRole('heading', { name: 'Create an account' }).waitFor();
      expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(back);
      const email = `resident.${Date.now()}@example.test`;
      const password = 'River-Walk-2041';
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm password').fill(password);
      await page.getByLabel('Name').fill('Ada Rivers');
      await page.getByLabel('Phone number').fill('020 7946 0958');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      const mail = (await running.outbox()).filter((sent) => sent.to === email).at(-1);
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      expect(link).toBeDefined();
      await page.goto(link!);
      await page.getByText('Your email address has been confirmed').waitFor();
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      // Back at the document, signed in.
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor(FIRST_LOAD);
      expect(new URL(page.url()).pathname).toBe(`/p/document/${id}`);
      await page.getByRole('banner').getByRole('button', { name: 'Ada Rivers' }).waitFor();

      // 4. Every kind of question, answered; each answer shown once submitted.
      const radio = await questionBlock(page, RADIO);
      await radio.getByRole('radio', { name: 'Yes' }).check();
      await submit(radio);
      await radio.locator('.question-answer').getByText('Yes', { exact: true }).waitFor();

      const poll = await questionBlock(page, POLL);
      await poll.getByRole('radio', { name: 'Clear', exact: true }).check();
      await submit(poll);
      await poll.locator('.question-answer').getByText('Clear', { exact: true }).waitFor();

      const checkbox = await questionBlock(page, CHECKBOX);
      await checkbox.getByRole('checkbox', { name: 'Parks' }).check();
      await checkbox.getByRole('checkbox', { name: 'Schools' }).check();
      await submit(checkbox);
      await checkbox.locator('.question-answer').getByText('Parks, Schools', { exact: true }).waitFor();

      const textarea = await questionBlock(page, TEXTAREA);
      await textarea.getByRole('textbox', { name: TEXTAREA }).fill('Safe cycle routes to the station');
      await submit(textarea);
      await textarea
        .locator('.question-answer')
        .getByText('Safe cycle routes to the station', { exact: true })
        .waitFor();

      const select = await questionBlock(page, SELECT);
      await select.getByRole('combobox', { name: SELECT }).click();
      await openDropdown(page).getByTitle('Weekly', { exact: true }).click();
      await submit(select);
      await select.locator('.question-answer').getByText('Weekly', { exact: true }).waitFor();

      // The site question: a site from 'Select site' (the map block's sites), an answer, a comment.
      const site = sites[1]!;
      const siteQuestion = await questionBlock(page, SITE);
      const siteSelect = siteQuestion.getByRole('combobox', { name: 'Select site' });
      await siteSelect.click();
      await siteSelect.fill(site.name);
      await openDropdown(page).locator('.ant-select-item-option', { hasText: site.name }).click();
      await siteQuestion.getByRole('radio', { name: 'Support' }).check();
      await siteQuestion
        .getByRole('textbox', { name: 'Please share your comments on this site' })
        .fill('Keep the towpath open.');
      await submit(siteQuestion);
      const previous = siteQuestion.locator('.question-previous-item');
      await previous.getByText(site.name, { exact: true }).waitFor();
      await previous.getByText('Support', { exact: true }).waitFor();
      await previous.getByText('Keep the towpath open.', { exact: true }).waitFor();
      await shot(page, 'consultation-answered');

      // 5. My responses, from the user menu: every question answered, with its answer.
      await page.getByRole('banner').getByRole('button', { name: 'Ada Rivers' }).click();
      await page.getByRole('menuitem', { name: 'My responses', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'My responses' }).waitFor();
      await page.getByText('6 of 6 questions answered').waitFor();
      const item = (title: string) =>
        page.locator('.my-responses-item').filter({
          has: page.getByRole('heading', { level: 3, name: title, exact: true }),
        });
      const expected: [string, string][] = [
        [RADIO, 'Yes'],
        [POLL, 'Clear'],
        [CHECKBOX, 'Parks, Schools'],
        [TEXTAREA, 'Safe cycle routes to the station'],
        [SELECT, 'Weekly'],
        [SITE, 'Support'],
      ];
      for (const [title, answer] of expected) {
        await item(title).getByText('Question answered', { exact: true }).waitFor();
        expect(await item(title).locator('.question-answer-value').allTextContents(), title).toEqual([
          answer,
        ]);
      }
      await item(SITE).getByText(site.name, { exact: true }).waitFor();
      await item(SITE).getByText('Keep the towpath open.', { exact: true }).waitFor();
      expect(await page.locator('.my-responses-item').count()).toBe(6);
      await shot(page, 'consultation-my-responses');

      // 6. Back to the document: the PDF and the Word file, their text read back.
      await page.getByRole('link', { name: TITLE, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      const pdf = execFileSync('pdftotext', [await download(page, 'PDF', 'pdf'), '-'], { encoding: 'utf8' });
      const docx = execFileSync('unzip', ['-p', await download(page, 'Word', 'docx'), 'word/document.xml'], {
        encoding: 'utf8',
      });
      // The Word XML's text, its runs joined (a run may split a line).
      const words = [...docx.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('');
      for (const text of [TITLE, SECTION, RADIO, SITE]) {
        expect(pdf, `PDF: ${text}`).toContain(text);
        expect(words, `Word: ${text}`).toContain(text);
      }
    },
  );
});
