import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjectAccessMessages, type SubjectAccessStatus } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import {
  buildContact,
  buildRepresentation,
  buildSubRepresentation,
} from '../../../test/consultation-factories';
import { addNeighbour, buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const run = promisify(execFile);

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let other: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let admin: SignedIn;
let officer: SignedIn;
let email: string;
let letterId: string;
let mentionId: string;
let unrelatedId: string;
const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-sar-'));

beforeAll(async () => {
  t = await buildTestApp();
  [tenant, other] = await Promise.all([
    buildTenantWithUsers(t.database.db),
    buildTenantWithUsers(t.database.db),
  ]);
  [admin, officer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('officer')),
  ]);
  // Nel Neighbour: a consultation account, a contact who wrote a letter with a part, and a name
  // another writer mentions. The other council holds a contact with the same email address.
  email = await addNeighbour(t.database.db, tenant);
  const nel = await buildContact(t.database.db, tenant.id, {
    firstName: 'Nel',
    lastName: 'Neighbour',
    email,
    postcode: 'ME14 1XX',
  });
  const letter = await buildRepresentation(t.database.db, tenant.id, {
    contactId: nel.id,
    text: 'The junction is dangerous for my children.',
  });
  letterId = letter.id;
  await buildSubRepresentation(t.database.db, tenant.id, letterId, {
    sequentialId: 1,
    text: 'Road safety at the junction.',
  });
  mentionId = (
    await buildRepresentation(t.database.db, tenant.id, {
      text: 'I agree with my neighbour NEL   NEIGHBOUR about the traffic.',
    })
  ).id;
  unrelatedId = (
    await buildRepresentation(t.database.db, tenant.id, { text: 'Nelson Road needs a crossing.' })
  ).id;
  await buildContact(t.database.db, other.id, { firstName: 'Nel', lastName: 'Elsewhere', email });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const start = (who: SignedIn, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/data-protection/subject-access',
    headers: who.headers(),
    payload: body,
  });

/** Starts a request and waits for its job; the answer the screen polls for. */
async function request(body: Record<string, string>): Promise<SubjectAccessStatus> {
  const started = await start(admin, body);
  expect(started.statusCode, started.body).toBe(202);
  const { id } = started.json() as { id: string };
  const job = await t.app.jobs.waitFor(id, { timeoutMs: 60_000 });
  expect(job.status, job.error ?? '').toBe('succeeded');
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/data-protection/subject-access/${id}`,
    headers: admin.headers(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as SubjectAccessStatus;
}

const tableOf = (status: SubjectAccessStatus, table: string) =>
  status.result?.tables.find((entry) => entry.table === table);
const idsIn = (status: SubjectAccessStatus, table: string) =>
  tableOf(status, table)?.records.map((record) => record.id) ?? [];

describe('subject access request (issue 26 point 3)', () => {
  it('finds by email address the account, the contact, their letters and the letters’ parts, in this council only', async () => {
    const status = await request({ email: email.toUpperCase() });
    expect(status.progress.done).toBe(status.progress.total);
    expect(tableOf(status, 'users')).toMatchObject({ count: 1 });
    expect(tableOf(status, 'users')?.records[0]?.fields).toMatchObject({ email, name: 'Nel Neighbour' });
    expect(tableOf(status, 'users')?.records[0]?.fields).not.toHaveProperty('password_hash');
    expect(tableOf(status, 'contacts')).toMatchObject({ count: 1 });
    expect(tableOf(status, 'contacts')?.records[0]?.fields).toMatchObject({
      last_name: 'Neighbour',
      postcode: 'ME14 1XX',
    });
    expect(idsIn(status, 'representations')).toEqual([letterId]);
    expect(tableOf(status, 'representations')?.records[0]?.matchedBy).toEqual(['link to contacts']);
    expect(tableOf(status, 'sub_representations')?.records[0]?.fields.plain_text).toContain('Road safety');
    // The audit row says a request was made, not about whom.
    const audit = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['summary', 'details', 'target_id'])
        .where('action', '=', 'data-protection.subject-access')
        .where('target_id', '=', status.id)
        .executeTakeFirstOrThrow(),
    );
    expect(audit.summary).toBe('Made a subject access request by email address');
    expect(JSON.stringify(audit)).not.toContain('neighbour');
  });

  it('finds by name the letters that mention the person as whole words, and by postcode however it is written', async () => {
    const byName = await request({ name: '  nel neighbour ' });
    expect(idsIn(byName, 'representations')).toEqual(expect.arrayContaining([letterId, mentionId]));
    expect(idsIn(byName, 'representations')).not.toContain(unrelatedId);
    const byPostcode = await request({ postcode: 'me141xx' });
    expect(byPostcode.result?.request.postcode).toBe('ME14 1XX');
    expect(tableOf(byPostcode, 'contacts')?.records.map((record) => record.fields.first_name)).toEqual([
      'Nel',
    ]);
    expect(tableOf(byPostcode, 'users')).toBeUndefined();
  });

  it('exports a zip: a readable summary, the records as JSON and a CSV a table', async () => {
    const status = await request({ email });
    expect(status.download).toMatch(/^\/api\/v1\/jobs\/.+\/download$/);
    const answer = await t.app.inject({ method: 'GET', url: status.download!, headers: admin.headers() });
    expect(answer.statusCode).toBe(200);
    const zip = path.join(dir, 'sar.zip');
    await writeFile(zip, answer.rawPayload);
    await run('unzip', ['-q', '-o', zip, '-d', dir]);
    const summary = await readFile(path.join(dir, 'summary.html'), 'utf8');
    expect(summary).toContain('<h1>Subject access request</h1>');
    expect(summary).toContain('Nel Neighbour');
    const records = JSON.parse(await readFile(path.join(dir, 'records.json'), 'utf8')) as {
      tables: { table: string; rows: unknown[] }[];
    };
    expect(records.tables.map((table) => table.table)).toEqual(
      expect.arrayContaining(['users', 'contacts', 'representations', 'sub_representations']),
    );
    const csv = await readFile(path.join(dir, 'records', 'contacts.csv'), 'utf8');
    expect(csv.split('\r\n')[1]).toContain(email);
    // Only the one who asked downloads it; another holder of the grant sees the findings.
    const otherAdmin = await signIn(t.app, tenant.name, tenant.email('admin'));
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/data-protection/subject-access/${status.id}`,
      headers: otherAdmin.headers(),
    });
    expect((seen.json() as SubjectAccessStatus).result?.tables.length).toBeGreaterThan(0);
  });

  it('refuses a request with nothing to look for or a bad term, and staff without the grant', async () => {
    for (const [body, message] of [
      [{}, subjectAccessMessages.nothingToFind],
      [{ email: '', name: ' ', postcode: '' }, subjectAccessMessages.nothingToFind],
      [{ email: 'not-an-email' }, subjectAccessMessages.emailInvalid],
      [{ name: 'Al' }, subjectAccessMessages.nameTooShort],
      [{ postcode: 'ME14' }, subjectAccessMessages.postcodeInvalid],
    ] as const) {
      const answer = await start(admin, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      const issues = (answer.json() as { issues: { message: string }[] }).issues;
      expect(issues.map((issue) => issue.message)).toContain(message);
    }
    expect((await start(officer, { email })).statusCode).toBe(403);
    const other404 = await t.app.inject({
      method: 'GET',
      url: `/api/v1/data-protection/subject-access/00000000-0000-4000-8000-000000000000`,
      headers: admin.headers(),
    });
    expect(other404.statusCode).toBe(404);
  });
});
