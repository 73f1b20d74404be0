import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RETENTION_JOB,
  defaultRetentionRules,
  retentionCsvColumns,
  retentionMessages,
  type RetentionRecordType,
  type RetentionRun,
  type RetentionSettings,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildEvent } from '../../../test/consultation-factories';
import { addStaffWithRole, buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { queueDailyRetention, startDailyRetention } from './retention.schedule';
import { DAY, retentionScene, type Scene } from './retention.testing';

let t: TestApp;
let a: Scene;
let b: Scene;
let admin: SignedIn;
let officer: SignedIn;
let reader: SignedIn;

let scene: ReturnType<typeof retentionScene>;
beforeAll(async () => {
  t = await buildTestApp();
  scene = retentionScene(t);
  [a, b] = [await scene.buildScene(), await scene.buildScene()];
  const { email } = await addStaffWithRole(t.database.db, a.council, 'dpo-reader', [
    { unit: 'data-protection', action: 'read' },
  ]);
  [admin, officer, reader] = await Promise.all([
    signIn(t.app, a.council.name, a.council.email('admin')),
    signIn(t.app, a.council.name, a.council.email('officer')),
    signIn(t.app, a.council.name, email),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const call = (who: SignedIn, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/data-protection/retention${url}`,
    headers: who.headers(),
    payload: payload as object,
  });

/** Starts a run, waits for its job and answers what the screen polls for. */
async function runOf(mode: 'dry-run' | 'run'): Promise<RetentionRun> {
  const started = await call(admin, 'POST', '/runs', { mode });
  expect(started.statusCode, started.body).toBe(202);
  const { id } = started.json() as { id: string };
  const job = await t.app.jobs.waitFor(id, { timeoutMs: 60_000 });
  expect(job.status, job.error ?? '').toBe('succeeded');
  const answer = await call(admin, 'GET', `/runs/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as RetentionRun;
}

const item = (run: RetentionRun, type: RetentionRecordType) =>
  run.report?.items.find((entry) => entry.type === type);

describe('retention rules (issue 26 point 5)', () => {
  it('are the defaults until the council sets them, and are read with the data-protection grant only', async () => {
    const answer = await call(reader, 'GET', '');
    expect(answer.statusCode, answer.body).toBe(200);
    const settings = answer.json() as RetentionSettings;
    expect(settings.rules).toEqual(defaultRetentionRules);
    expect(settings.rules).toMatchObject({
      representations: 5,
      auditLog: 6,
      quarantinedFiles: 30,
      scheduled: true,
    });
    expect(settings.consultations.find((event) => event.name === 'Local Plan Regulation 19')).toMatchObject({
      planAdoptedOn: '2016-03-01',
      representationCount: 2,
    });
    expect((await call(officer, 'GET', '')).statusCode).toBe(403);
    expect((await call(officer, 'GET', '/runs')).statusCode).toBe(403);
  });

  it('are changed with the write grant only, in bounds, with the message beside the field, and audited', async () => {
    const rules = { ...defaultRetentionRules, quarantinedFiles: 20 };
    for (const who of [reader, officer]) {
      expect((await call(who, 'PUT', '', rules)).statusCode).toBe(403);
      expect((await call(who, 'POST', '/runs', { mode: 'dry-run' })).statusCode).toBe(403);
    }
    for (const [field, value, message] of [
      ['representations', 0, 'Enter a whole number of years from 1 to 20.'],
      ['auditLog', 21, 'Enter a whole number of years from 1 to 20.'],
      ['exports', 1.5, 'Enter a whole number of days from 1 to 365.'],
      ['unattachedUploads', '7', 'Enter a whole number of days from 1 to 365.'],
    ] as const) {
      const refused = await call(admin, 'PUT', '', { ...rules, [field]: value });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'Payload data is invalid',
        issues: [{ path: `body.${field}`, message }],
      });
    }
    const saved = await call(admin, 'PUT', '', rules);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      rules: { quarantinedFiles: 20 },
      updatedByName: expect.any(String),
    });
    expect(((await call(reader, 'GET', '')).json() as RetentionSettings).rules.quarantinedFiles).toBe(20);
    const audit = await withTenant(t.database.db, a.council.id, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['summary', 'details'])
        .where('action', '=', 'data-protection.retention-rules')
        .executeTakeFirstOrThrow(),
    );
    expect(audit.summary).toBe('Changed the retention rules: quarantinedFiles');
    expect(audit.details).toEqual({ quarantinedFiles: { from: 30, to: 20 } });
    // Back to the defaults the scene is built for.
    expect((await call(admin, 'PUT', '', defaultRetentionRules)).statusCode).toBe(200);
  });

  it('records a plan’s adoption date, never one in the future nor on another council’s consultation', async () => {
    const event = await buildEvent(t.database.db, a.council.id, { name: 'Gypsy and Traveller Plan' });
    const future = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const refused = await call(admin, 'PUT', `/consultations/${event.id}`, { planAdoptedOn: future });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: retentionMessages.adoptedInFuture });
    const saved = await call(admin, 'PUT', `/consultations/${event.id}`, { planAdoptedOn: '2024-02-01' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (saved.json() as RetentionSettings).consultations.find((entry) => entry.id === event.id)?.planAdoptedOn,
    ).toBe('2024-02-01');
    const elsewhere = await buildEvent(t.database.db, b.council.id);
    const foreign = await call(admin, 'PUT', `/consultations/${elsewhere.id}`, {
      planAdoptedOn: '2020-01-01',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: retentionMessages.eventNotFound });
    expect(
      (await call(officer, 'PUT', `/consultations/${event.id}`, { planAdoptedOn: null })).statusCode,
    ).toBe(403);
  });
});

