import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  adminContentMessages as M,
  adminEventListSchema,
  adminEventSchema,
  analysisSchema,
  eventStateAt,
  policySchema,
  submissionListSchema,
  type AdminEvent,
  type Submission,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildEvent } from '../../../test/consultation-factories';
import { consultationTestBed } from '../../../test/consultation-setup';
import { signIn, type SignedIn } from '../../../test/sessions';
import { demoLocalPlanConfig } from '../documents/documents.seed';

const { t, tenant, other, viewer, resident, otherOfficer, call } = consultationTestBed();
let admin: SignedIn;
let otherAdmin: SignedIn;
let documentId: string;
let answerId: string;
const configs = { suggestion: '', interactive: '', otherSuggestion: '' };
const PHONE = '07700 900123';
const COMMENT = `Please build more homes near the station. Call me on ${PHONE} to talk about it.`;

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

async function insertConfig(tenantId: string, type: string, label: string) {
  return withTenant(t.database.db, tenantId, async (trx) => {
    const { rows } = await sql<{ id: string }>`insert into configs (tenant_id, config_type, label, config)
      values (${tenantId}, ${type}, ${label}, '{}'::jsonb) returning id`.execute(trx);
    return rows[0]!.id;
  });
}

const auditRows = (tenantId: string, action: string) =>
  withTenant(t.database.db, tenantId, (trx) =>
    trx.selectFrom('audit_log').selectAll().where('action', '=', action).execute(),
  );

beforeAll(async () => {
  [admin, otherAdmin] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, other.name, other.email('admin')),
  ]);
  configs.suggestion = await insertConfig(tenant.id, 'suggestion-map', 'Station suggestions');
  configs.interactive = await insertConfig(tenant.id, 'interactive-map', 'Town centre map');
  configs.otherSuggestion = await insertConfig(other.id, 'suggestion-map', 'Their suggestions');

  documentId = await withTenant(t.database.db, tenant.id, async (trx) => {
    const document = await trx
      .insertInto('documents')
      .values({
        tenant_id: tenant.id,
        title: 'Station Area Plan',
        config: JSON.stringify(demoLocalPlanConfig('Test Council', [])),
        author_id: null,
        author_name: 'Planning Policy Team',
        is_published: true,
        published_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return document.id;
  });
  const answered = await call(resident, 'PUT', `/public/documents/${documentId}/answers`, {
    questionId: 'q-comments',
    value: COMMENT,
  });
  expect(answered.statusCode, answered.body).toBe(200);
  answerId = (answered.json() as { id: string }).id;
});

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Station consultation',
  description: 'Homes around the station',
  startsAt: hours(1),
  endsAt: hours(24 * 30),
  documentId,
  features: [{ feature: 'suggestion-map', configId: configs.suggestion }],
  ...overrides,
});

