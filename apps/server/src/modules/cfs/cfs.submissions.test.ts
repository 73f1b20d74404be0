import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  cfsMessages,
  cfsSubmissionMessages as M,
  cfsSubmissionSchema,
  myCfsSubmissionListSchema,
  publicCallSchema,
  siteMessages,
  SUBMISSION_LIMITS,
  type CfsSubmission,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { consultationTestBed } from '../../../test/consultation-setup';
import { addNeighbour, NEIGHBOUR_PASSWORD } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { multipart, PNG } from '../files/files.test-fixtures';
import { run, scratchFiles } from '../../../test/scratch-files';

// Issue 27 point 2: landowners and agents submit sites to an open call: drafts, checks, reference.
const { t, tenant, other, officer, resident, call } = consultationTestBed();
let admin: SignedIn;
let neighbour: SignedIn;
let otherResident: SignedIn;
const calls = { open: '', closed: '', cancelled: '' };
const files = scratchFiles('cfs-receipts');

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

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
          required: true,
          options: [
            { id: 'road', label: 'From a public road' },
            { id: 'track', label: 'By a private track' },
          ],
        },
        { kind: 'Opinion', id: 'q-viable', question: 'Is it viable today?', scale: ['No', 'Maybe', 'Yes'] },
        { kind: 'Comment', id: 'q-notes', question: 'Anything else?' },
      ],
    },
  ],
};

// A square of about 1 ha in Kent (WGS84), and a bow tie that crosses itself.
const square = (dx = 0) => ({
  type: 'Polygon',
  coordinates: [
    [
      [0.52 + dx, 51.27],
      [0.5214 + dx, 51.27],
      [0.5214 + dx, 51.2709],
      [0.52 + dx, 51.2709],
      [0.52 + dx, 51.27],
    ],
  ],
});
const bowTie = {
  type: 'Polygon',
  coordinates: [
    [
      [0.52, 51.27],
      [0.53, 51.28],
      [0.53, 51.27],
      [0.52, 51.28],
      [0.52, 51.27],
    ],
  ],
};

const completeSite = (
  name: string,
  dx = 0,
): { name: string; boundary: object; details: object; answers: Record<string, unknown> } => ({
  name,
  boundary: square(dx),
  details: {
    ownership: 'sole',
    availability: '0-5',
    proposedUses: ['housing'],
    homes: 25,
    constraintsKnown: ['flooding'],
  },
  answers: { 'q-access': ['road'], 'q-viable': 'Yes', 'q-notes': 'Owned by the family since 1952.' },
});
const completeDraft = (sites = [completeSite('Land at Hop Farm')]) => ({
  contact: { name: 'Ruth Okafor', email: 'ruth@example.com', address: '4 Mill Lane, Maidstone ME15 6AA' },
  sites,
});

