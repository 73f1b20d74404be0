import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionCsvColumns, retentionMessages } from '@planning/shared';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { buildContact, buildEvent, buildRepresentation } from '../apps/server/test/consultation-factories';
import { addStaffWithRole } from '../apps/server/test/factories';
import { axeViolationsIn } from './support/axe';
import { FIRST_LOAD, screenshot } from './support/consultations';
import {
  councilId,
  openAsTenant,
  openedDialog,
  startRunningApp,
  type DemoUser,
  type RunningApp,
} from './support/running-app';

let running: RunningApp;
let tenantId: string;
let contactId: string;
let quarantinedKey: string;

beforeAll(async () => {
  running = await startRunningApp();
  tenantId = await councilId(running);
  const db = running.database.db;
  // What a council holds long after a plan: a consultation whose plan the officer will mark adopted
  // in 2019, a resident's representation on it, and a file quarantined 40 days ago.
  const event = await buildEvent(db, tenantId, {
    name: 'Core Strategy 2012',
    startsOn: '2012-04-01',
    endsOn: '2012-06-30',
  });
  contactId = (
    await buildContact(db, tenantId, { firstName: 'Olive', lastName: 'Oldham', email: 'olive@example.test' })
  ).id;
  await buildRepresentation(db, tenantId, { eventId: event.id, contactId, text: 'Keep the green belt.' });
  quarantinedKey = randomUUID();
  await running.app.storage.put(tenantId, 'quarantined', quarantinedKey, Buffer.from('X5O!P%@AP'));
  await withTenant(db, tenantId, async (trx) => {
    await trx
      .insertInto('files')
      .values({
        id: quarantinedKey,
        tenant_id: tenantId,
        site_id: null,
        bucket: 'quarantined',
        home_bucket: 'siteFiles',
        key: quarantinedKey,
        orig_name: 'scan.pdf',
        name: 'scan.pdf',
        content_type: 'application/pdf',
        size: 9,
        scan_status: 'quarantined',
        uploaded_by: null,
        uploaded_by_name: 'Test',
      })
      .execute();
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await sql`update files set created_at = ${longAgo}, scanned_at = ${longAgo} where id = ${quarantinedKey}`.execute(
      trx,
    );
  });
});
afterAll(() => running?.close());

