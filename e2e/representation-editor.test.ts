import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectPersonalData } from '../packages/shared/src/representations/personalData';
import { marksOf, type EditorNode } from '../packages/shared/src/representations/editor';
import { representationSchema } from '../packages/shared/src/representations/schemas';
import { axeViolations } from './support/axe';
import { FIRST_LOAD, screenshot, sessionApi } from './support/consultations';
import { openAsTenant, openedDialog, startRunningApp, type RunningApp } from './support/running-app';

let running: RunningApp;

beforeAll(async () => {
  running = await startRunningApp();
});
afterAll(() => running?.close());

/** The officer's own calls, with the page's session (as the manager's screens would make them). */
async function officerApi(page: Page) {
  const api = await sessionApi(running, page);
  const read = async (id: string) =>
    representationSchema.parse(await api.get(`/consultations/representations/${id}`));
  return {
    /**
     * A seeded demo letter still at 'Received' (nothing redacted, no parts yet) that holds a telephone number
     * the shared detector finds: the letter, the number as written and its first sentence.
     */
    seededLetterWithPhone: async () => {
      const search = {
        limit: 100,
        filter: [{ type: 'select', dbPropertyName: 'status', equality: 'EQ', value: 'Received' }],
        sort: [{ field: 'reference', order: 'asc' }],
      };
      const { result } = (await api.post('/consultations/representations/search', search, 200)) as {
        result: { rows: { id: string }[] };
      };
      for (const row of result.rows) {
        const letter = await read(row.id);
        if (letter.publicText !== letter.originalText.trim() || letter.subRepresentations.length > 0)
          continue;
        const phone = detectPersonalData(letter.originalText).find(
          (found) => found.kind === 'telephone number',
        );
        if (!phone) continue;
        // The letter's body (after its greeting): its first sentence, on one line.
        const body = letter.originalText.split('\n\n')[1]!.split('\n')[0]!;
        const sentence = body.includes('. ') ? body.slice(0, body.indexOf('. ') + 1) : body;
        return { letter, phone: phone.text, sentence };
      }
      throw new Error('The demo seed has no letter at Received with a telephone number');
    },
    read,
  };
}

/** Selects a run of the editor's text as a reader's drag would (the browser's own selection). */
async function selectText(page: Page, wanted: string) {
  await page.locator('.rep-text').click();
  await page.evaluate((sentence) => {
    const root = document.querySelector('.rep-text')!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(sentence);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + sentence.length);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    throw new Error(`"${sentence}" is not in the editor`);
  }, wanted);
}

const modeSwitch = (page: Page, mode: 'Editing' | 'Internal view' | 'Public view') =>
  page.locator('.ant-segmented-item').filter({ hasText: mode }).click();