beforeAll(async () => {
  admin = await signIn(t.app, tenant.name, tenant.email('admin'));
  neighbour = await signIn(t.app, tenant.name, await addNeighbour(t.database.db, tenant), NEIGHBOUR_PASSWORD);
  otherResident = await signIn(t.app, other.name, other.email('resident'));
  const configId = await withTenant(t.database.db, tenant.id, async (trx) => {
    const { rows } = await sql<{ id: string }>`insert into configs (tenant_id, config_type, label, config)
      values (${tenant.id}, 'call-for-sites-questionnaire', 'Questionnaire', ${JSON.stringify(questionnaire)}::jsonb)
      returning id`.execute(trx);
    return rows[0]!.id;
  });
  const open = async (name: string, startsAt: string, endsAt: string) => {
    const response = await call(admin, 'POST', '/admin/cfs/calls', {
      name,
      startsAt,
      endsAt,
      questionnaireConfigId: configId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  calls.open = await open('Call for sites 2027', hours(-1), hours(24 * 30));
  calls.closed = await open('Call for sites 2024', hours(-24 * 90), hours(-24 * 30));
  calls.cancelled = await open('Withdrawn call', hours(-1), hours(24));
  await call(admin, 'POST', `/admin/events/${calls.cancelled}/cancel`, { cancelled: true });
});

async function startDraft(who: SignedIn = resident): Promise<CfsSubmission> {
  const response = await call(who, 'POST', `/public/cfs/calls/${calls.open}/submissions`);
  expect(response.statusCode, response.body).toBe(201);
  return cfsSubmissionSchema.parse(response.json());
}

const save = (id: string, body: unknown, who: SignedIn = resident) =>
  call(who, 'PUT', `/public/cfs/submissions/${id}`, body);

describe('starting a submission', () => {
  it("gives the public the call's questionnaire, topic by topic", async () => {
    const response = await call(null, 'GET', `/public/cfs/calls/${calls.open}`);
    expect(response.statusCode, response.body).toBe(200);
    const { questionnaire } = publicCallSchema.parse(response.json());
    expect(questionnaire.topics.map((topic) => topic.title)).toEqual(['Access']);
    expect(questionnaire.topics[0]!.questions.map((q) => q.id)).toEqual(['q-access', 'q-viable', 'q-notes']);
  });

  it('starts a draft for a consultation account, with its email as the contact email', async () => {
    const draft = await startDraft();
    expect(draft).toMatchObject({
      status: 'draft',
      reference: null,
      callName: 'Call for sites 2027',
      sites: [],
    });
    expect(draft.contact.email).toBe(tenant.email('resident'));
  });

  it('refuses staff accounts, visitors, closed, cancelled and unknown calls', async () => {
    const staff = await call(officer, 'POST', `/public/cfs/calls/${calls.open}/submissions`);
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toMatchObject({ message: M.publicAccountOnly });
    expect((await call(null, 'POST', `/public/cfs/calls/${calls.open}/submissions`)).statusCode).toBe(401);
    const closed = await call(resident, 'POST', `/public/cfs/calls/${calls.closed}/submissions`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ message: M.callNotOpen });
    const cancelled = await call(resident, 'POST', `/public/cfs/calls/${calls.cancelled}/submissions`);
    expect(cancelled.statusCode).toBe(404);
    expect(cancelled.json()).toMatchObject({ message: cfsMessages.callNotFound });
    const theirs = await call(otherResident, 'POST', `/public/cfs/calls/${calls.open}/submissions`);
    expect(theirs.statusCode).toBe(404);
  });
});

describe('saving a draft', () => {
  it('keeps two sites with their boundaries in British National Grid, areas and answers', async () => {
    const draft = await startDraft();
    const response = await save(
      draft.id,
      completeDraft([completeSite('North field'), completeSite('South field', 0.01)]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = cfsSubmissionSchema.parse(response.json());
    expect(saved.sites.map((site) => site.name)).toEqual(['North field', 'South field']);
    // 0.0014° by 0.0009° at 51.27° N: about 97 m by 100 m.
    expect(saved.sites[0]!.areaHa).toBeGreaterThan(0.9);
    expect(saved.sites[0]!.areaHa).toBeLessThan(1.1);
    expect(saved.sites[1]!.answers).toEqual({
      'q-access': ['road'],
      'q-viable': 'Yes',
      'q-notes': 'Owned by the family since 1952.',
    });
    const srid = await withTenant(t.database.db, tenant.id, (trx) =>
      sql<{ srid: number }>`select distinct ST_SRID(boundary) as srid from cfs_submission_sites
        where submission_id = ${draft.id}`.execute(trx),
    );
    expect(srid.rows).toEqual([{ srid: 27700 }]);
    // Read back as it was drawn, as a multipolygon.
    const boundary = saved.sites[0]!.boundary!;
    expect(boundary.type).toBe('MultiPolygon');
    const corner = (boundary.coordinates as number[][][][])[0]![0]![0]!;
    expect(corner[0]).toBeCloseTo(0.52, 5);
    expect(corner[1]).toBeCloseTo(51.27, 5);
  });

  it("refuses a boundary that crosses itself with the staff drawing's message, on its site, and keeps the last save", async () => {
    const draft = await startDraft();
    expect((await save(draft.id, completeDraft())).statusCode).toBe(200);
    const crossing = await save(
      draft.id,
      completeDraft([completeSite('Good'), { ...completeSite('Bow tie'), boundary: bowTie }]),
    );
    expect(crossing.statusCode).toBe(400);
    expect(crossing.json()).toMatchObject({
      message: siteMessages.selfIntersection,
      issues: [{ path: 'body.sites.1.boundary', message: siteMessages.selfIntersection }],
    });
    const kept = cfsSubmissionSchema.parse(
      (await call(resident, 'GET', `/public/cfs/submissions/${draft.id}`)).json(),
    );
    expect(kept.sites.map((site) => site.name)).toEqual(['Land at Hop Farm']);
  });

  it("keeps a submitter's submissions to themselves: a neighbour and another council find nothing", async () => {
    const draft = await startDraft();
    for (const who of [neighbour, otherResident]) {
      expect((await call(who, 'GET', `/public/cfs/submissions/${draft.id}`)).statusCode).toBe(404);
      expect((await save(draft.id, completeDraft(), who)).statusCode).toBe(404);
      expect((await call(who, 'POST', `/public/cfs/submissions/${draft.id}/submit`)).statusCode).toBe(404);
    }
    const staff = await call(officer, 'GET', `/public/cfs/submissions/${draft.id}`);
    expect(staff.statusCode).toBe(403);
  });
});

describe('submitting', () => {
  it('lists every problem at once, each on its field', async () => {
    const draft = await startDraft(neighbour);
    const incomplete = {
      contact: { name: '', email: 'not an email', address: '' },
      onBehalfOf: { name: '' },
      sites: [
        { name: '', details: { proposedUses: [] }, answers: { 'q-viable': 'Perhaps', 'q-access': ['boat'] } },
      ],
    };
    expect((await save(draft.id, incomplete, neighbour)).statusCode).toBe(200);
    const response = await call(neighbour, 'POST', `/public/cfs/submissions/${draft.id}/submit`);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { issues: unknown[] }).issues).toEqual([
      { path: 'contact.name', message: M.nameRequired },
      { path: 'contact.email', message: M.emailInvalid },
      { path: 'contact.address', message: M.addressRequired },
      { path: 'onBehalfOf.name', message: M.clientNameRequired },
      { path: 'sites.0.name', message: M.siteNameRequired },
      { path: 'sites.0.boundary', message: M.boundaryRequired },
      { path: 'sites.0.details.ownership', message: M.ownershipRequired },
      { path: 'sites.0.details.availability', message: M.availabilityRequired },
      { path: 'sites.0.details.proposedUses', message: M.proposedUseRequired },
      { path: 'sites.0.answers.q-access', message: M.answerInvalid },
      { path: 'sites.0.answers.q-viable', message: M.answerInvalid },
    ]);
    const noSites = await startDraft(neighbour);
    const empty = await call(neighbour, 'POST', `/public/cfs/submissions/${noSites.id}/submit`);
    expect((empty.json() as { issues: unknown[] }).issues).toContainEqual({
      path: 'sites',
      message: M.siteRequired,
    });
    const unanswered = await startDraft(neighbour);
    const site = completeSite('Unanswered');
    await save(unanswered.id, completeDraft([{ ...site, answers: { 'q-notes': 'Only a note' } }]), neighbour);
    const missing = await call(neighbour, 'POST', `/public/cfs/submissions/${unanswered.id}/submit`);
    expect((missing.json() as { issues: unknown[] }).issues).toEqual([
      { path: 'sites.0.answers.q-access', message: M.answerRequired },
    ]);
  });

  it("gives the council's next reference, then refuses changes; the account lists its submissions", async () => {
    const first = await startDraft();
    await save(first.id, completeDraft());
    const submitted = await call(resident, 'POST', `/public/cfs/submissions/${first.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const year = new Date().getUTCFullYear();
    const firstReference = cfsSubmissionSchema.parse(submitted.json()).reference!;
    expect(firstReference).toMatch(new RegExp(`^CFS-${year}-\\d{4}$`));
    expect(submitted.json()).toMatchObject({ status: 'new' });

    const second = await startDraft();
    await save(
      second.id,
      completeDraft([completeSite('East paddock', 0.02), completeSite('West paddock', 0.03)]),
    );
    const again = cfsSubmissionSchema.parse(
      (await call(resident, 'POST', `/public/cfs/submissions/${second.id}/submit`)).json(),
    );
    expect(Number(again.reference!.slice(9))).toBe(Number(firstReference.slice(9)) + 1);

    const change = await save(first.id, completeDraft());
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ message: M.notDraft });
    expect((await call(resident, 'POST', `/public/cfs/submissions/${first.id}/submit`)).statusCode).toBe(409);

    const mine = myCfsSubmissionListSchema.parse(
      (await call(resident, 'GET', '/public/cfs/submissions')).json(),
    );
    expect(mine.submissions[0]).toMatchObject({
      id: second.id,
      reference: again.reference,
      status: 'new',
      siteCount: 2,
    });
    expect(mine.submissions.map((s) => s.id)).toContain(first.id);
    const theirs = myCfsSubmissionListSchema.parse(
      (await call(neighbour, 'GET', '/public/cfs/submissions')).json(),
    );
    expect(theirs.submissions.map((s) => s.id)).not.toContain(first.id);
  });

  it('emails the submitter the reference and a tagged PDF of what they submitted, as the council', async () => {
    const draft = await startDraft();
    await save(draft.id, {
      ...completeDraft([completeSite('Orchard behind the forge')]),
      contact: {
        name: 'Idris Pryce-Jones',
        email: 'idris@example.com',
        address: 'Forge House, Hadlow',
        phone: '01732 000 111',
      },
      onBehalfOf: { name: 'Hadlow Estates Ltd' },
    });
    const submitted = cfsSubmissionSchema.parse(
      (await call(resident, 'POST', `/public/cfs/submissions/${draft.id}/submit`)).json(),
    );
    const reference = submitted.reference!;
    const sentFor = async () => (await t.outbox()).find((sent) => sent.subject.includes(reference));
    // The receipt is a job: waited for, not slept on.
    await expect.poll(sentFor, { timeout: 20_000 }).toBeDefined();
    const mail = (await sentFor())!;
    expect(mail.to).toBe('idris@example.com');
    expect(mail.subject).toBe(`Submission ${reference} received: Call for sites 2027`);
    expect(mail.from).toContain(tenant.name);
    expect(mail.text).toContain(`Your reference is ${reference}. It holds 1 site`);
    expect(mail.text).toContain(`http://${tenant.name}.planning.test/calls-for-sites/${submitted.callId}`);
    const attachment = mail.attachments?.[0];
    expect(attachment).toMatchObject({ filename: `${reference}.pdf`, contentType: 'application/pdf' });
    {
      const file = files.save('receipt.pdf', Buffer.from(attachment!.content, 'base64'));
      const text = run('pdftotext', [file, '-']);
      for (const expected of [
        `Call for sites submission ${reference}`,
        'Idris Pryce-Jones',
        'Hadlow Estates Ltd',
        'Site 1: Orchard behind the forge',
        'From a public road',
        'Within 5 years',
        'Flooding',
      ])
        expect(text).toContain(expected);
      expect(run('pdfinfo', [file])).toMatch(/Tagged:\s+yes/);
    }
  });

  it('withdraws a submitted one once, and deletes a draft, never a submitted one', async () => {
    const draft = await startDraft();
    await save(draft.id, completeDraft());
    expect(
      (await call(resident, 'POST', `/public/cfs/submissions/${draft.id}/withdraw`)).json(),
    ).toMatchObject({
      message: M.cannotWithdraw,
    });
    await call(resident, 'POST', `/public/cfs/submissions/${draft.id}/submit`);
    const withdrawn = await call(resident, 'POST', `/public/cfs/submissions/${draft.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    expect(cfsSubmissionSchema.parse(withdrawn.json()).withdrawnAt).not.toBeNull();
    expect((await call(resident, 'POST', `/public/cfs/submissions/${draft.id}/withdraw`)).statusCode).toBe(
      409,
    );
    expect((await call(resident, 'DELETE', `/public/cfs/submissions/${draft.id}`)).statusCode).toBe(409);

    const unwanted = await startDraft();
    expect((await call(resident, 'DELETE', `/public/cfs/submissions/${unwanted.id}`)).statusCode).toBe(204);
    expect((await call(resident, 'GET', `/public/cfs/submissions/${unwanted.id}`)).statusCode).toBe(404);
  });

  it('refuses to save or submit once the call has closed', async () => {
    const draft = await startDraft();
    await save(draft.id, completeDraft());
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .updateTable('consultation_events')
        .set({ ends_at: new Date(Date.now() - 60_000) })
        .where('id', '=', calls.open)
        .execute(),
    );
    try {
      const saving = await save(draft.id, completeDraft());
      expect(saving.statusCode).toBe(409);
      expect(saving.json()).toMatchObject({ message: M.callNotOpen });
      expect((await call(resident, 'POST', `/public/cfs/submissions/${draft.id}/submit`)).statusCode).toBe(
        409,
      );
    } finally {
      await withTenant(t.database.db, tenant.id, (trx) =>
        trx
          .updateTable('consultation_events')
          .set({ ends_at: new Date(Date.now() + 30 * 86_400_000) })
          .where('id', '=', calls.open)
          .execute(),
      );
    }
  });
});

describe('documents attached to a submission (issue 27 point 2)', () => {
  const upload = (who: SignedIn, id: string, name = 'title-plan.png') => {
    const body = multipart([{ name, content: PNG, type: 'image/png' }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/public/cfs/submissions/${id}/attachments`,
      headers: who.headers({ 'content-type': body.contentType }),
      payload: body.payload,
    });
  };

  it('takes a document on the submitter’s own draft, waiting for its scan; not on another’s, not once submitted', async () => {
    const draft = await startDraft();
    const added = await upload(resident, draft.id);
    expect(added.statusCode, added.body).toBe(201);
    const [file] = (added.json() as { attachments: { id: string; name: string; scanStatus: string }[] })
      .attachments;
    expect(file).toMatchObject({ name: 'title-plan.png', scanStatus: 'unscanned' });
    const listed = await call(resident, 'GET', `/public/cfs/submissions/${draft.id}/attachments`);
    expect((listed.json() as { attachments: { id: string }[] }).attachments.map((a) => a.id)).toEqual([
      file!.id,
    ]);
    // Another account, even of the same council, finds nothing; a staff account is refused.
    expect((await upload(neighbour, draft.id)).statusCode).toBe(404);
    expect((await call(neighbour, 'GET', `/public/cfs/submissions/${draft.id}/attachments`)).statusCode).toBe(
      404,
    );
    expect((await call(officer, 'GET', `/public/cfs/submissions/${draft.id}/attachments`)).statusCode).toBe(
      403,
    );
    // Submitted: the documents stay, none is added; reviewing staff list them.
    await save(draft.id, completeDraft());
    await call(resident, 'POST', `/public/cfs/submissions/${draft.id}/submit`);
    const late = await upload(resident, draft.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: M.notDraft });
    const staff = await call(officer, 'GET', `/cfs/submissions/${draft.id}/attachments`);
    expect(staff.statusCode, staff.body).toBe(200);
    // Not yet scanned: listed for the officer, not downloadable.
    expect(staff.json()).toMatchObject({ attachments: [{ name: 'title-plan.png', downloadPath: null }] });
    const stored = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('files')
        .select(['bucket', 'home_bucket'])
        .where('id', '=', file!.id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({ bucket: 'unscanned', home_bucket: 'availability' });
  });

  it('removes a document from the submitter’s own draft; not from another’s, not once submitted', async () => {
    // The neighbour's: the resident has started ten drafts this hour already (the spam limit).
    const draft = await startDraft(neighbour);
    const idOf = (response: { json(): unknown }) =>
      (response.json() as { attachments: { id: string }[] }).attachments[0]!.id;
    const kept = idOf(await upload(neighbour, draft.id, 'site-plan.png'));
    const gone = idOf(await upload(neighbour, draft.id, 'gate.png'));
    const remove = (who: SignedIn, fileId: string) =>
      call(who, 'DELETE', `/public/cfs/submissions/${draft.id}/attachments/${fileId}`);
    expect((await remove(resident, gone)).statusCode).toBe(404);
    expect((await remove(officer, gone)).statusCode).toBe(403);
    const removed = await remove(neighbour, gone);
    expect(removed.statusCode, removed.body).toBe(204);
    const listed = await call(neighbour, 'GET', `/public/cfs/submissions/${draft.id}/attachments`);
    expect((listed.json() as { attachments: { name: string }[] }).attachments.map((a) => a.name)).toEqual([
      'site-plan.png',
    ]);
    const again = await remove(neighbour, gone);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: M.attachmentNotFound });
    const deleted = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('files').select('deleted_at').where('id', '=', gone).executeTakeFirstOrThrow(),
    );
    expect(deleted.deleted_at).not.toBeNull();
    // Submitted: what was sent stays.
    await save(draft.id, completeDraft(), neighbour);
    const submitted = await call(neighbour, 'POST', `/public/cfs/submissions/${draft.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const late = await remove(neighbour, kept);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: M.notDraft });
  });
});

describe('spam limits (issue 27 point 8)', () => {
  const startFrom = (who: SignedIn, address: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/public/cfs/calls/${calls.open}/submissions`,
      remoteAddress: address,
      headers: who.headers(),
    });
  /** An hour passes for every draft started so far. */
  const anHourPasses = () =>
    withTenant(t.database.db, tenant.id, (trx) =>
      sql`update cfs_submissions set created_at = created_at - interval '2 hours'`.execute(trx),
    );

  it('lets an account start 10 drafts an hour, then says to wait, and again after the hour', async () => {
    await anHourPasses();
    for (let i = 0; i < SUBMISSION_LIMITS.startsPerAccountHour; i++)
      expect((await startFrom(neighbour, '198.51.100.1')).statusCode).toBe(201);
    const eleventh = await startFrom(neighbour, '198.51.100.2');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ message: M.tooManyStarted });
    expect(eleventh.headers['retry-after']).toBe('3600');
    await anHourPasses();
    expect((await startFrom(neighbour, '198.51.100.2')).statusCode).toBe(201);
  });

  it('lets one address start 30 drafts an hour, whichever accounts it uses', async () => {
    await anHourPasses();
    const accounts = [resident, neighbour];
    for (const local of ['lodger', 'tenant-farmer'])
      accounts.push(
        await signIn(
          t.app,
          tenant.name,
          await addNeighbour(t.database.db, tenant, local),
          NEIGHBOUR_PASSWORD,
        ),
      );
    for (const who of accounts.slice(0, 3))
      for (let i = 0; i < SUBMISSION_LIMITS.startsPerAccountHour; i++)
        expect((await startFrom(who, '203.0.113.9')).statusCode).toBe(201);
    const fourthAccount = accounts[3]!;
    const sameAddress = await startFrom(fourthAccount, '203.0.113.9');
    expect(sameAddress.statusCode).toBe(429);
    expect(sameAddress.json()).toMatchObject({ message: M.tooManyStarted });
    // The address is not kept, only its hash with the council.
    const kept = await withTenant(t.database.db, tenant.id, (trx) =>
      sql<{
        n: number;
      }>`select count(*)::int as n from cfs_submissions where created_from like '%203.0.113%'`.execute(trx),
    );
    expect(kept.rows[0]!.n).toBe(0);
    expect((await startFrom(fourthAccount, '203.0.113.10')).statusCode).toBe(201);
  });

  it('keeps an account to 50 live submissions to one call; a withdrawn one does not count', async () => {
    await anHourPasses();
    const live = await withTenant(t.database.db, tenant.id, (trx) =>
      sql<{ n: number }>`select count(*)::int as n from cfs_submissions
        where event_id = ${calls.open} and status <> 'withdrawn'
          and user_id = (select id from users where email = ${tenant.email('resident')})`.execute(trx),
    );
    const room = SUBMISSION_LIMITS.perCallPerAccount - live.rows[0]!.n;
    await withTenant(t.database.db, tenant.id, (trx) =>
      sql`insert into cfs_submissions (tenant_id, event_id, user_id, created_at)
        select ${tenant.id}, ${calls.open}, u.id, now() - interval '3 hours'
        from users u, generate_series(1, ${room - 1}) where u.email = ${tenant.email('resident')}`.execute(
        trx,
      ),
    );
    expect((await startFrom(resident, '192.0.2.50')).statusCode).toBe(201);
    const over = await startFrom(resident, '192.0.2.50');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: M.tooManyForCall(SUBMISSION_LIMITS.perCallPerAccount) });
    await withTenant(t.database.db, tenant.id, (trx) =>
      sql`update cfs_submissions set status = 'withdrawn'
        where id = (select id from cfs_submissions where event_id = ${calls.open} and status = 'draft'
          and user_id = (select id from users where email = ${tenant.email('resident')}) limit 1)`.execute(
        trx,
      ),
    );
    expect((await startFrom(resident, '192.0.2.50')).statusCode).toBe(201);
  });
});
