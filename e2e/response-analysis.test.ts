import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisMessages } from '@planning/shared';
import { DEMO_DOCUMENT_TITLE } from '../apps/server/src/modules/documents/documents.seed';
import { buildContact, buildEvent, buildRepresentation } from '../apps/server/test/consultation-factories';
import { signIn } from '../apps/server/test/sessions';
import { axeViolationsIn } from './support/axe';
import { FIRST_LOAD, screenshot } from './support/consultations';
import { demoDocumentId } from './support/documents';
import {
  chooseOption,
  councilId,
  openAsTenant,
  type RunningApp,
  startRunningApp,
} from './support/running-app';

/**
 * Spec 02 §2 /document/response-analysis (issue 15 point 6): the demo officer picks the demo
 * Local Plan and a consultation event, reads a question's counts in its table and the event's
 * representations by attitude, and downloads the answers as CSV.
 */

let running: RunningApp;
let tenantId: string;
let documentId: string;
const EVENT = 'Analysis journey consultation';

/** A consultation event with three representations: two in support, one against. */
async function seedEvent() {
  const db = running.database.db;
  const event = await buildEvent(db, tenantId, { name: EVENT, startsOn: '2026-01-05', endsOn: '2026-02-16' });
  const contact = await buildContact(db, tenantId, { firstName: 'Journey', lastName: 'Writer' });
  for (const [attitude, text] of [
    ['Support', 'More homes near the station, please.'],
    ['Support', 'A good plan for the town.'],
    ['Oppose', 'The valley should stay green.'],
  ] as const)
    await buildRepresentation(db, tenantId, {
      eventId: event.id,
      contactId: contact.id,
      text,
      attitude,
      receivedDate: '2026-01-20',
    });
}

beforeAll(async () => {
  running = await startRunningApp();
  tenantId = await councilId(running);
  documentId = await demoDocumentId(running, tenantId);
  // The demo resident answers the vision question through the API, as the question block does.
  const resident = await signIn(running.app, 'demo', 'resident@demo.test');
  const answered = await running.app.inject({
    method: 'PUT',
    url: `/api/v1/public/documents/${documentId}/answers`,
    headers: resident.headers(),
    payload: { questionId: 'q-vision', value: 'Not sure' },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  await seedEvent();
});
afterAll(() => running?.close());

describe('response analysis (spec 02 §2 /document/response-analysis)', () => {
  it("shows a question's counts and an event's attitudes, and downloads the answers as CSV and the statement", async () => {
    const page = await openAsTenant(running, 'demo', '/document/response-analysis', 'officer');
    await page.getByRole('heading', { level: 1, name: 'Response analysis' }).waitFor(FIRST_LOAD);
    await page.getByText(analysisMessages.chooseDocument).waitFor();

    await chooseOption(page, page.getByRole('combobox', { name: 'Document' }), DEMO_DOCUMENT_TITLE);
    await page.waitForURL(new RegExp(`documentId=${documentId}`));
    const vision = page.getByRole('region', { name: 'Do you agree with the vision for the plan?' });
    const counts = vision.getByRole('table', {
      name: 'Answers to Do you agree with the vision for the plan?',
    });
    const notSure = counts.getByRole('row', { name: /Not sure/ });
    await notSure.waitFor();
    expect(await notSure.getByRole('cell').allInnerTexts()).toEqual(['Not sure', '1', '100%']);
    // The chart says the same to a screen reader.
    expect(await vision.getByRole('img').getAttribute('aria-label')).toContain('Not sure 1');

    await chooseOption(page, page.getByRole('combobox', { name: 'Consultation event' }), EVENT);
    const attitudes = page.getByTestId('attitude-counts');
    await attitudes.getByRole('row', { name: /Support/ }).waitFor();
    // Each row: the attitude, its bar (a picture only), the count and the share.
    const row = async (name: string) =>
      (
        await attitudes
          .getByRole('row', { name: new RegExp(`^${name}`) })
          .locator('th, td')
          .allInnerTexts()
      )
        .map((text) => text.trim())
        .filter(Boolean);
    expect(await row('Support')).toEqual(['Support', '2', '66.7%']);
    expect(await row('Oppose')).toEqual(['Oppose', '1', '33.3%']);
    await page.getByRole('button', { name: 'Consultation statement as PDF' }).waitFor();
    await screenshot(page, 'response-analysis');
    expect(await axeViolationsIn(page, '.response-analysis')).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    // The document's title names the file (the browser turns its ':' into '_').
    expect(download.suggestedFilename()).toBe(`${DEMO_DOCUMENT_TITLE.replace(':', '_')} - answers.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Respondent,Question,Answer,Comment,Site,Date');
    expect(lines.slice(1)).toContainEqual(
      expect.stringMatching(
        /^\d+,Do you agree with the vision for the plan\?,Not sure,,,\d{4}-\d\d-\d\d \d\d:\d\d$/,
      ),
    );
    expect(csv).not.toContain('resident@demo.test');

    // The event's consultation statement, as a PDF.
    const [statement] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Consultation statement as PDF' }).click(),
    ]);
    expect(statement.suggestedFilename()).toBe(`${EVENT} - consultation statement.pdf`);
    expect((await readFile((await statement.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