describe('events (spec 03 §3.4 Event, §4 states)', () => {
  it('states at their boundaries: the start is inclusive, the end exclusive, cancelled wins', () => {
    const startsAt = '2026-03-01T09:00:00.000Z';
    const endsAt = '2026-03-31T17:00:00.000Z';
    const at = (iso: string, cancelled = false) =>
      eventStateAt({ startsAt, endsAt, cancelled }, new Date(iso));
    expect(at('2026-03-01T08:59:59.999Z')).toBe('upcoming');
    expect(at('2026-03-01T09:00:00.000Z')).toBe('live');
    expect(at('2026-03-31T16:59:59.999Z')).toBe('live');
    expect(at('2026-03-31T17:00:00.000Z')).toBe('expired');
    expect(at('2026-03-15T12:00:00.000Z', true)).toBe('cancelled');
  });

  it('creates an event with a feature and its config, lists it under Upcoming and records it', async () => {
    const created = await call(admin, 'POST', '/admin/events', eventBody());
    expect(created.statusCode, created.body).toBe(201);
    const event = adminEventSchema.parse(created.json());
    expect(event).toMatchObject({
      name: 'Station consultation',
      state: 'upcoming',
      documentId,
      documentTitle: 'Station Area Plan',
      features: [
        { feature: 'suggestion-map', configId: configs.suggestion, configLabel: 'Station suggestions' },
      ],
    });
    const upcoming = adminEventListSchema.parse(
      (await call(admin, 'GET', '/admin/events?state=upcoming')).json(),
    );
    expect(upcoming.events.map((e) => e.id)).toContain(event.id);
    expect(upcoming.counts.upcoming).toBeGreaterThanOrEqual(1);
    const rows = await auditRows(tenant.id, 'event.create');
    expect(rows.find((row) => row.target_id === event.id)?.summary).toBe(
      "Event 'Station consultation' created",
    );
    // Staff read the same events at /events, and may not change them.
    const staff = adminEventListSchema.parse((await call(viewer, 'GET', '/events')).json());
    expect(staff.events.map((e) => e.id)).toContain(event.id);
    expect((await call(viewer, 'POST', '/admin/events', eventBody())).statusCode).toBe(403);
  });

  it('moves between live, expired and cancelled as its times and flag change, and back', async () => {
    const event = adminEventSchema.parse(
      (await call(admin, 'POST', '/admin/events', eventBody({ name: 'Moving', features: [] }))).json(),
    );
    const put = async (body: Record<string, unknown>) => {
      const answer = await call(
        admin,
        'PUT',
        `/admin/events/${event.id}`,
        eventBody({ name: 'Moving', features: [], ...body }),
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return adminEventSchema.parse(answer.json());
    };
    expect((await put({ startsAt: hours(-1), endsAt: hours(1) })).state).toBe('live');
    expect(
      (await put({ startsAt: hours(-2), endsAt: new Date(Date.now() - 1000).toISOString() })).state,
    ).toBe('expired');
    const cancelled = await call(admin, 'POST', `/admin/events/${event.id}/cancel`, { cancelled: true });
    expect(adminEventSchema.parse(cancelled.json()).state).toBe('cancelled');
    expect((await auditRows(tenant.id, 'event.cancel')).some((row) => row.target_id === event.id)).toBe(true);
    const back = await call(admin, 'POST', `/admin/events/${event.id}/cancel`, { cancelled: false });
    expect(adminEventSchema.parse(back.json()).state).toBe('expired');
    const updates = (await auditRows(tenant.id, 'event.update')).filter((row) => row.target_id === event.id);
    expect(updates.length).toBe(3);
  });

  it('refuses an end not after the start, a config of another council or of the wrong type', async () => {
    // One instant for both ends (two calls of hours() may fall a millisecond apart), and an end
    // before the start.
    const at = hours(2);
    for (const [startsAt, endsAt] of [
      [at, at],
      [at, hours(1)],
    ]) {
      const backwards = await call(admin, 'POST', '/admin/events', eventBody({ startsAt, endsAt }));
      expect(backwards.statusCode).toBe(400);
      expect(JSON.stringify(backwards.json())).toContain(M.endAfterStart);
    }
    const foreign = await call(
      admin,
      'POST',
      '/admin/events',
      eventBody({ features: [{ feature: 'suggestion-map', configId: configs.otherSuggestion }] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: M.configNotFound });
    const wrongType = await call(
      admin,
      'POST',
      '/admin/events',
      eventBody({ features: [{ feature: 'suggestion-map', configId: configs.interactive }] }),
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      message: M.configWrongType('Suggestion map', 'Suggestion map'),
    });
  });

  it('gives issue 15 events written with dates the times of those days in England', async () => {
    const { id } = await buildEvent(t.database.db, tenant.id, {
      startsOn: '2026-07-01',
      endsOn: '2026-07-31',
    });
    const event = adminEventSchema.parse((await call(admin, 'GET', `/admin/events/${id}`)).json());
    // British Summer Time: midnight in England is 23:00 the day before in UTC.
    expect(event.startsAt).toBe('2026-06-30T23:00:00.000Z');
    expect(event.endsAt).toBe('2026-07-31T23:00:00.000Z');
  });

  it("answers 404 for another council's event and lists none of them", async () => {
    const mine = adminEventSchema.parse(
      (await call(admin, 'POST', '/admin/events', eventBody({ features: [] }))).json(),
    );
    expect((await call(otherAdmin, 'GET', `/admin/events/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await call(otherAdmin, 'PUT', `/admin/events/${mine.id}`, eventBody({ features: [] }))).statusCode,
    ).toBe(404);
    const theirs = adminEventListSchema.parse((await call(otherAdmin, 'GET', '/admin/events')).json());
    expect(theirs.events.map((e: AdminEvent) => e.id)).not.toContain(mine.id);
  });
});

describe('/public/consultations/live', () => {
  it('lists live events with a published document, for anyone', async () => {
    const live = adminEventSchema.parse(
      (
        await call(
          admin,
          'POST',
          '/admin/events',
          eventBody({ name: 'Open now', startsAt: hours(-1), endsAt: hours(5), features: [] }),
        )
      ).json(),
    );
    const answer = await call(null, 'GET', '/public/consultations/live');
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json() as { consultations: { id: string; documentId: string }[] };
    expect(list.consultations.map((c) => c.id)).toContain(live.id);
    expect(list.consultations.every((c) => c.documentId === documentId)).toBe(true);
    const elsewhere = await call(null, 'GET', '/public/consultations/live', undefined, other.name);
    expect((elsewhere.json() as { consultations: unknown[] }).consultations).toEqual([]);
  });
});

describe('privacy policies and terms', () => {
  it('is empty until written, then sanitised, readable signed out, and audited', async () => {
    const empty = policySchema.parse(
      (await call(null, 'GET', '/public/policies/consultations-privacy')).json(),
    );
    expect(empty).toMatchObject({ html: '', updatedAt: null });
    const saved = await call(admin, 'PUT', '/admin/policies/consultations-privacy', {
      html: '<h2>Your data</h2><p>We keep <strong>answers</strong>.</p><script>alert(1)</script><p onclick="x()">Ask us</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const policy = policySchema.parse(
      (await call(null, 'GET', '/public/policies/consultations-privacy')).json(),
    );
    expect(policy.html).toBe('<h2>Your data</h2><p>We keep <strong>answers</strong>.</p><p>Ask us</p>');
    expect(policy.html).not.toContain('script');
    expect(policy.updatedBy).toBeTruthy();
    expect((await auditRows(tenant.id, 'policy.update')).length).toBe(1);
    // Terms are a document of their own; another council has not written either.
    expect(policySchema.parse((await call(null, 'GET', '/public/policies/terms')).json()).html).toBe('');
    const theirs = await call(null, 'GET', '/public/policies/consultations-privacy', undefined, other.name);
    expect(policySchema.parse(theirs.json()).html).toBe('');
    expect((await call(viewer, 'PUT', '/admin/policies/terms', { html: '<p>x</p>' })).statusCode).toBe(403);
    const tooLong = await call(admin, 'PUT', '/admin/policies/terms', { html: 'x'.repeat(100_001) });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('default site layout', () => {
  it('saves the council default for staff to read, and resets it', async () => {
    expect((await call(viewer, 'GET', '/site-layout/default')).json()).toMatchObject({ layouts: null });
    const layouts = { lg: [{ i: 'map', x: 0, y: 0, w: 12, h: 8 }] };
    const saved = await call(admin, 'PUT', '/admin/site-layout', { layouts });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(viewer, 'GET', '/site-layout/default')).json()).toMatchObject({ layouts });
    expect((await call(otherOfficer, 'GET', '/site-layout/default')).json()).toMatchObject({ layouts: null });
    await call(admin, 'PUT', '/admin/site-layout', { layouts: null });
    expect((await call(viewer, 'GET', '/site-layout/default')).json()).toMatchObject({ layouts: null });
    expect((await auditRows(tenant.id, 'layout.update')).length).toBe(2);
  });
});

describe('suggestion redaction', () => {
  it('lists submissions with findings, redacts a phone number for every reader but the author', async () => {
    const listed = submissionListSchema.parse(
      (await call(admin, 'GET', '/admin/submissions?withFindings=true')).json(),
    );
    const submission = listed.submissions.find((s: Submission) => s.answerId === answerId)!;
    expect(submission.findings.map((f) => f.text)).toContain(PHONE);
    const phone = submission.findings.find((f) => f.text === PHONE)!;

    const redacted = await call(admin, 'POST', '/admin/submissions/redact', {
      answerId,
      field: 'answer',
      original: COMMENT,
      spans: [{ from: phone.from, to: phone.to, kind: phone.kind }],
    });
    expect(redacted.statusCode, redacted.body).toBe(200);
    expect((redacted.json() as Submission).redactedText).toBe(
      COMMENT.replace(PHONE, '[telephone number redacted]'),
    );

    // The analysis (staff), its CSV and the staff responses list read the redacted text.
    const analysis = await call(viewer, 'GET', `/consultations/analysis?documentId=${documentId}`);
    expect(analysis.statusCode, analysis.body).toBe(200);
    const text = JSON.stringify(analysisSchema.parse(analysis.json()));
    expect(text).toContain('[telephone number redacted]');
    expect(text).not.toContain(PHONE);
    const csv = await call(viewer, 'GET', `/consultations/analysis/export.csv?documentId=${documentId}`);
    expect(csv.body).not.toContain(PHONE);
    // The author still reads what they wrote.
    const mine = await call(resident, 'GET', `/public/documents/${documentId}/answers`);
    expect(mine.body).toContain(PHONE);
    // Covered: no longer listed as having findings; the log never holds the number.
    const after = submissionListSchema.parse(
      (await call(admin, 'GET', '/admin/submissions?withFindings=true')).json(),
    );
    expect(after.submissions.map((s) => s.answerId)).not.toContain(answerId);
    const audit = await auditRows(tenant.id, 'suggestion.redact');
    expect(audit.length).toBe(1);
    expect(JSON.stringify(audit)).not.toContain(PHONE);
  });

  it('refuses a stale text, a span outside the text, and another council', async () => {
    const stale = await call(admin, 'POST', '/admin/submissions/redact', {
      answerId,
      field: 'answer',
      original: 'something else',
      spans: [{ from: 0, to: 4 }],
    });
    expect(stale.statusCode).toBe(409);
    const outside = await call(admin, 'POST', '/admin/submissions/redact', {
      answerId,
      field: 'answer',
      original: COMMENT,
      spans: [{ from: 0, to: COMMENT.length + 5 }],
    });
    expect(outside.statusCode).toBe(400);
    const foreign = await call(otherAdmin, 'POST', '/admin/submissions/redact', {
      answerId,
      field: 'answer',
      original: COMMENT,
      spans: [{ from: 0, to: 4 }],
    });
    expect(foreign.statusCode).toBe(404);
    const theirs = submissionListSchema.parse((await call(otherAdmin, 'GET', '/admin/submissions')).json());
    expect(theirs.count).toBe(0);
  });
});

describe('analytics summary', () => {
  it('gives each document its respondents, answers and last response', async () => {
    const answer = await call(admin, 'GET', '/admin/analytics/documents');
    expect(answer.statusCode, answer.body).toBe(200);
    const { documents } = answer.json() as {
      documents: { id: string; respondents: number; answers: number }[];
    };
    expect(documents.find((d) => d.id === documentId)).toMatchObject({ respondents: 1, answers: 1 });
  });
});
