import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  callAnalyticsSchema,
  cfsMergeMessages,
  cfsReviewMessages as R,
  cfsSubmissionSchema,
  reviewListSchema,
  reviewSubmissionSchema,
  siteMessages,
  subjectAccessRequestSchema,
  type CfsSubmission,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { findPerson, schemaColumns } from '../data-protection/subject-access.search';
import { consultationTestBed, issueMessages } from '../../../test/consultation-setup';
import { signIn, type SignedIn } from '../../../test/sessions';
import { run, scratchFiles } from '../../../test/scratch-files';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';

// Issue 27 point 4: officers review submissions: the queue, overlaps, accept (sites), reject.
const { t, tenant, officer, viewer, resident, otherOfficer, call } = consultationTestBed();
let admin: SignedIn;
let callId = '';
const files = scratchFiles('cfs-exports');
let existing: { id: string; reference: string; boundary: object };
const far = {
  type: 'Polygon',
  coordinates: [
    [
      [0.3, 51.1],
      [0.3014, 51.1],
      [0.3014, 51.1009],
      [0.3, 51.1009],
      [0.3, 51.1],
    ],
  ],
};

async function submitWith(boundary: object, name: string): Promise<CfsSubmission> {
  const started = await call(resident, 'POST', `/public/cfs/calls/${callId}/submissions`);
  expect(started.statusCode, started.body).toBe(201);
  const id = (started.json() as { id: string }).id;
  const saved = await call(resident, 'PUT', `/public/cfs/submissions/${id}`, {
    contact: { name: 'Mair Evans', email: 'mair@example.com', address: 'Ty Gwyn, Hadlow' },
    onBehalfOf: { name: 'Evans Family Trust' },
    sites: [
      {
        name,
        boundary,
        details: { ownership: 'sole', availability: '6-10', proposedUses: ['housing'], homes: 40 },
        answers: {},
      },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await call(resident, 'POST', `/public/cfs/submissions/${id}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return cfsSubmissionSchema.parse(submitted.json());
}

const subs: Record<'overlapping' | 'twin' | 'apart', CfsSubmission> = {} as never;

beforeAll(async () => {
  admin = await signIn(t.app, tenant.name, tenant.email('admin'));
  await seedSites(t.database.db, tenant.id, demoDistrict, 5);
  const configId = await withTenant(t.database.db, tenant.id, async (trx) => {
    const { rows } = await sql<{ id: string }>`insert into configs (tenant_id, config_type, label, config)
      values (${tenant.id}, 'call-for-sites-questionnaire', 'Questions', '{"topics":[]}'::jsonb) returning id`.execute(
      trx,
    );
    return rows[0]!.id;
  });
  const opened = await call(admin, 'POST', '/admin/cfs/calls', {
    name: 'Call for sites 2027',
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    questionnaireConfigId: configId,
  });
  callId = (opened.json() as { id: string }).id;
  existing = await withTenant(t.database.db, tenant.id, async (trx) => {
    const { rows } = await sql<{ id: string; reference: string; boundary: string }>`
      select id::text as id, id_unique as reference, ST_AsGeoJSON(ST_Transform(geom, 4326), 7) as boundary
      from sites where not is_deleted order by id limit 1`.execute(trx);
    const row = rows[0]!;
    // A constraint layer with one feature over the existing site.
    const layer = await trx
      .insertInto('layers')
      .values({ tenant_id: tenant.id, layer_name: 'flood_zone_3', title: 'Flood zone 3' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into layer_features (tenant_id, layer_id, properties, geom)
      select ${tenant.id}, ${layer.id}, '{}'::jsonb, ST_GeometryN(geom, 1) from sites where id = ${row.id}::bigint`.execute(
      trx,
    );
    return { id: row.id, reference: row.reference, boundary: JSON.parse(row.boundary) as object };
  });
  subs.overlapping = await submitWith(existing.boundary, 'Land by the existing site');
  subs.twin = await submitWith(existing.boundary, 'The same land again');
  subs.apart = await submitWith(far, 'Paddock at Oldbury');
});

describe('the review queue', () => {
  it('lists submitted submissions with their counts and overlaps, to officers with the grant', async () => {
    const response = await call(officer, 'GET', `/cfs/submissions?callId=${callId}`);
    expect(response.statusCode, response.body).toBe(200);
    const queue = reviewListSchema.parse(response.json());
    expect(queue.counts.new).toBe(3);
    const overlapping = queue.submissions.find((s) => s.id === subs.overlapping.id)!;
    expect(overlapping).toMatchObject({
      submitter: 'Mair Evans',
      onBehalfOf: 'Evans Family Trust',
      siteCount: 1,
    });
    // The site it was drawn over, and the seeded sites that overlap that one.
    expect(overlapping.overlapsSites).toBeGreaterThanOrEqual(1);
    expect(queue.submissions.find((s) => s.id === subs.apart.id)!.overlapsSites).toBe(0);
    expect(queue.submissions[0]!.areaHa).toBeGreaterThan(0);
  });

  it('is refused to a viewer, a resident and a visitor; another council finds nothing', async () => {
    expect((await call(viewer, 'GET', '/cfs/submissions')).statusCode).toBe(403);
    expect((await call(resident, 'GET', '/cfs/submissions')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/cfs/submissions')).statusCode).toBe(401);
    const theirs = reviewListSchema.parse((await call(otherOfficer, 'GET', '/cfs/submissions')).json());
    expect(theirs.submissions).toEqual([]);
    expect((await call(otherOfficer, 'GET', `/cfs/submissions/${subs.apart.id}`)).statusCode).toBe(404);
  });

  it('shows one submission with the sites, other submissions and layers its boundary meets', async () => {
    const response = await call(officer, 'GET', `/cfs/submissions/${subs.overlapping.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const one = reviewSubmissionSchema.parse(response.json());
    expect(one.contact).toMatchObject({ name: 'Mair Evans', email: 'mair@example.com' });
    const overlaps = one.sites[0]!.overlaps;
    expect(overlaps.sites).toContainEqual(
      expect.objectContaining({ id: existing.id, reference: existing.reference }),
    );
    expect(overlaps.submissions).toEqual([{ id: subs.twin.id, reference: subs.twin.reference }]);
    expect(overlaps.layers).toEqual([expect.objectContaining({ title: 'Flood zone 3', features: 1 })]);
    const apart = reviewSubmissionSchema.parse(
      (await call(officer, 'GET', `/cfs/submissions/${subs.apart.id}`)).json(),
    );
    expect(apart.sites[0]!.overlaps).toEqual({ sites: [], submissions: [], layers: [], sameLandAs: null });
    // The first submission of this land has no earlier one; the submitter's second is linked to it.
    expect(overlaps.sameLandAs).toBeNull();
    const twin = reviewSubmissionSchema.parse(
      (await call(officer, 'GET', `/cfs/submissions/${subs.twin.id}`)).json(),
    );
    expect(twin.sites[0]!.overlaps.sameLandAs).toEqual({
      submissionId: subs.overlapping.id,
      reference: subs.overlapping.reference,
      site: 'Land by the existing site',
    });
  });
});

describe('deciding', () => {
  it('accepts a submission: a new site with its name, boundary and availability, linked, and the submitter told', async () => {
    const inReview = await call(officer, 'POST', `/cfs/submissions/${subs.apart.id}/review`);
    expect(inReview.json()).toMatchObject({ status: 'in_review' });
    const accepted = await call(officer, 'POST', `/cfs/submissions/${subs.apart.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const result = reviewSubmissionSchema.parse(accepted.json());
    expect(result.status).toBe('accepted');
    const siteId = result.sites[0]!.siteId!;
    const site = await withTenant(t.database.db, tenant.id, (trx) =>
      sql<{ site_name: string; availability_time_period: string; link: { reference: string }; area: number }>`
        select site_name, availability_time_period, attributes -> 'cfs_submission' as link, size_ha::float as area
        from sites where id = ${siteId}::bigint`.execute(trx),
    );
    expect(site.rows[0]).toMatchObject({
      site_name: 'Paddock at Oldbury',
      availability_time_period: '6-10 years',
      link: { reference: subs.apart.reference },
    });
    expect(site.rows[0]!.area).toBeCloseTo(result.sites[0]!.areaHa!, 2);
    const sentFor = async () =>
      (await t.outbox()).find((mail) => mail.subject === `Submission ${subs.apart.reference} accepted`);
    await expect.poll(sentFor, { timeout: 20_000 }).toBeDefined();
    expect((await sentFor())!.to).toBe('mair@example.com');
    const again = await call(officer, 'POST', `/cfs/submissions/${subs.apart.id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: R.notAwaitingReview });
  });

  it('refuses to accept land over an existing site where the council does not allow overlaps (merge it instead)', async () => {
    const refused = await call(officer, 'POST', `/cfs/submissions/${subs.overlapping.id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: siteMessages.overlap });
    expect((await call(officer, 'GET', `/cfs/submissions/${subs.overlapping.id}`)).json()).toMatchObject({
      status: 'new',
    });
  });

  it('rejects with a reason the submitter is emailed; no reason, no rejection', async () => {
    const noReason = await call(officer, 'POST', `/cfs/submissions/${subs.twin.id}/reject`, { reason: ' ' });
    expect(noReason.statusCode, noReason.body).toBe(400);
    expect(issueMessages(noReason)).toEqual([R.reasonRequired]);
    const reason = 'The same land was put forward in CFS submission ' + subs.overlapping.reference;
    const rejected = await call(officer, 'POST', `/cfs/submissions/${subs.twin.id}/reject`, { reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', decisionReason: reason });
    const sentFor = async () =>
      (await t.outbox()).find((mail) => mail.subject === `Submission ${subs.twin.reference} not accepted`);
    await expect.poll(sentFor, { timeout: 20_000 }).toBeDefined();
    expect((await sentFor())!.text).toContain(`The reason given: ${reason}`);
    // The submitter sees the outcome on their own submission.
    expect((await call(resident, 'GET', `/public/cfs/submissions/${subs.twin.id}`)).json()).toMatchObject({
      status: 'rejected',
    });
    const audit = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('audit_log').select('action').where('target_id', '=', subs.twin.id).execute(),
    );
    expect(audit.map((row) => row.action)).toEqual(['cfs-submission.reject']);
  });

  it('is for officers who may decide: a viewer cannot', async () => {
    expect((await call(viewer, 'POST', `/cfs/submissions/${subs.overlapping.id}/review`)).statusCode).toBe(
      403,
    );
  });
});

describe("submitters' personal data (issue 27 point 5)", () => {
  it('is found by a subject access request for their name, with the sites they put forward', async () => {
    const found = await findPerson(
      (work) => withTenant(t.database.db, tenant.id, work),
      tenant.id,
      subjectAccessRequestSchema.parse({ name: 'Mair Evans' }),
      await schemaColumns(t.database.db),
    );
    const submissions = found.find((table) => table.table === 'cfs_submissions');
    expect(submissions?.rows.map((row) => row.id).sort()).toEqual(
      [subs.overlapping.id, subs.twin.id, subs.apart.id].sort(),
    );
    expect(submissions!.rows[0]!.fields.contact).toContain('Ty Gwyn, Hadlow');
    const sites = found.find((table) => table.table === 'cfs_submission_sites');
    expect(sites?.rows.map((row) => row.fields.name).sort()).toEqual(
      ['Land by the existing site', 'Paddock at Oldbury', 'The same land again'].sort(),
    );
  });
});

describe("a call's analytics (issue 27 point 6)", () => {
  it('counts submissions by status and day, totals what was put forward, and maps every outline', async () => {
    const response = await call(officer, 'GET', `/cfs/calls/${callId}/analytics`);
    expect(response.statusCode, response.body).toBe(200);
    const figures = callAnalyticsSchema.parse(response.json());
    // By now: one accepted, one rejected, one new (the overlapping one).
    expect(figures.byStatus).toEqual({ new: 1, in_review: 0, accepted: 1, rejected: 1, withdrawn: 0 });
    expect(figures.byDay.reduce((sum, day) => sum + day.submissions, 0)).toBe(3);
    expect(figures.byDay.at(-1)!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(figures.sites).toBe(3);
    expect(figures.homes).toBe(120);
    expect(figures.areaHa).toBeGreaterThan(0);
    expect(figures.map.features.map((f) => f.properties.status).sort()).toEqual([
      'accepted',
      'new',
      'rejected',
    ]);
    expect((await call(viewer, 'GET', `/cfs/calls/${callId}/analytics`)).statusCode).toBe(403);
    expect((await call(otherOfficer, 'GET', `/cfs/calls/${callId}/analytics`)).statusCode).toBe(404);
  });
});

describe("a call's submissions exported (issue 27 point 4)", () => {
  it('as CSV with the submitters, sites and answers, formulas neutralised', async () => {
    const response = await call(officer, 'GET', `/cfs/calls/${callId}/export?format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('Call for sites 2027 submissions.csv');
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Reference,Status,Submitted,Submitter');
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.includes('Paddock at Oldbury'))).toContain('Accepted');
    expect(lines.join('\n')).toContain('Evans Family Trust');
  });

  it('as a GeoPackage of the boundaries in British National Grid that GDAL opens', async () => {
    const response = await call(officer, 'GET', `/cfs/calls/${callId}/export?format=gpkg`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const file = files.save('submissions.gpkg', response.rawPayload);
    const info = run('ogrinfo', ['-so', '-al', file]);
    expect(info).toContain('Layer name: submissions');
    expect(info).toContain('Feature Count: 3');
    expect(info).toMatch(/EPSG",27700|British National Grid/);
    expect(info).toContain('reference: String');
    const audit = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('audit_log').select('summary').where('action', '=', 'export.cfs-submissions').execute(),
    );
    expect(audit.map((row) => row.summary)).toContain('Call for sites submissions exported (gpkg, 3 sites)');
  });

  it('is for staff with the cfs grant; a format other than csv or gpkg is refused', async () => {
    expect((await call(viewer, 'GET', `/cfs/calls/${callId}/export`)).statusCode).toBe(403);
    const xls = await call(officer, 'GET', `/cfs/calls/${callId}/export?format=xls`);
    expect(xls.statusCode).toBe(400);
    expect(issueMessages(xls)).toEqual(['The format is csv or gpkg']);
  });
});

describe('merging into an existing site (issue 27 point 4)', () => {
  it('links the submitted land to the site already on the register, fills its availability and accepts', async () => {
    const url = `/cfs/submissions/${subs.overlapping.id}/merge`;
    const missing = await call(officer, 'POST', url, { siteIndex: 0, siteId: '999999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: cfsMergeMessages.siteNotFound });
    const noSuchSite = await call(officer, 'POST', url, { siteIndex: 3, siteId: existing.id });
    expect(noSuchSite.json()).toMatchObject({ message: cfsMergeMessages.noSuchSubmittedSite });
    expect((await call(viewer, 'POST', url, { siteIndex: 0, siteId: existing.id })).statusCode).toBe(403);

    const merged = await call(officer, 'POST', url, { siteIndex: 0, siteId: existing.id });
    expect(merged.statusCode, merged.body).toBe(200);
    const result = reviewSubmissionSchema.parse(merged.json());
    expect(result.status).toBe('accepted');
    expect(result.sites[0]!.siteId).toBe(existing.id);
    const site = await withTenant(t.database.db, tenant.id, (trx) =>
      sql<{ link: { reference: string }; history: string | null }>`
        select attributes -> 'cfs_submission' as link,
          (select content from site_history h where h.site_id = s.id order by h.id desc limit 1) as history
        from sites s where id = ${existing.id}::bigint`.execute(trx),
    );
    expect(site.rows[0]!.link.reference).toBe(subs.overlapping.reference);
    expect(site.rows[0]!.history).toBe(
      `Merged from call for sites submission ${subs.overlapping.reference} (Land by the existing site)`,
    );
    const sentFor = async () =>
      (await t.outbox()).find((mail) => mail.subject === `Submission ${subs.overlapping.reference} accepted`);
    await expect.poll(sentFor, { timeout: 20_000 }).toBeDefined();
    const again = await call(officer, 'POST', url, { siteIndex: 0, siteId: existing.id });
    expect(again.statusCode).toBe(409);
  });
});

describe("a person's submissions deleted and restored (issue 27 point 5, spec 03 §7)", () => {
  const residentId = () =>
    withTenant(
      t.database.db,
      tenant.id,
      async (trx) =>
        (
          await trx
            .selectFrom('users')
            .select('id')
            .where('email', '=', tenant.email('resident'))
            .executeTakeFirstOrThrow()
        ).id,
    );
  const queueIds = async () =>
    reviewListSchema
      .parse((await call(officer, 'GET', `/cfs/submissions?callId=${callId}`)).json())
      .submissions.map((s) => s.id);

  it('hides every submission of the accounts named from review and their own list, until restored', async () => {
    const userIds = [await residentId()];
    expect((await call(officer, 'POST', '/submissions/delete', { userIds })).statusCode).toBe(403);
    const deleted = await call(admin, 'POST', '/submissions/delete', { userIds });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ submissions: 3, message: '3 submissions deleted' });
    expect(await queueIds()).toEqual([]);
    expect((await call(officer, 'GET', `/cfs/submissions/${subs.twin.id}`)).statusCode).toBe(404);
    expect((await call(resident, 'GET', '/public/cfs/submissions')).json()).toEqual({ submissions: [] });
    const restored = await call(admin, 'POST', '/submissions/restore', { userIds });
    expect(restored.json()).toEqual({ submissions: 3, message: '3 submissions restored' });
    expect((await queueIds()).sort()).toEqual([subs.overlapping.id, subs.twin.id, subs.apart.id].sort());
    const none = await call(admin, 'POST', '/submissions/delete', { userIds: [] });
    expect(issueMessages(none)).toEqual(['Choose at least one account']);
  });

  it('goes with the account when the account is deleted; land already accepted stays a site', async () => {
    const userId = await residentId();
    const accepted = reviewSubmissionSchema.parse(
      (await call(officer, 'GET', `/cfs/submissions/${subs.apart.id}`)).json(),
    );
    const siteId = accepted.sites[0]!.siteId!;
    const gone = await call(admin, 'DELETE', `/admin/public-users/${userId}`);
    expect(gone.statusCode, gone.body).toBe(204);
    const left = await withTenant(t.database.db, tenant.id, (trx) =>
      sql<{ submissions: number; site: number }>`select
        (select count(*)::int from cfs_submissions where user_id = ${userId}) as submissions,
        (select count(*)::int from sites where id = ${siteId}::bigint and not is_deleted) as site`.execute(
        trx,
      ),
    );
    expect(left.rows[0]).toEqual({ submissions: 0, site: 1 });
  });
});