describe('retention (issue 26 point 5)', () => {
  it('sets the rules and an adoption date, shows a dry run’s report, then runs them after a confirmation', async () => {
    const page = await openAsTenant(running, 'demo', '/data-protection');
    const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Retention' }) });
    const rules = card.getByRole('form', { name: 'Retention rules' });
    const people = rules.getByRole('spinbutton', { name: 'People who made representations' });
    await people.waitFor(FIRST_LOAD);
    expect(await people.inputValue()).toBe('5');

    // A rule out of bounds is refused beside its field; a good one is saved.
    await people.fill('0');
    await rules.getByRole('button', { name: 'Save rules' }).click();
    await rules.getByText(retentionMessages.outOfRange('years', 1, 20)).waitFor();
    await people.fill('2');
    await rules.getByRole('button', { name: 'Save rules' }).click();
    await page.getByText(retentionMessages.saved).waitFor();
    await rules.getByText(/Last changed .* by /).waitFor();
    expect(await rules.getByText(retentionMessages.outOfRange('years', 1, 20)).count()).toBe(0);

    // The plan of the old consultation was adopted in 2019: more than two years ago.
    const adoption = card.getByRole('textbox', { name: 'Plan adopted on, Core Strategy 2012' });
    await adoption.fill('2019-03-14');
    await card.getByRole('button', { name: 'Save the adoption date of Core Strategy 2012' }).click();
    await page.getByText(retentionMessages.adoptionSaved).waitFor();

    // The dry run reports and changes nothing.
    await card.getByRole('button', { name: 'Dry run' }).click();
    const report = card.getByRole('region', { name: 'Retention report' });
    await report.getByText(/records are past their rules\. Nothing was changed\./).waitFor(FIRST_LOAD);
    const peopleRow = report.getByRole('row').filter({ hasText: 'People who made representations' });
    await peopleRow
      .getByText("Consultation 'Core Strategy 2012' (plan adopted 2019-03-14): 1 person")
      .waitFor();
    expect((await peopleRow.getByRole('cell').allInnerTexts()).slice(0, 3)).toEqual([
      'People who made representations',
      '2 years after the plan’s adoption',
      '1',
    ]);
    const quarantinedRow = report.getByRole('row').filter({ hasText: 'Quarantined files' });
    expect((await quarantinedRow.getByRole('cell').allInnerTexts())[2]).toBe('1');
    expect(await report.getByText('Olive').count()).toBe(0);
    await screenshot(page, 'retention-dry-run');
    expect(await axeViolationsIn(page, '.data-protection__retention')).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Download the report' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^retention-dry-run-demo-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe(retentionCsvColumns.join(','));
    expect(await running.app.storage.stat(tenantId, 'quarantined', quarantinedKey)).not.toBeNull();

    // Run now asks first; Cancel leaves everything.
    await card.getByRole('button', { name: 'Run now' }).click();
    let dialog = await openedDialog(page);
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Run now' }).click();
    dialog = await openedDialog(page);
    await dialog.getByRole('button', { name: 'Run now' }).click();
    await report.getByText(/records deleted or anonymised\./).waitFor(FIRST_LOAD);
    expect(
      (
        await report
          .getByRole('row')
          .filter({ hasText: 'Quarantined files' })
          .getByRole('cell')
          .allInnerTexts()
      )[3],
    ).toBe('1');

    // The person's details are gone, the representation's text stays, and so does the file's.
    const contact = await withTenant(running.database.db, tenantId, (trx) =>
      trx
        .selectFrom('contacts')
        .select(['first_name', 'email'])
        .where('id', '=', contactId)
        .executeTakeFirstOrThrow(),
    );
    expect(contact).toEqual({ first_name: 'Anonymised', email: null });
    expect(await running.app.storage.stat(tenantId, 'quarantined', quarantinedKey)).toBeNull();

    // The last runs: the run, then the dry run, each by the administrator; a reload keeps them.
    await page.reload();
    const last = card.getByRole('region', { name: 'Last runs' });
    await last.getByRole('row').nth(2).waitFor(FIRST_LOAD);
    const rows = await last.getByRole('row').allInnerTexts();
    expect(rows[1]).toMatch(/Run\s.*succeeded/s);
    expect(rows[2]).toMatch(/Dry run\s.*succeeded/s);
    await last
      .getByRole('button', { name: /Show the report of/ })
      .nth(1)
      .click();
    await report.getByText(/Nothing was changed\./).waitFor();
    await screenshot(page, 'retention-last-runs');
  });

  it('shows a data protection officer who may only read the rules and the runs, with nothing to change', async () => {
    await addStaffWithRole(running.database.db, { id: tenantId, name: 'demo' }, 'dporeader', [
      { unit: 'data-protection', action: 'read' },
    ]);
    // Signed in like the demo accounts: addStaffWithRole gives the demo password.
    const page = await openAsTenant(running, 'demo', '/data-protection', 'dporeader' as DemoUser);
    const card = page.locator('.data-protection__retention');
    const people = card.getByRole('spinbutton', { name: 'People who made representations' });
    await people.waitFor(FIRST_LOAD);
    expect(await people.isDisabled()).toBe(true);
    for (const name of ['Save rules', 'Dry run', 'Run now'])
      expect(await card.getByRole('button', { name }).isDisabled(), name).toBe(true);
    // The runs of the first journey are there to read.
    await card
      .getByRole('region', { name: 'Last runs' })
      .getByRole('button', { name: /Show the report of/ })
      .first()
      .click();
    await card.getByRole('region', { name: 'Retention report' }).waitFor();
  });
});
