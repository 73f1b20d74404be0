import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { representationMessages } from '../packages/shared/src/representations/messages';
import { representationSchema } from '../packages/shared/src/representations/schemas';
import { responseListSchema } from '../packages/shared/src/representations/responsesApi';
import { axeViolationsIn } from './support/axe';
import { FIRST_LOAD, screenshot, sessionApi } from './support/consultations';
import { openAsTenant, openedDialog, startRunningApp, type RunningApp } from './support/running-app';

let running: RunningApp;

beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

/** The officer's own calls, with the page's session (as the manager's screens would make them). */
async function officerApi(page: Page) {
  const { get, post } = await sessionApi(running, page);
  const today = new Date().toISOString().slice(0, 10);
  const event = await post('/consultations/events', {
    name: `Response journey ${Date.now()}`,
    startsOn: today,
    endsOn: today,
  });
  return {
    /** A letter from a person of its own to the journey's event. */
    createLetter: async (firstName: string, lastName: string, text: string) => {
      const { contacts } = (await post('/consultations/contacts', {
        contacts: [{ contactType: 'individual', firstName, lastName }],
      })) as { contacts: { id: string }[] };
      return representationSchema.parse(
        await post('/consultations/representations', {
          correspondenceType: 'Letter',
          consultationEventId: event.id,
          receivedDate: today,
          representee: { type: 'privateIndividual', contactId: contacts[0]!.id },
          originalText: text,
        }),
      );
    },
    representation: async (id: string) =>
      representationSchema.parse(await get(`/consultations/representations/${id}`)),
    responses: async (id: string) =>
      responseListSchema.parse(await get(`/consultations/responses?representationId=${id}`)).responses,
  };
}

/** The response editor's text area (TipTap's contenteditable). */
const textArea = (page: Page) => page.getByRole('textbox', { name: 'Response', exact: true });

/** Pastes text into the response editor as the clipboard would. */
async function pasteInto(page: Page, text: string) {
  await textArea(page).click();
  await textArea(page).evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

const success = (page: Page) =>
  page.locator('.ant-message').getByText(representationMessages.operationSuccessful).last();

describe('response manager (issue 15 point 6)', () => {
  it('saves a template on one representation, drafts another’s response from it, and refuses 8001 characters', async () => {
    const page = await openAsTenant(running, 'demo', '/consultations/response-manager', 'officer');
    const api = await officerApi(page);
    const marker = `${Date.now()}`.slice(-6);
    const first = await api.createLetter(
      'Tess',
      `Template${marker}`,
      'Please keep the library open on Saturdays.',
    );
    const second = await api.createLetter(
      'Sam',
      `Second${marker}`,
      'The new road will bring more traffic past the school.',
    );
    expect(second.status).toBe('Received');

    // The first letter, named in the address: its public text on the left, no responses yet.
    await page.goto(`${running.baseUrl}/consultations/response-manager?representationId=${first.id}`);
    await page.getByRole('heading', { name: `Representation ${first.reference}` }).waitFor(FIRST_LOAD);
    await expect
      .poll(() => page.getByLabel('Public text of the representation').textContent())
      .toContain('library open on Saturdays');
    await page.getByText('No responses yet').waitFor();

    // A response saved as a template.
    const templateTitle = `Library hours ${marker}`;
    await page.getByLabel('Title').fill(templateTitle);
    await textArea(page).click();
    await page.keyboard.type('Thank you for your letter. The council will consider opening hours ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('in its next review');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('.');
    await page.getByRole('checkbox', { name: 'Save as template' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await success(page).waitFor();
    const responses = page.locator('.response-list');
    await responses.getByText(templateTitle).waitFor();
    await expect.poll(() => responses.locator('.ant-tag').filter({ hasText: 'Template' }).count()).toBe(1);
    await screenshot(page, 'responses-template-saved');
    // The screen passes WCAG 2.2 AA with a response listed and open in the form.
    expect(await axeViolationsIn(page, '.response-manager')).toEqual([]);

    // The second letter, found through the select by its reference.
    const select = page.getByRole('combobox', { name: 'Representation' });
    await select.click();
    await select.fill(second.reference);
    // Once the search has answered, the one representation with that reference is offered.
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allTextContents()).toEqual([`${second.reference} — Sam Second${marker}`]);
    await options.first().click();
    await page.getByRole('heading', { name: `Representation ${second.reference}` }).waitFor();
    await expect.poll(() => page.url()).toContain(`representationId=${second.id}`);
    await page.getByText('No responses yet').waitFor();
    await expect.poll(() => page.locator('.response-target__meta .ant-tag').textContent()).toBe('Received');

    // Use template: the title and the text come from it, then the officer edits both.
    await page.getByRole('button', { name: 'Use template' }).click();
    const dialog = await openedDialog(page, 'Use template');
    await dialog.getByRole('searchbox', { name: 'Search templates' }).fill(marker);
    await dialog.getByRole('button', { name: `Use template ${templateTitle}` }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(templateTitle);
    await expect
      .poll(() => textArea(page).textContent())
      .toContain('consider opening hours in its next review.');
    await expect.poll(() => textArea(page).locator('strong').textContent()).toBe('in its next review');

    await page.getByLabel('Title').fill(`Road traffic ${marker}`);
    await textArea(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' We will share the traffic study with you.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await success(page).waitFor();
    await responses.getByText(`Road traffic ${marker}`).waitFor();
    // The representation has moved on to 'Response drafted'.
    await expect
      .poll(() => page.locator('.response-target__meta .ant-tag').textContent())
      .toBe('Response drafted');
    await screenshot(page, 'responses-drafted-from-template');

    const [drafted] = await api.responses(second.id);
    expect(drafted).toMatchObject({ description: `Road traffic ${marker}`, useAsTemplate: false });
    expect(drafted!.text).toContain('<strong>in its next review</strong>');
    expect(drafted!.text).toContain('We will share the traffic study with you.');
    expect((await api.representation(second.id)).status).toBe('Response drafted');
    // The template itself is as it was.
    expect((await api.responses(first.id)).map((response) => response.description)).toEqual([templateTitle]);

    // Over the limit: 8001 characters pasted, the count and the spec's message, and no save.
    await page.getByRole('button', { name: 'Create new' }).click();
    await page.getByRole('heading', { name: 'New response' }).waitFor();
    await page.getByLabel('Title').fill('Too long');
    await pasteInto(page, 'a'.repeat(8001));
    await page.getByText('8001 / 8000').waitFor();
    await page.getByRole('alert').filter({ hasText: representationMessages.responseTooLong }).waitFor();
    expect(representationMessages.responseTooLong).toBe('Response cannot be longer than 8000 characters');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await screenshot(page, 'responses-too-long');
    // The error is tied to the text and announced; the count and message pass contrast.
    expect(await axeViolationsIn(page, '.response-manager')).toEqual([]);
    expect(await textArea(page).getAttribute('aria-invalid')).toBe('true');
    expect((await api.responses(second.id)).map((response) => response.description)).toEqual([
      `Road traffic ${marker}`,
    ]);
    // One character fewer is fine.
    await textArea(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Backspace');
    await page.getByText('8000 / 8000').waitFor();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: representationMessages.responseTooLong }).count())
      .toBe(0);
  }, 120_000);
});