describe('representation editor (issue 15 points 3 and 4)', () => {
  it('proposes the telephone number, redacts it for the public, and cuts a sub-representation', async () => {
    const page = await openAsTenant(running, 'demo', '/consultations/representations/all', 'officer');
    const api = await officerApi(page);
    const { letter, phone: PHONE, sentence: SENTENCE } = await api.seededLetterWithPhone();
    const digits = PHONE.replace(/\D/g, '').slice(-6);

    await page.goto(`${running.baseUrl}/consultations/representations/editor?representationId=${letter.id}`);
    await page.getByRole('heading', { name: `Representation ${letter.reference}` }).waitFor(FIRST_LOAD);
    // The text as received, read-only beside the editor.
    await expect
      .poll(() => page.getByRole('region', { name: 'The text as received' }).textContent())
      .toContain(PHONE);

    // The detector's proposals, the telephone number among them, highlighted in the text.
    const proposals = page.getByRole('list', { name: 'Suggested redactions' });
    const phoneProposal = proposals.getByRole('listitem').filter({ hasText: PHONE });
    await phoneProposal.waitFor();
    await expect.poll(() => phoneProposal.textContent()).toContain('Telephone number');
    await expect
      .poll(() => page.locator('.rep-text .rep-proposal').filter({ hasText: PHONE }).count())
      .toBe(1);
    await screenshot(page, 'editor-proposals');
    expect(await axeViolations(page)).toEqual([]);

    await phoneProposal.getByRole('button', { name: `Accept: redact telephone number ${PHONE}` }).click();
    await phoneProposal.waitFor({ state: 'detached' });
    const mark = page.locator('.rep-text .rep-mark--redaction', { hasText: PHONE });
    await expect.poll(() => mark.getAttribute('aria-label')).toBe('Redacted: telephone number');
    // Issue 25 point 6: saved as it is accepted, Save not pressed; the server stamped who redacted it.
    const redactions = page.getByRole('list', { name: 'Redactions', exact: true });
    await expect.poll(() => redactions.textContent()).toContain('Redacted by Olu Officer');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    // The card on the redacted text says so too.
    await mark.click();
    const card = page.getByRole('group', { name: 'Marks on this text' });
    await expect.poll(() => card.textContent()).toContain('Olu Officer');
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'detached' });
    const stored = await api.read(letter.id);
    expect(stored.publicText).toContain('[telephone number redacted]');
    expect(stored.publicText).not.toContain(PHONE);
    expect(stored.publicText).not.toContain(digits);

    // Leaving asks nothing (nothing would be lost), and coming back the redaction is there.
    await page.getByRole('link', { name: 'Back to representations' }).click();
    await page.waitForURL((url) => url.pathname === '/consultations/representations/all');
    await page.goBack();
    await page.getByRole('heading', { name: `Representation ${letter.reference}` }).waitFor(FIRST_LOAD);
    await expect.poll(() => redactions.textContent()).toContain(PHONE);
    expect(await redactions.textContent()).toContain('Redacted by Olu Officer');

    // Public view: the number is not in the page at all, its placeholder is.
    await modeSwitch(page, 'Public view');
    await page.getByLabel('Public view of the text').waitFor();
    let html = await page.content();
    expect(html).not.toContain(digits);
    expect(html).toContain('[telephone number redacted]');
    await screenshot(page, 'editor-public');

    // Kept: after a reload the redaction is there, and the number is no longer proposed.
    await page.reload();
    await page.getByRole('heading', { name: `Representation ${letter.reference}` }).waitFor(FIRST_LOAD);
    await expect
      .poll(() => page.getByRole('list', { name: 'Redactions', exact: true }).textContent())
      .toContain(PHONE);
    await page.getByRole('list', { name: 'Suggested redactions' }).waitFor();
    expect(await page.getByRole('list', { name: 'Suggested redactions' }).textContent()).not.toContain(PHONE);
    await modeSwitch(page, 'Internal view');
    await expect
      .poll(() => page.locator('.rep-text .rep-mark--redaction', { hasText: PHONE }).count())
      .toBe(1);
    // Internal view: who redacted what beside the text, read-only.
    expect(await page.locator('.rep-text').getAttribute('contenteditable')).toBe('false');
    expect(await axeViolations(page)).toEqual([]);
    await modeSwitch(page, 'Public view');
    await page.getByLabel('Public view of the text').waitFor();
    html = await page.content();
    expect(html).not.toContain(digits);
    expect(html).toContain('[telephone number redacted]');

    // A sentence becomes a sub-representation, listed with its reference.
    await modeSwitch(page, 'Editing');
    await selectText(page, SENTENCE);
    const menu = page.getByRole('toolbar', { name: 'Selected text' });
    await menu.waitFor();
    await menu.getByRole('button', { name: 'Create sub rep' }).click();
    const subReference = `${letter.reference}/1`;
    const subLink = page
      .getByRole('list', { name: 'Sub-representations' })
      .getByRole('link', { name: subReference });
    await subLink.waitFor();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    await expect.poll(() => page.locator('.rep-text .rep-mark--sub').textContent()).toBe(SENTENCE);
    await screenshot(page, 'editor-sub-representation');

    // Its editor: the reference, the status, the sentence, and a way back.
    await subLink.click();
    await page.getByRole('heading', { name: `Sub-representation ${subReference}` }).waitFor(FIRST_LOAD);
    await expect.poll(() => page.locator('.rep-text').textContent()).toBe(SENTENCE);
    await page.locator('.rep-editor__details').getByText('Received').waitFor();
    await page.getByRole('link', { name: `Back to representation ${letter.reference}` }).waitFor();
    await screenshot(page, 'sub-representation-editor');

    // Deleted (soft): back on the representation's editor, no longer listed.
    await page.getByRole('button', { name: 'Delete sub-representation' }).click();
    const confirm = await openedDialog(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: `Representation ${letter.reference}` }).waitFor(FIRST_LOAD);
    await page.getByText('Select text and choose Create sub rep').waitFor();
    expect(
      (await api.read(letter.id)).subRepresentations.find((sub) => sub.reference === subReference)?.isDeleted,
    ).toBe(true);
  });

  it('saves redactions one after another as they come, and asks before leaving one that failed to save (issue 25 point 6)', async () => {
    const page = await openAsTenant(running, 'demo', '/consultations/representations/all', 'officer');
    const api = await officerApi(page);
    const { letter } = await api.seededLetterWithPhone();
    await page.goto(`${running.baseUrl}/consultations/representations/editor?representationId=${letter.id}`);
    await page.getByRole('heading', { name: `Representation ${letter.reference}` }).waitFor(FIRST_LOAD);
    const accepts = page
      .getByRole('list', { name: 'Suggested redactions' })
      .getByRole('button', { name: /^Accept: redact / });
    await accepts.first().waitFor();
    expect(await accepts.count()).toBeGreaterThanOrEqual(2);
    const status = page.locator('.rep-editor__state');
    // The redactions the server holds (one over two paragraphs counts once).
    const redactionsStored = async () =>
      marksOf((await api.read(letter.id)).content as EditorNode, 'redaction').length;

    // The first save is held on its way: the second redaction, accepted meanwhile, waits its turn
    // and is saved after it, not lost.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const saves: number[] = [];
    const representationPath = `**/api/v1/consultations/representations/${letter.id}`;
    await page.route(representationPath, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      saves.push(saves.length + 1);
      if (saves.length === 1) await held;
      return route.fallback();
    });
    await accepts.first().click();
    await expect.poll(() => saves.length).toBe(1);
    await accepts.first().click();
    await expect.poll(() => status.textContent()).toBe('Saving…');
    // Leaving while a save is on its way asks first.
    await page.getByRole('link', { name: 'Back to representations' }).click();
    let leave = await openedDialog(page, 'Progress will be lost');
    await leave.getByRole('button', { name: 'Continue with form' }).click();
    await leave.waitFor({ state: 'hidden' });
    release();
    await expect.poll(() => status.textContent()).toBe('All changes saved');
    expect(saves).toEqual([1, 2]);
    expect(await redactionsStored()).toBe(2);
    await page.unroute(representationPath);

    // A save that fails: said beside Save and in an alert, and leaving asks.
    await page.route(representationPath, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"message":"Service unavailable"}',
          })
        : route.fallback(),
    );
    const redactions = page.getByRole('list', { name: 'Redactions', exact: true });
    await redactions
      .getByRole('button', { name: /^Remove redaction of / })
      .first()
      .click();
    await expect.poll(() => status.textContent()).toBe('Not saved');
    await page.getByRole('alert').filter({ hasText: 'Service unavailable' }).waitFor();
    await screenshot(page, 'editor-save-failed');
    await page.getByRole('link', { name: 'Back to representations' }).click();
    leave = await openedDialog(page, 'Progress will be lost');
    await leave.getByRole('button', { name: 'Continue with form' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/consultations/representations/editor');
    expect(await redactionsStored()).toBe(2);

    // Try again once the server answers: saved, and leaving asks nothing.
    await page.unroute(representationPath);
    await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => status.textContent()).toBe('All changes saved');
    expect(await redactionsStored()).toBe(1);
    await page.getByRole('link', { name: 'Back to representations' }).click();
    await page.waitForURL((url) => url.pathname === '/consultations/representations/all');
  });

  it("shows 'Error occurred' with the server's message and 'Try again' when the representation cannot be read", async () => {
    const page = await openAsTenant(
      running,
      'demo',
      '/consultations/representations/editor?representationId=00000000-0000-4000-8000-000000000000',
      'officer',
    );
    await page.getByText('Error occurred').waitFor(FIRST_LOAD);
    await page.getByText('Representation not found').waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
  });
});
