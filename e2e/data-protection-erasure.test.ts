import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_MARK, erasureMessages } from '@planning/shared';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { buildContact, buildEvent, buildRepresentation } from '../apps/server/test/consultation-factories';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-users';
import { addStaffWithRole } from '../apps/server/test/factories';
import { axeViolationsIn } from './support/axe';
import {
  councilId,
  openAsTenant,
  openedDialog,
  startRunningApp,
  type RunningApp,
} from './support/running-app';

let running: RunningApp;
let demoId: string;
let wrenLetterId: string;
let fileKey: string;

// What a dimmed control says (apps/web/src/platform/access/Permitted.tsx).
const NO_PERMISSION_TEXT = 'You do not have permission to do this. Please contact your administrator.';
const WREN = { name: 'Wren Whitlock', email: 'wren.whitlock@example.test', phone: '01632 960456' };
const HELD = {
  event: 'Examination of the Local Plan',
  reason: 'Under examination by the Planning Inspectorate',
};

/**
 * The council's rows in every table the application reads, each text and JSON column searched for
 * the patterns: "table.column" for each hit (the server's erasure.test.ts does the same as owner).
 */
async function scanCouncil(patterns: string[]): Promise<{ tables: string[]; hits: string[] }> {
  return withTenant(running.database.db, demoId, async (trx) => {
    const { rows: columns } = await sql<{ table: string; column: string }>`
      select c.relname as "table", a.attname as "column"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        join pg_type ty on ty.oid = a.atttypid
       where n.nspname = 'public' and c.relkind in ('r', 'p') and has_table_privilege(c.oid, 'select')
         and ty.typname in ('text', 'varchar', 'bpchar', 'json', 'jsonb', '_text')
       order by 1, 2`.execute(trx);
    const hits: string[] = [];
    for (const { table, column } of columns) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
        where ${sql.ref(column)}::text ~* ${`(${patterns.join('|')})`}`.execute(trx);
      if (Number(rows[0]?.n) > 0) hits.push(`${table}.${column}`);
    }
    return { tables: [...new Set(columns.map((row) => row.table))], hits };
  });
}
const wrenPatterns = [
  'wren\\s+whitlock',
  'wren\\.whitlock@example\\.test',
  '01632\\s*960\\s*456',
  'me15\\s*6aa',
];

beforeAll(async () => {
  running = await startRunningApp();
  demoId = await councilId(running);
  const db = running.database.db;
  // Wren wrote a letter (with its scan) to a live consultation; Hollis to one under examination.
  const live = await buildEvent(db, demoId, { name: 'Erasure journey draft plan' });
  const wren = await buildContact(db, demoId, {
    firstName: 'Wren',
    lastName: 'Whitlock',
    email: WREN.email,
    phoneNumber: WREN.phone,
    postcode: 'ME15 6AA',
  });
  wrenLetterId = (
    await buildRepresentation(db, demoId, {
      eventId: live.id,
      contactId: wren.id,
      status: 'In review',
      text: `Please keep the green. ${WREN.name}, ME15 6AA, ${WREN.email}`,
    })
  ).id;
  fileKey = `${wrenLetterId}/scan.txt`;
  await running.app.storage.put(
    demoId,
    'consultations-attachments',
    fileKey,
    Buffer.from(`From ${WREN.name}`),
  );
  await withTenant(db, demoId, async (trx) => {
    const file = await trx
      .insertInto('files')
      .values({
        tenant_id: demoId,
        bucket: 'consultations-attachments',
        home_bucket: 'consultations-attachments',
        key: fileKey,
        orig_name: 'scan.txt',
        name: 'scan.txt',
        content_type: 'text/plain',
        size: 18,
        scan_status: 'clean',
        uploaded_by_name: 'Officer',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('representation_attachments')
      .values({ tenant_id: demoId, representation_id: wrenLetterId, file_id: file.id })
      .execute();
  });
  const held = await buildEvent(db, demoId, { name: HELD.event });
  const hollis = await buildContact(db, demoId, {
    firstName: 'Hollis',
    lastName: 'Hart',
    email: 'hollis.hart@example.test',
  });
  await buildRepresentation(db, demoId, { eventId: held.id, contactId: hollis.id, text: 'I object.' });
});
afterAll(() => running?.close());

describe('erasure (issue 26 point 4)', () => {
  it('places a legal hold and shows the refusal; previews, confirms and erases a resident, who is then found nowhere', async () => {
    const page = await openAsTenant(running, 'demo', '/data-protection');

    // The data protection officer puts the consultation under examination on hold.
    const holds = page.locator('.ant-card').filter({ hasText: 'Legal holds' });
    await holds.getByRole('button', { name: `Place hold on ${HELD.event}` }).click();
    const dialog = await openedDialog(page, `Place “${HELD.event}” under legal hold`);
    await dialog.getByRole('button', { name: 'Place legal hold' }).click();
    await dialog.getByText(erasureMessages.holdReasonMissing).waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(HELD.reason);
    await dialog.getByRole('button', { name: 'Place legal hold' }).click();
    await holds.getByRole('row').filter({ hasText: HELD.event }).filter({ hasText: HELD.reason }).waitFor();

    // Erasing Hollis would change a held consultation's representation: refused, with the reason.
    const card = page.locator('.ant-card').filter({ hasText: 'Erase a person on request' });
    await card.getByRole('textbox', { name: 'Email address' }).fill('hollis.hart@example.test');
    await card.getByRole('button', { name: 'Preview erasure' }).click();
    await card.getByText(erasureMessages.legalHold(HELD.event, HELD.reason)).waitFor();
    expect(await card.getByRole('button', { name: 'Erase', exact: true }).isDisabled()).toBe(true);

    // Wren: her contact is chosen, and the preview says what will change.
    await card.getByRole('textbox', { name: 'Email address' }).fill(WREN.email);
    await card.getByRole('button', { name: 'Preview erasure' }).click();
    const found = card.getByRole('region', { name: 'Accounts and contacts found' });
    await found.getByRole('row').filter({ hasText: WREN.name }).waitFor();
    expect(await found.getByRole('checkbox', { name: `Erase ${WREN.name}` }).isChecked()).toBe(true);
    const changes = card.getByRole('region', { name: 'What will change' });
    await changes
      .getByRole('row')
      .filter({ hasText: 'Representations (letters' })
      .filter({ hasText: 'text replaced' })
      .waitFor();
    await changes
      .getByRole('row')
      .filter({ hasText: 'Contacts: people' })
      .filter({ hasText: 'anonymised' })
      .waitFor();
    await card.getByText(/1 stored file\(s\) deleted/).waitFor();
    expect(await axeViolationsIn(page, '.ant-card:has(.data-protection__findings)')).toEqual([]);
    // Nothing is changed before the officer confirms.
    expect((await scanCouncil(wrenPatterns)).hits).not.toEqual([]);

    await card.getByRole('button', { name: 'Erase', exact: true }).click();
    const confirm = await openedDialog(page, erasureMessages.confirmTitle);
    await confirm.getByText(erasureMessages.confirmBody).waitFor();
    await confirm.getByRole('button', { name: 'Erase' }).click();
    await card.getByText(erasureMessages.done).waitFor();
    await card
      .getByRole('region', { name: 'What changed' })
      .getByRole('row')
      .filter({ hasText: 'Representations (letters' })
      .waitFor();

    // Nothing of her is left in the database or the stored files; her letter stays, anonymised.
    const scan = await scanCouncil(wrenPatterns);
    expect(scan.tables).toEqual(
      expect.arrayContaining([
        'users',
        'contacts',
        'representations',
        'sub_representations',
        'audit_log',
        'jobs',
        'files',
      ]),
    );
    expect(scan.hits).toEqual([]);
    expect(await running.app.storage.stat(demoId, 'consultations-attachments', fileKey)).toBeNull();
    const letter = await withTenant(running.database.db, demoId, (trx) =>
      trx
        .selectFrom('representations')
        .select(['status', 'public_text'])
        .where('id', '=', wrenLetterId)
        .executeTakeFirstOrThrow(),
    );
    expect(letter).toEqual({
      status: 'In review',
      public_text: `Please keep the green. ${ERASED_MARK}, ${ERASED_MARK}, ${ERASED_MARK}`,
    });

    // A subject access request for her now finds none of her records (only itself: its own job
    // holds the email it was asked for).
    const access = page.locator('.ant-card').filter({ hasText: 'Subject access request' });
    await access.getByRole('textbox', { name: 'Email address' }).fill(WREN.email);
    await access.getByRole('button', { name: 'Find records' }).click();
    const findings = access.getByRole('region', { name: 'Records found' });
    await findings.waitFor();
    await findings
      .getByText(/records in|No record holds/)
      .first()
      .waitFor();
    const tables = await findings.locator('.ant-collapse-header').allInnerTexts();
    expect(tables.filter((table) => !table.startsWith('Background work'))).toEqual([]);

    // Released, the hold no longer refuses.
    await holds.getByRole('button', { name: `Release the hold on ${HELD.event}` }).click();
    await card.getByRole('textbox', { name: 'Email address' }).fill('hollis.hart@example.test');
    await card.getByRole('button', { name: 'Preview erasure' }).click();
    await card
      .getByRole('region', { name: 'What will change' })
      .getByRole('row')
      .filter({ hasText: 'Contacts: people' })
      .waitFor();
    expect(await card.getByText(erasureMessages.legalHold(HELD.event, HELD.reason)).count()).toBe(0);
  });

  it('shows a data protection officer who may only read the tools, dimmed, with the reason', async () => {
    const { email } = await addStaffWithRole(
      running.database.db,
      { id: demoId, name: 'demo' },
      'dpo-reader',
      [{ unit: 'data-protection', action: 'read' }],
    );
    const page = await running.newPage();
    await page.addInitScript(() => window.localStorage.setItem('tenantName', 'demo'));
    const login = await page.context().request.post(`${running.baseUrl}/api/v1/auth/firebase-auth/login`, {
      headers: { 'x-tenant': 'demo' },
      data: { email, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${running.baseUrl}/data-protection`);
    const card = page.locator('.ant-card').filter({ hasText: 'Erase a person on request' });
    await card.getByText(NO_PERMISSION_TEXT).waitFor({ state: 'attached' });
    // The control is there, inert: the reader sees what erasure is, and that it is not theirs.
    expect(await card.locator('[inert] button', { hasText: 'Preview erasure' }).count()).toBe(1);
    const holds = page.locator('.ant-card').filter({ hasText: 'Legal holds' });
    await holds
      .getByRole('row')
      .filter({ hasText: HELD.event })
      .getByText(NO_PERMISSION_TEXT)
      .waitFor({ state: 'attached' });
  });
});
