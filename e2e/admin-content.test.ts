import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DOCUMENT_TITLE } from '../apps/server/src/modules/documents/documents.seed';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
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
 * Issue 16 point 3, the admin area's content: an administrator schedules an event that runs a
 * suggestion map from one of the council's configs and finds it under Upcoming; writes the
 * consultations privacy policy and reads it on /policy signed out; redacts a resident's telephone
 * number and no longer finds it on the response analysis page.
 */

let running: RunningApp;
let tenantId: string;
let documentId: string;
let config: string;
const EVENT = 'Station quarter consultation';
const PHONE = '07700 900987';
const COMMENT = `The station needs a bigger car park. Ring me on ${PHONE} if you want to know more.`;

beforeAll(async () => {
  running = await startRunningApp();
  tenantId = await councilId(running);
  documentId = await demoDocumentId(running, tenantId);
  // A config of the feature's type: the council's own (seeded), else one as the config editor leaves it.
  config = await withTenant(running.database.db, tenantId, async (trx) => {
    const { rows } = await sql<{ label: string }>`select label from configs c
      where config_type = 'suggestion-map' and (to_jsonb(c) ->> 'deleted_at') is null
      order by created_at limit 1`.execute(trx);
    if (rows[0]) return rows[0].label;
    await sql`insert into configs (tenant_id, config_type, label, config)
      values (${tenantId}, 'suggestion-map', 'Journey station suggestions', '{}'::jsonb)`.execute(trx);
    return 'Journey station suggestions';
  });
  // The demo resident answers the comments question through the API, as the question block does.
  const resident = await signIn(running.app, 'demo', 'resident@demo.test');
  const answered = await running.app.inject({
    method: 'PUT',
    url: `/api/v1/public/documents/${documentId}/answers`,
    headers: resident.headers(),
    payload: { questionId: 'q-comments', value: COMMENT },
  });
  expect(answered.statusCode, answered.body).toBe(200);
});
afterAll(() => running?.close());

describe('admin content (issue 16 point 3)', () => {
  it('creates an event with a feature and its config, and lists it under Upcoming', async () => {
    const page = await openAsTenant(running, 'demo', '/admin/placemaker/events', 'admin');
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor(FIRST_LOAD);
    await page.getByRole('button', { name: 'New event' }).click();
    await page.getByRole('heading', { level: 1, name: 'New event' }).waitFor();

    await page.getByLabel('Name').fill(EVENT);
    await page.getByLabel('Description').fill('Homes and a new square by the station.');
    await page.getByLabel('Starts').fill('2031-03-02T09:00');
    await page.getByLabel('Ends').fill('2031-04-13T17:00');
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'Consultation document' }),
      DEMO_DOCUMENT_TITLE,
    );
    await page.getByRole('button', { name: 'Add feature' }).click();
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'Feature 1', exact: true }),
      'Suggestion map',
    );
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'Config for feature 1', exact: true }),
      config,
    );
    await page.getByRole('button', { name: 'Create event' }).click();

    await page.waitForURL(/\/admin\/placemaker\/events$/);
    const upcoming = page.getByRole('tab', { name: /^Upcoming \(\d+\)$/ });
    await expect.poll(() => upcoming.getAttribute('aria-selected')).toBe('true');
    const row = page.getByRole('row', { name: new RegExp(EVENT) });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain(`Suggestion map: ${config}`);
    expect(await row.innerText()).toContain(DEMO_DOCUMENT_TITLE);
    expect(await axeViolationsIn(page, '.admin-frame')).toEqual([]);
    await screenshot(page, 'admin-events-upcoming');
  });

  it('publishes the privacy policy, which a signed-out visitor reads on /policy', async () => {
    const page = await openAsTenant(running, 'demo', '/admin/consultations/privacy-policy', 'admin');
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor(FIRST_LOAD);
    const editor = page.getByRole('textbox', { name: 'Consultations privacy policy' });
    await editor.click();
    await page.keyboard.type('We keep your answers for five years, then delete them.');
    await page.getByRole('button', { name: 'Save consultations privacy policy' }).click();
    await page.getByText(/^Last updated .+ by Ada Admin$/).waitFor();

    const visitor = await openAsTenant(running, 'demo', '/policy', null);
    await visitor.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor(FIRST_LOAD);
    await visitor.getByText('We keep your answers for five years, then delete them.').waitFor();
    expect(await axeViolationsIn(visitor, '.policy-page')).toEqual([]);
    await screenshot(visitor, 'policy-signed-out');
  });

  it("redacts a resident's telephone number, which the analysis page then no longer shows", async () => {
    const page = await openAsTenant(running, 'demo', '/admin/placemaker/suggestion-redaction', 'admin');
    await page.getByRole('heading', { level: 1, name: 'Suggestion redaction' }).waitFor(FIRST_LOAD);
    const card = page.locator('.ant-card', { hasText: COMMENT });
    await card.waitFor();
    expect(await axeViolationsIn(page, '.admin-frame')).toEqual([]);
    await card.getByRole('checkbox', { name: `Redact telephone number ‘${PHONE}’` }).check();
    await expect
      .poll(() => card.getByTestId('redaction-preview').innerText())
      .toBe(COMMENT.replace(PHONE, '[telephone number redacted]'));
    await card.getByRole('button', { name: 'Save redaction' }).click();
    await page.getByText('Redaction saved').waitFor();
    // Covered now: it leaves the list of submissions with personal data still to redact.
    await card.waitFor({ state: 'detached' });

    const analysis = await openAsTenant(
      running,
      'demo',
      `/document/response-analysis?documentId=${documentId}`,
      'officer',
    );
    await analysis.getByRole('heading', { level: 1, name: 'Response analysis' }).waitFor(FIRST_LOAD);
    await analysis.getByText(COMMENT.replace(PHONE, '[telephone number redacted]')).waitFor();
    expect(await analysis.getByText(PHONE).count()).toBe(0);
    await screenshot(analysis, 'analysis-redacted');
  });
});