describe('retention runs', () => {
  it('a dry run reports what is past each rule and changes nothing', async () => {
    const before = await scene.state(a);
    const run = await runOf('dry-run');
    expect(run).toMatchObject({ mode: 'dry-run', trigger: 'manual', status: 'succeeded', found: 7, done: 0 });
    expect(run.progress.done).toBe(run.progress.total);
    expect(item(run, 'representations')).toMatchObject({
      found: 1,
      done: 0,
      rule: '5 years after the plan’s adoption',
      oldest: '2016-03-01T00:00:00.000Z',
      examples: ["Consultation 'Local Plan Regulation 19' (plan adopted 2016-03-01): 1 person"],
    });
    expect(item(run, 'exports')).toMatchObject({
      found: 1,
      examples: [expect.stringContaining(`Job ${a.old.jobId}: test.export`)],
    });
    expect(item(run, 'geodataUploads')).toMatchObject({
      found: 1,
      examples: [expect.stringContaining(`Upload ${a.old.uploadId}`)],
    });
    expect(item(run, 'unattachedUploads')).toMatchObject({ found: 2 });
    expect(item(run, 'quarantinedFiles')).toMatchObject({ found: 1, rule: '30 days after the scan' });
    expect(item(run, 'auditLog')).toMatchObject({
      found: 1,
      examples: [expect.stringMatching(/^role\.update on \d{4}-\d{2}-\d{2}$/)],
    });
    // The report holds no personal data: no name, email address or file name of the scene.
    expect(JSON.stringify(run.report)).not.toMatch(
      /Olive|Oldham|olive@|ME14|Pat Person|owners\.gpkg|old@example/,
    );
    expect(await scene.state(a)).toEqual(before);

    const csv = await call(admin, 'GET', `/runs/${run.id}/report.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      new RegExp(`retention-dry-run-${a.council.name}-\\d{4}-\\d{2}-\\d{2}\\.csv`),
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(retentionCsvColumns.join(','));
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(
      /^People who made representations,5 years after the plan’s adoption,\d{4}-\d{2}-\d{2},1,0,0,2016-03-01,/,
    );
  });

  it('a run removes what is past each rule, keeps what is younger, and leaves other councils alone', async () => {
    const otherBefore = await scene.state(b);
    const run = await runOf('run');
    expect(run).toMatchObject({ mode: 'run', found: 7, done: 7 });
    for (const type of [
      'representations',
      'exports',
      'geodataUploads',
      'quarantinedFiles',
      'auditLog',
    ] as const)
      expect(item(run, type), type).toMatchObject({ found: 1, done: 1, failed: 0 });
    expect(item(run, 'unattachedUploads')).toMatchObject({ found: 2, done: 2 });

    const after = await scene.state(a);
    // The person's details are gone; the representation's text stays.
    expect(after.contact).toMatchObject({
      first_name: 'Anonymised',
      last_name: 'person',
      email: null,
      postcode: null,
    });
    expect(after.contact.anonymised_at).not.toBeNull();
    const letter = await withTenant(t.database.db, a.council.id, (trx) =>
      trx
        .selectFrom('representations')
        .select('plain_text')
        .where('contact_id', '=', a.old.contactId)
        .executeTakeFirstOrThrow(),
    );
    expect(letter.plain_text).toContain('The green belt must stay.');
    expect(after).toMatchObject({
      oldJob: undefined,
      files: 0,
      oldAudit: undefined,
      exportStored: false,
      geodataStored: false,
      filesStored: 0,
    });
    expect(after.upload.payload).toMatchObject({ fileDeleted: true });

    // What is younger stays: a person also in a live consultation, one of a plan adopted last
    // year, yesterday's job and upload, recent and attached files, the five-year-old audit entry.
    await withTenant(t.database.db, a.council.id, async (trx) => {
      const people = await trx
        .selectFrom('contacts')
        .select(['id', 'email', 'anonymised_at'])
        .where('id', 'in', [a.young.contactId, a.young.sharedContactId])
        .execute();
      expect(people.every((person) => person.anonymised_at === null)).toBe(true);
      expect(people.map((person) => person.email)).toContain('sam@example.test');
      expect(
        await trx
          .selectFrom('jobs')
          .select('id')
          .where('id', 'in', [a.young.jobId, a.young.uploadId])
          .execute(),
      ).toHaveLength(2);
      expect(
        await trx
          .selectFrom('files')
          .select('id')
          .where('id', 'in', [...a.young.files, a.attachedFileId])
          .execute(),
      ).toHaveLength(3);
      expect(
        Number(
          (
            await sql<{
              n: string;
            }>`select count(*) as n from audit_log where action = 'role.update'`.execute(trx)
          ).rows[0]?.n,
        ),
      ).toBe(1);
    });
    expect(await scene.stored(a.council.id, 'consultations-attachments', a.attachedFileId)).toBe(true);
    expect(await scene.stored(a.council.id, 'siteFiles', a.young.files[0]!)).toBe(true);
    expect(await scene.state(b)).toEqual(otherBefore);

    // The audit log records the run and its counts, never the records.
    const audit = await withTenant(t.database.db, a.council.id, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['summary', 'details', 'actor_email'])
        .where('action', '=', 'data-protection.retention')
        .orderBy('occurred_at', 'desc')
        .executeTakeFirstOrThrow(),
    );
    expect(audit.summary).toBe('Retention run: 7 records deleted or anonymised');
    expect(audit.actor_email).toBe(a.council.email('admin'));
    expect(audit.details).toMatchObject({
      mode: 'run',
      trigger: 'manual',
      counts: { unattachedUploads: { found: 2, done: 2, failed: 0 } },
    });

    // A second run finds only the old upload's record, kept until its file had gone (this run).
    const again = await runOf('run');
    expect(again).toMatchObject({ found: 1, done: 1 });
    expect(item(again, 'exports')?.examples).toEqual([
      expect.stringContaining(`Job ${a.old.uploadId}: geodata.inspect`),
    ]);
    const runs = (await call(reader, 'GET', '/runs')).json() as { runs: RetentionRun[] };
    expect(runs.runs.map((entry) => [entry.mode, entry.done])).toEqual([
      ['run', 1],
      ['run', 7],
      ['dry-run', 0],
    ]);
  });

  it('starts no second run while one is under way', async () => {
    const queued = await scene.aJob(a.council.id, { kind: RETENTION_JOB, finished: new Date() });
    await withTenant(t.database.db, a.council.id, (trx) =>
      trx.updateTable('jobs').set({ status: 'queued', finished_at: null }).where('id', '=', queued).execute(),
    );
    const refused = await call(admin, 'POST', '/runs', { mode: 'run' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: retentionMessages.underWay });
    await withTenant(t.database.db, a.council.id, (trx) =>
      trx.deleteFrom('jobs').where('id', '=', queued).execute(),
    );
  });

  it('answers 404 for another council’s run', async () => {
    const other = await signIn(t.app, b.council.name, b.council.email('admin'));
    const mine = (await call(admin, 'GET', '/runs')).json() as { runs: RetentionRun[] };
    const answer = await call(other, 'GET', `/runs/${mine.runs[0]!.id}`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: retentionMessages.notFound });
  });
});

describe('the audit log', () => {
  it('stays append-only: the application deletes entries only through audit_log_expire, never under a year old', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    const attempt = (statement: string) =>
      withTenant(t.database.db, council.id, async (trx) => {
        await sql`select set_config('app.audit_retention', 'on', true)`.execute(trx);
        await sql.raw(statement).execute(trx);
      }).then(
        () => 'done',
        (error: Error) => error.message,
      );
    expect(await attempt('delete from audit_log')).toMatch(/permission denied/);
    expect(await attempt(`select audit_log_expire(now() - interval '300 days')`)).toMatch(
      /kept for at least a year/,
    );
    expect(await attempt(`select audit_log_expire(now() - interval '2 years')`)).toBe('done');
  });
});

describe('a file the store refuses', () => {
  it('keeps its row for the next run, counted as failed, and the run goes on', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    const old = new Date(Date.now() - 40 * DAY);
    const good = await scene.aFile(council.id, { bucket: 'quarantined', at: old, quarantined: true });
    const refused = await scene.aFile(council.id, { bucket: 'quarantined', at: old, quarantined: true });
    // A key the store will not address (storage.ts refuses any way out of the council's bucket).
    await withTenant(t.database.db, council.id, (trx) =>
      trx.updateTable('files').set({ key: '../elsewhere' }).where('id', '=', refused).execute(),
    );
    const { jobId } = await t.app.jobs.enqueue(t.database.db, {
      tenantId: council.id,
      kind: RETENTION_JOB,
      payload: { mode: 'run', trigger: 'manual', asOf: new Date().toISOString() },
    });
    const job = await t.app.jobs.waitFor(jobId, { timeoutMs: 60_000 });
    expect(job.status, job.error ?? '').toBe('succeeded');
    const quarantined = (job.result as { items: { type: string }[] }).items.find(
      (entry) => entry.type === 'quarantinedFiles',
    );
    expect(quarantined).toMatchObject({ found: 2, done: 1, failed: 1 });
    const left = await withTenant(t.database.db, council.id, (trx) =>
      trx.selectFrom('files').select('id').where('id', 'in', [good, refused]).execute(),
    );
    expect(left).toEqual([{ id: refused }]);
    expect(await scene.stored(council.id, 'quarantined', good)).toBe(false);
  });
});

describe('the daily run', () => {
  it('is queued once a London day per scheduled council, by one caller at a time, with the clock it is given', async () => {
    const [c, off] = [await scene.buildScene(), await buildTenantWithUsers(t.database.db)];
    await withTenant(t.database.db, off.id, (trx) =>
      trx
        .insertInto('retention_rules')
        .values({ tenant_id: off.id, rules: JSON.stringify({ ...defaultRetentionRules, scheduled: false }) })
        .execute(),
    );
    const tenantIds = [c.council.id, off.id];
    const now = new Date(Date.now() + 2 * DAY);
    const daily = (at: Date) =>
      queueDailyRetention({ db: t.database.db, jobs: t.app.jobs, now: at, tenantIds });
    // Two callers at once: the council gets one run.
    const first = await Promise.all([daily(now), daily(now)]);
    expect(first.flatMap((outcome) => outcome.queued)).toEqual([c.council.id]);
    expect((await daily(new Date(now.getTime() + 3_600_000))).queued).toEqual([]);

    const jobs = await withTenant(t.database.db, c.council.id, (trx) =>
      trx.selectFrom('jobs').select(['id', 'user_id', 'payload']).where('kind', '=', RETENTION_JOB).execute(),
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      user_id: null,
      payload: { mode: 'run', trigger: 'schedule', asOf: now.toISOString() },
    });
    const job = await t.app.jobs.waitFor(jobs[0]!.id, { timeoutMs: 60_000 });
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ trigger: 'schedule', asOf: now.toISOString() });
    expect(await scene.state(c)).toMatchObject({
      oldJob: undefined,
      files: 0,
      filesStored: 0,
      exportStored: false,
    });
    const audit = await withTenant(t.database.db, c.council.id, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['summary', 'actor_user_id'])
        .where('action', '=', 'data-protection.retention')
        .executeTakeFirstOrThrow(),
    );
    expect(audit).toEqual({
      summary: 'Retention run (daily run): 7 records deleted or anonymised',
      actor_user_id: null,
    });

    // The next day it runs again.
    expect((await daily(new Date(now.getTime() + DAY))).queued).toEqual([c.council.id]);
    const next = await withTenant(t.database.db, c.council.id, (trx) =>
      trx
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', RETENTION_JOB)
        .where('id', '<>', job.id)
        .executeTakeFirstOrThrow(),
    );
    expect((await t.app.jobs.waitFor(next.id, { timeoutMs: 60_000 })).result).toMatchObject({
      items: expect.any(Array),
    });
  });

  it('is looked for by the worker’s timer as soon as it starts, and stopping waits for the look', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    const now = new Date(Date.now() + 5 * DAY);
    const daily = startDailyRetention({
      db: t.database.db,
      jobs: t.app.jobs,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      clock: () => now,
      tenantIds: [council.id],
    });
    await daily.stop();
    const jobs = await withTenant(t.database.db, council.id, (trx) =>
      trx.selectFrom('jobs').select(['id', 'payload']).where('kind', '=', RETENTION_JOB).execute(),
    );
    expect(jobs.map((job) => job.payload)).toEqual([
      { mode: 'run', trigger: 'schedule', asOf: now.toISOString() },
    ]);
    expect((await t.app.jobs.waitFor(jobs[0]!.id, { timeoutMs: 60_000 })).status).toBe('succeeded');
  });
});
