import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  bulkReviewResultSchema,
  cfsReviewMessages as R,
  cfsSubmissionMessages as M,
  cfsSubmissionSchema,
  reviewListSchema,
  reviewSubmissionSchema,
  siteSubmissionsSchema,
  submitterLookupSchema,
  type CfsSubmission,
  type SubjectAccessStatus,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { consultationTestBed, issueMessages } from '../../../test/consultation-setup';
import { addNeighbour, NEIGHBOUR_PASSWORD } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';

// Issue 27 points 4 and 5, the officers' side finished: constraints worked out on arrival, bulk
// decisions from the queue, a site's submissions for its page, merging a site at a time, and a
// person's submissions found by email for deleting and restoring.
const { t, tenant, other, officer, viewer, resident, otherOfficer, call } = consultationTestBed();
let admin: SignedIn;
let neighbour: SignedIn;
let neighbourEmail = '';
let callId = '';
let floodLayerId = '';
const existing: { id: string; boundary: object }[] = [];
const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-cfs-actions-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const square = (x: number, y: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + 0.0014, y],
      [x + 0.0014, y + 0.0009],
      [x, y + 0.0009],
      [x, y],
    ],
  ],
});

async function submit(
  who: SignedIn,
  sites: { name: string; boundary: object }[],
  contactEmail = 'owen@example.com',
): Promise<CfsSubmission> {
  const started = await call(who, 'POST', `/public/cfs/calls/${callId}/submissions`);
  expect(started.statusCode, started.body).toBe(201);
  const id = (started.json() as { id: string }).id;
  const saved = await call(who, 'PUT', `/public/cfs/submissions/${id}`, {
    contact: { name: 'Owen Price', email: contactEmail, address: 'Fferm Uchaf, Hadlow' },
    sites: sites.map((site) => ({
      ...site,
      details: { ownership: 'sole', availability: 'now', proposedUses: ['housing'], homes: 12 },
      answers: { 'q-access': ['track'] },
    })),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await call(who, 'POST', `/public/cfs/submissions/${id}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return cfsSubmissionSchema.parse(submitted.json());
}

const queue = async (query = '') => {
  const response = await call(officer, 'GET', `/cfs/submissions?callId=${callId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return reviewListSchema.parse(response.json());
};
const bulk = (who: SignedIn, body: unknown) => call(who, 'POST', '/cfs/submissions/bulk', body);

const subs: Record<'flooded' | 'dry' | 'second' | 'third' | 'pair', CfsSubmission> = {} as never;

beforeAll(async () => {
  admin = await signIn(t.app, tenant.name, tenant.email('admin'));
  neighbourEmail = await addNeighbour(t.database.db, tenant);
  neighbour = await signIn(t.app, tenant.name, neighbourEmail, NEIGHBOUR_PASSWORD);
  await seedSites(t.database.db, tenant.id, demoDistrict, 5);
  const configId = await withTenant(t.database.db, tenant.id, async (trx) => {
    const questionnaire = {
      topics: [
        {
          id: 'access',
          title: 'Access',
          showMode: 'all',
          questions: [
            {
              kind: 'Preferences',
              id: 'q-access',
              question: 'How is the site reached?',
              options: [
                { id: 'road', label: 'From a public road' },
                { id: 'track', label: 'By a private track' },
              ],
            },
          ],
        },
      ],
    };
    const { rows } = await sql<{ id: string }>`insert into configs (tenant_id, config_type, label, config)
      values (${tenant.id}, 'call-for-sites-questionnaire', 'Questions', ${JSON.stringify(questionnaire)}::jsonb)
      returning id`.execute(trx);
    return rows[0]!.id;
  });
  const opened = await call(admin, 'POST', '/admin/cfs/calls', {
    name: 'Call for sites 2028',
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    questionnaireConfigId: configId,
  });
  expect(opened.statusCode, opened.body).toBe(201);
  callId = (opened.json() as { id: string }).id;
  await withTenant(t.database.db, tenant.id, async (trx) => {
    const { rows } = await sql<{ id: string; boundary: string }>`
      select id::text as id, ST_AsGeoJSON(ST_Transform(ST_GeometryN(geom, 1), 4326), 7) as boundary
      from sites where not is_deleted order by sites.id limit 2`.execute(trx);
    // Ordered by the number (the text would put site 100 before site 95 once the ids reach 100).
    existing.push(...rows.map((row) => ({ id: row.id, boundary: JSON.parse(row.boundary) as object })));
    // A constraint layer with one feature over the first existing site.
    const layer = await trx
      .insertInto('layers')
      .values({ tenant_id: tenant.id, layer_name: 'flood_zone_3', title: 'Flood zone 3' })
      .returning('id')
      .executeTakeFirstOrThrow();
    floodLayerId = String(layer.id);
    await sql`insert into layer_features (tenant_id, layer_id, properties, geom)
      select ${tenant.id}, ${layer.id}, '{}'::jsonb, ST_GeometryN(geom, 1) from sites where id = ${rows[0]!.id}::bigint`.execute(
      trx,
    );
  });
  subs.flooded = await submit(neighbour, [{ name: 'Water meadow', boundary: existing[0]!.boundary }]);
  subs.dry = await submit(neighbour, [{ name: 'Hill field', boundary: square(0.3, 51.1) }]);
  subs.second = await submit(neighbour, [{ name: 'Long acre', boundary: square(0.32, 51.12) }]);
  subs.third = await submit(neighbour, [{ name: 'Short acre', boundary: square(0.34, 51.14) }]);
  subs.pair = await submit(neighbour, [
    { name: 'North plot', boundary: existing[0]!.boundary },
    { name: 'South plot', boundary: existing[1]!.boundary },
  ]);
});

describe('constraint layers worked out on arrival (issue 27 point 4)', () => {
  it('counts them in the queue and filters by them, the tabs counting what the filter keeps', async () => {
    const all = await queue();
    const count = (id: string) => all.submissions.find((s) => s.id === id)!.constraintLayers;
    expect(count(subs.flooded.id)).toBe(1);
    expect(count(subs.dry.id)).toBe(0);
    expect(count(subs.pair.id)).toBe(1);
    const withThem = await queue('&constraints=with');
    expect(withThem.submissions.map((s) => s.id).sort()).toEqual([subs.flooded.id, subs.pair.id].sort());
    expect(withThem.counts.new).toBe(2);
    const without = await queue('&constraints=without');
    expect(without.submissions.map((s) => s.id)).not.toContain(subs.flooded.id);
    expect(without.counts.new).toBe(3);
    const bad = await call(officer, 'GET', `/cfs/submissions?constraints=some`);
    expect(bad.statusCode).toBe(400);
    expect(issueMessages(bad)).toEqual(['Constraints is with or without']);
  });

  it('shows review what they were on arrival, with when; a layer added later is not among them', async () => {
    await withTenant(t.database.db, tenant.id, async (trx) => {
      const later = await trx
        .insertInto('layers')
        .values({ tenant_id: tenant.id, layer_name: 'green_belt', title: 'Green belt' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into layer_features (tenant_id, layer_id, properties, geom)
        select ${tenant.id}, ${later.id}, '{}'::jsonb, ST_GeometryN(geom, 1) from sites where id = ${existing[0]!.id}::bigint`.execute(
        trx,
      );
    });
    const one = reviewSubmissionSchema.parse(
      (await call(officer, 'GET', `/cfs/submissions/${subs.flooded.id}`)).json(),
    );
    const site = one.sites[0]!;
    expect(site.overlaps.layers).toEqual([{ id: floodLayerId, title: 'Flood zone 3', features: 1 }]);
    expect(Math.abs(Date.parse(site.constraintsCheckedAt!) - Date.parse(one.submittedAt!))).toBeLessThan(
      60_000,
    );
    // Existing sites and other submissions are still worked out as they are now.
    expect(site.overlaps.sites.map((s) => s.id)).toContain(existing[0]!.id);
    expect(site.overlaps.submissions).toEqual([{ id: subs.pair.id, reference: subs.pair.reference }]);
  });
});

describe('bulk decisions from the queue (issue 27 point 4)', () => {
  it('takes several into review, answering for each, as the single route would', async () => {
    const answer = await bulk(officer, { action: 'review', ids: [subs.second.id, subs.third.id] });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = bulkReviewResultSchema.parse(answer.json());
    expect(result.results).toEqual([
      {
        id: subs.second.id,
        reference: subs.second.reference,
        outcome: 'done',
        status: 'in_review',
        message: null,
      },
      {
        id: subs.third.id,
        reference: subs.third.reference,
        outcome: 'done',
        status: 'in_review',
        message: null,
      },
    ]);
    expect(result.message).toBe('2 submissions marked as in review');
  });

  it('rejects several with one reason, each submitter emailed; one decided already, unknown or another council’s is refused alone', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    // The other council's officer reaches none of this council's.
    const foreign = bulkReviewResultSchema.parse(
      (await bulk(otherOfficer, { action: 'reject', ids: [subs.dry.id], reason: 'No' })).json(),
    );
    expect(foreign.results[0]).toMatchObject({ outcome: 'not-found', message: M.submissionNotFound });

    const reason = 'The land lies outside the plan area.';
    const answer = await bulk(officer, {
      action: 'reject',
      ids: [subs.second.id, subs.third.id, subs.third.id, unknown],
      reason: `  ${reason} `,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = bulkReviewResultSchema.parse(answer.json());
    expect(result.results.map((r) => [r.id, r.outcome, r.status])).toEqual([
      [subs.second.id, 'done', 'rejected'],
      [subs.third.id, 'done', 'rejected'],
      [unknown, 'not-found', null],
    ]);
    expect(result.message).toBe('2 submissions rejected; 1 could not be');
    for (const sub of [subs.second, subs.third]) {
      const sentFor = async () =>
        (await t.outbox()).find((mail) => mail.subject === `Submission ${sub.reference} not accepted`);
      await expect.poll(sentFor, { timeout: 20_000 }).toBeDefined();
      expect((await sentFor())!.text).toContain(`The reason given: ${reason}`);
    }
    const again = bulkReviewResultSchema.parse(
      (await bulk(officer, { action: 'review', ids: [subs.second.id] })).json(),
    );
    expect(again.results[0]).toMatchObject({
      outcome: 'not-awaiting',
      status: 'rejected',
      reference: subs.second.reference,
      message: R.notAwaitingReview,
    });
    const audit = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', subs.third.id)
        .orderBy('occurred_at')
        .execute(),
    );
    expect(audit.map((row) => row.action)).toEqual(['cfs-submission.review', 'cfs-submission.reject']);
  });

  it('refuses bad input with 400 and those who may not decide with 403', async () => {
    const noReason = await bulk(officer, { action: 'reject', ids: [subs.dry.id], reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(issueMessages(noReason)).toEqual([R.reasonRequired]);
    const none = await bulk(officer, { action: 'review', ids: [] });
    expect(issueMessages(none)).toEqual(['Choose at least one submission']);
    const notIds = await bulk(officer, { action: 'review', ids: ['1'] });
    expect(notIds.statusCode).toBe(400);
    const tooMany = await bulk(officer, {
      action: 'review',
      ids: Array.from({ length: 101 }, () => randomUUID()),
    });
    expect(tooMany.statusCode).toBe(400);
    const strange = await bulk(officer, { action: 'accept', ids: [subs.dry.id] });
    expect(issueMessages(strange)).toEqual(['The action is review or reject']);
    expect((await bulk(viewer, { action: 'review', ids: [subs.dry.id] })).statusCode).toBe(403);
    expect((await bulk(resident, { action: 'review', ids: [subs.dry.id] })).statusCode).toBe(403);
    // Nothing changed on the way.
    expect((await queue()).submissions.find((s) => s.id === subs.dry.id)!.status).toBe('new');
  });
});

describe('merging a site at a time (issue 27 point 4)', () => {
  it('keeps the submission in review until its last site is merged, then accepts it', async () => {
    const url = `/cfs/submissions/${subs.pair.id}/merge`;
    const first = await call(officer, 'POST', url, { siteIndex: 0, siteId: existing[0]!.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(reviewSubmissionSchema.parse(first.json()).status).toBe('in_review');
    const second = await call(officer, 'POST', url, { siteIndex: 1, siteId: existing[1]!.id });
    expect(second.statusCode, second.body).toBe(200);
    const merged = reviewSubmissionSchema.parse(second.json());
    expect(merged.status).toBe('accepted');
    expect(merged.sites.map((site) => site.siteId)).toEqual([existing[0]!.id, existing[1]!.id]);
    const audit = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('target_id', '=', subs.pair.id)
        .orderBy('occurred_at')
        .execute(),
    );
    expect(
      audit.map((row) => [row.action, (row.details as { before: { status: string } }).before.status]),
    ).toEqual([
      ['cfs-submission.review', 'new'],
      ['cfs-submission.accept', 'in_review'],
    ]);
  });
});

describe("a site's call for sites submissions, for its page (issue 27 point 4)", () => {
  it('lists those accepted as or merged into the site, with the submitter and the questions', async () => {
    const accepted = await call(officer, 'POST', `/cfs/submissions/${subs.dry.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const made = reviewSubmissionSchema.parse(accepted.json()).sites[0]!.siteId!;
    const answer = await call(officer, 'GET', `/cfs/sites/${made}/submissions`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { submissions } = siteSubmissionsSchema.parse(answer.json());
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({
      id: subs.dry.id,
      reference: subs.dry.reference,
      status: 'accepted',
      contact: { name: 'Owen Price', email: 'owen@example.com' },
      site: { name: 'Hill field', answers: { 'q-access': ['track'] } },
    });
    expect(submissions[0]!.topics[0]!.questions[0]).toMatchObject({ id: 'q-access' });
    // The site merged into: the submission it came from.
    const merged = siteSubmissionsSchema.parse(
      (await call(officer, 'GET', `/cfs/sites/${existing[1]!.id}/submissions`)).json(),
    );
    expect(merged.submissions.map((s) => [s.reference, s.site.name])).toEqual([
      [subs.pair.reference, 'South plot'],
    ]);
  });

  it('answers an empty list for another site, 404 for none or another council’s, 403 without the grant', async () => {
    const { rows } = await withTenant(t.database.db, tenant.id, (trx) =>
      sql<{
        id: string;
      }>`select id::text as id from sites where not is_deleted order by sites.id offset 2 limit 1`.execute(
        trx,
      ),
    );
    const plain = await call(officer, 'GET', `/cfs/sites/${rows[0]!.id}/submissions`);
    expect(plain.json()).toEqual({ submissions: [] });
    expect((await call(officer, 'GET', '/cfs/sites/999999999/submissions')).statusCode).toBe(404);
    expect((await call(otherOfficer, 'GET', `/cfs/sites/${existing[1]!.id}/submissions`)).statusCode).toBe(
      404,
    );
    expect((await call(viewer, 'GET', `/cfs/sites/${existing[1]!.id}/submissions`)).statusCode).toBe(403);
    expect((await call(officer, 'GET', '/cfs/sites/abc/submissions')).statusCode).toBe(400);
  });
});

describe("a person's submissions found by email (spec 03 §7, issue 27 point 5)", () => {
  it('finds the account by its email or its submissions’ contact email, with every submission', async () => {
    const byAccount = await call(
      admin,
      'GET',
      `/cfs/submitters?email=${encodeURIComponent(neighbourEmail.toUpperCase())}`,
    );
    expect(byAccount.statusCode, byAccount.body).toBe(200);
    const found = submitterLookupSchema.parse(byAccount.json());
    expect(found.accounts).toHaveLength(1);
    expect(found.accounts[0]).toMatchObject({ email: neighbourEmail, name: 'Nel Neighbour' });
    expect(found.accounts[0]!.submissions.map((s) => s.id).sort()).toEqual(
      Object.values(subs)
        .map((s) => s.id)
        .sort(),
    );
    const byContact = submitterLookupSchema.parse(
      (await call(admin, 'GET', '/cfs/submitters?email=owen@example.com')).json(),
    );
    expect(byContact.accounts.map((a) => a.userId)).toEqual([found.accounts[0]!.userId]);
    const nobody = await call(admin, 'GET', '/cfs/submitters?email=nobody@example.com');
    expect(nobody.json()).toEqual({ accounts: [] });
  });

  it('shows deleted ones as deleted until restored', async () => {
    const found = submitterLookupSchema.parse(
      (await call(admin, 'GET', `/cfs/submitters?email=${encodeURIComponent(neighbourEmail)}`)).json(),
    );
    const userIds = [found.accounts[0]!.userId];
    expect((await call(admin, 'POST', '/submissions/delete', { userIds })).statusCode).toBe(200);
    const deleted = submitterLookupSchema.parse(
      (await call(admin, 'GET', `/cfs/submitters?email=${encodeURIComponent(neighbourEmail)}`)).json(),
    );
    expect(deleted.accounts[0]!.submissions.every((s) => s.deletedAt !== null)).toBe(true);
    await call(admin, 'POST', '/submissions/restore', { userIds });
    const restored = submitterLookupSchema.parse(
      (await call(admin, 'GET', `/cfs/submitters?email=${encodeURIComponent(neighbourEmail)}`)).json(),
    );
    expect(restored.accounts[0]!.submissions.every((s) => s.deletedAt === null)).toBe(true);
  });

  it('is for holders of cfs delete only, in their own council; an address is required', async () => {
    expect((await call(officer, 'GET', '/cfs/submitters?email=owen@example.com')).statusCode).toBe(403);
    const bad = await call(admin, 'GET', '/cfs/submitters?email=owen');
    expect(bad.statusCode).toBe(400);
    const otherAdmin = await signIn(t.app, other.name, other.email('admin'));
    const elsewhere = await call(
      otherAdmin,
      'GET',
      `/cfs/submitters?email=${encodeURIComponent(neighbourEmail)}`,
    );
    expect(elsewhere.json()).toEqual({ accounts: [] });
  });
});

describe('the subject access export (issue 26 point 3, issue 27 point 5)', () => {
  it('holds the person’s call for sites submissions and their sites', async () => {
    const started = await call(admin, 'POST', '/data-protection/subject-access', { email: neighbourEmail });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json() as { id: string };
    const job = await t.app.jobs.waitFor(id, { timeoutMs: 60_000 });
    expect(job.status, job.error ?? '').toBe('succeeded');
    const status = (
      await call(admin, 'GET', `/data-protection/subject-access/${id}`)
    ).json() as SubjectAccessStatus;
    const download = await t.app.inject({ method: 'GET', url: status.download!, headers: admin.headers() });
    expect(download.statusCode).toBe(200);
    const zip = path.join(dir, 'sar.zip');
    await writeFile(zip, download.rawPayload);
    await promisify(execFile)('unzip', ['-q', '-o', zip, '-d', dir]);
    const records = JSON.parse(await readFile(path.join(dir, 'records.json'), 'utf8')) as {
      tables: { table: string; rows: { id: string; fields: Record<string, string | null> }[] }[];
    };
    const table = (name: string) => records.tables.find((entry) => entry.table === name);
    expect(
      table('cfs_submissions')
        ?.rows.map((row) => row.id)
        .sort(),
    ).toEqual(
      Object.values(subs)
        .map((s) => s.id)
        .sort(),
    );
    expect(table('cfs_submissions')!.rows[0]!.fields.contact).toContain('Fferm Uchaf, Hadlow');
    expect(table('cfs_submission_sites')?.rows.map((row) => row.fields.name)).toContain('Hill field');
    const summary = await readFile(path.join(dir, 'summary.html'), 'utf8');
    expect(summary).toContain('Call for sites submissions');
    await expect(readFile(path.join(dir, 'records', 'cfs_submissions.csv'), 'utf8')).resolves.toContain(
      'Fferm Uchaf, Hadlow',
    );
  });
});
