import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  adminCallListSchema,
  adminCallSchema,
  cfsMessages as M,
  publicCallListSchema,
  publicCallSchema,
  type AdminCall,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { consultationTestBed, issueMessages } from '../../../test/consultation-setup';
import { signIn, type SignedIn } from '../../../test/sessions';

// Issue 27 point 1: calls for sites, opened by administrators, read by anyone.
const { t, tenant, other, officer, resident, call } = consultationTestBed();
let admin: SignedIn;
let otherAdmin: SignedIn;
const ids = {
  questionnaire: '',
  otherQuestionnaire: '',
  suggestionConfig: '',
  publicLayer: '',
  staffLayer: '',
};

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

async function insertConfig(tenantId: string, type: string, label: string) {
  return withTenant(t.database.db, tenantId, async (trx) => {
    const { rows } = await sql<{ id: string }>`insert into configs (tenant_id, config_type, label, config)
      values (${tenantId}, ${type}, ${label}, '{}'::jsonb) returning id`.execute(trx);
    return rows[0]!.id;
  });
}

async function insertLayer(tenantId: string, name: string, onPublicMap: boolean) {
  return withTenant(t.database.db, tenantId, async (trx) => {
    const row = await trx
      .insertInto('layers')
      .values({
        tenant_id: tenantId,
        layer_name: name,
        title: name.replace(/_/g, ' '),
        public_webmap_visibility: onPublicMap,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

beforeAll(async () => {
  [admin, otherAdmin] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, other.name, other.email('admin')),
  ]);
  ids.questionnaire = await insertConfig(
    tenant.id,
    'call-for-sites-questionnaire',
    'Sites questionnaire 2027',
  );
  ids.otherQuestionnaire = await insertConfig(
    other.id,
    'call-for-sites-questionnaire',
    'Their questionnaire',
  );
  ids.suggestionConfig = await insertConfig(tenant.id, 'suggestion-map', 'Station suggestions');
  ids.publicLayer = await insertLayer(tenant.id, 'flood_zones', true);
  ids.staffLayer = await insertLayer(tenant.id, 'officer_notes', false);
});

const callBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Call for sites 2027',
  description: 'Land for homes and jobs to 2045',
  startsAt: hours(-1),
  endsAt: hours(24 * 30),
  questionnaireConfigId: ids.questionnaire,
  guidance: '<h2>Before you start</h2><p>Have a plan of the land ready.</p><script>alert(1)</script>',
  layerIds: [ids.publicLayer],
  ...overrides,
});

async function createCall(overrides: Record<string, unknown> = {}): Promise<AdminCall> {
  const response = await call(admin, 'POST', '/admin/cfs/calls', callBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return adminCallSchema.parse(response.json());
}

describe('opening a call for sites (admin)', () => {
  it('creates an open call: its event runs the call-for-sites feature, the guidance is sanitised', async () => {
    const created = await createCall();
    expect(created).toMatchObject({
      name: 'Call for sites 2027',
      state: 'open',
      questionnaire: { configId: ids.questionnaire, label: 'Sites questionnaire 2027' },
      layers: [{ id: ids.publicLayer, title: 'flood zones' }],
    });
    expect(created.guidance).toBe('<h2>Before you start</h2><p>Have a plan of the land ready.</p>');
    // The event screen sees it as an event with the feature.
    const event = await call(admin, 'GET', `/admin/events/${created.id}`);
    expect(event.json()).toMatchObject({
      name: 'Call for sites 2027',
      features: [{ feature: 'call-for-sites', configId: ids.questionnaire }],
    });
    const saved = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('cfs_calls').selectAll().where('event_id', '=', created.id).executeTakeFirstOrThrow(),
    );
    expect(saved.guidance).not.toContain('script');
    const audit = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('audit_log').select('action').where('target_id', '=', created.id).execute(),
    );
    expect(audit.map((row) => row.action).sort()).toEqual(['cfs-call.update', 'event.create']);
  });

  it('lists calls by state with counts: upcoming opening soonest first', async () => {
    const later = await createCall({ name: 'Later call', startsAt: hours(24 * 60), endsAt: hours(24 * 90) });
    const sooner = await createCall({
      name: 'Sooner call',
      startsAt: hours(24 * 10),
      endsAt: hours(24 * 40),
    });
    const response = await call(admin, 'GET', '/admin/cfs/calls?state=upcoming');
    expect(response.statusCode, response.body).toBe(200);
    const list = adminCallListSchema.parse(response.json());
    expect(list.calls.map((c) => c.id)).toEqual([sooner.id, later.id]);
    expect(list.counts.upcoming).toBe(2);
    expect(list.counts.open).toBeGreaterThanOrEqual(1);
  });

  it('refuses a close before the opening, a missing questionnaire and a wrong config type with their messages', async () => {
    const backwards = await call(admin, 'POST', '/admin/cfs/calls', callBody({ endsAt: hours(-2) }));
    expect(backwards.statusCode).toBe(400);
    expect(issueMessages(backwards)).toContain(M.endAfterStart);
    const noName = await call(admin, 'POST', '/admin/cfs/calls', callBody({ name: '  ' }));
    expect(issueMessages(noName)).toContain(M.nameRequired);
    const noQuestionnaire = await call(
      admin,
      'POST',
      '/admin/cfs/calls',
      callBody({ questionnaireConfigId: '' }),
    );
    expect(issueMessages(noQuestionnaire)).toContain(M.questionnaireRequired);
    const wrongType = await call(
      admin,
      'POST',
      '/admin/cfs/calls',
      callBody({ questionnaireConfigId: ids.suggestionConfig }),
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      message: M.questionnaireWrongType,
      issues: [{ path: 'body.questionnaireConfigId', message: M.questionnaireWrongType }],
    });
  });

  it("refuses another council's questionnaire as missing, and a layer not on the public web map", async () => {
    const theirs = await call(
      admin,
      'POST',
      '/admin/cfs/calls',
      callBody({ questionnaireConfigId: ids.otherQuestionnaire }),
    );
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toMatchObject({ message: M.questionnaireNotFound });
    const staffOnly = await call(
      admin,
      'POST',
      '/admin/cfs/calls',
      callBody({ layerIds: [ids.publicLayer, ids.staffLayer] }),
    );
    expect(staffOnly.statusCode).toBe(400);
    expect(staffOnly.json()).toMatchObject({
      message: M.layerNotPublic,
      issues: [{ path: 'body.layerIds.1', message: M.layerNotPublic }],
    });
    const twice = await call(
      admin,
      'POST',
      '/admin/cfs/calls',
      callBody({ layerIds: [ids.publicLayer, ids.publicLayer] }),
    );
    expect(issueMessages(twice)).toContain(M.layerTwice);
  });

  it("changes a call and keeps its event's other features", async () => {
    const created = await createCall({ name: 'Employment land call' });
    const suggestion = await call(admin, 'PUT', `/admin/events/${created.id}`, {
      name: created.name,
      startsAt: created.startsAt,
      endsAt: created.endsAt,
      features: [
        { feature: 'call-for-sites', configId: ids.questionnaire },
        { feature: 'suggestion-map', configId: ids.suggestionConfig },
      ],
    });
    expect(suggestion.statusCode, suggestion.body).toBe(200);
    const changed = await call(
      admin,
      'PUT',
      `/admin/cfs/calls/${created.id}`,
      callBody({
        name: 'Employment land call (extended)',
        endsAt: hours(24 * 60),
        layerIds: [],
        guidance: '<p></p>',
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Employment land call (extended)',
      layers: [],
      guidance: '',
    });
    const event = await call(admin, 'GET', `/admin/events/${created.id}`);
    expect((event.json() as { features: { feature: string }[] }).features.map((f) => f.feature)).toEqual([
      'call-for-sites',
      'suggestion-map',
    ]);
  });

  it('answers 404 for an event that runs no call, and for another council’s call', async () => {
    const event = await call(admin, 'POST', '/admin/events', {
      name: 'Plain consultation',
      startsAt: hours(1),
      endsAt: hours(48),
      features: [],
    });
    expect(event.statusCode, event.body).toBe(201);
    const plain = await call(admin, 'GET', `/admin/cfs/calls/${(event.json() as { id: string }).id}`);
    expect(plain.statusCode).toBe(404);
    expect(plain.json()).toMatchObject({ message: M.callNotFound });
    const ours = await createCall({ name: 'Ours alone' });
    const fromThere = await call(otherAdmin, 'GET', `/admin/cfs/calls/${ours.id}`);
    expect(fromThere.statusCode).toBe(404);
    const changeFromThere = await call(otherAdmin, 'PUT', `/admin/cfs/calls/${ours.id}`, callBody());
    expect(changeFromThere.statusCode).toBe(404);
    const notAnId = await call(admin, 'GET', '/admin/cfs/calls/not-an-id');
    expect(notAnId.statusCode).toBe(400);
  });

  it('is for administrators: an officer and a resident are refused, a visitor must sign in', async () => {
    expect((await call(officer, 'GET', '/admin/cfs/calls')).statusCode).toBe(403);
    expect((await call(officer, 'POST', '/admin/cfs/calls', callBody())).statusCode).toBe(403);
    expect((await call(resident, 'GET', '/admin/cfs/calls')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/admin/cfs/calls')).statusCode).toBe(401);
  });
});

describe('the public list of calls (no sign-in)', () => {
  it('shows open calls closing soonest first and upcoming ones, never cancelled or closed ones', async () => {
    const closingSoon = await createCall({ name: 'Closing soon', endsAt: hours(2) });
    const closed = await createCall({ name: 'Closed call', startsAt: hours(-48), endsAt: hours(-24) });
    const cancelled = await createCall({ name: 'Cancelled call' });
    const cancel = await call(admin, 'POST', `/admin/events/${cancelled.id}/cancel`, { cancelled: true });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const response = await call(null, 'GET', '/public/cfs/calls');
    expect(response.statusCode, response.body).toBe(200);
    const list = publicCallListSchema.parse(response.json());
    expect(list.open[0]!.id).toBe(closingSoon.id);
    const listed = [...list.open, ...list.upcoming].map((c) => c.id);
    expect(listed).not.toContain(closed.id);
    expect(listed).not.toContain(cancelled.id);
    expect(list.upcoming.map((c) => c.name).slice(0, 2)).toEqual(['Sooner call', 'Later call']);
    // Config ids and guidance stay out of the list.
    expect(JSON.stringify(list)).not.toContain(ids.questionnaire);

    // The other council's visitors see none of ours.
    const there = publicCallListSchema.parse(
      (await call(null, 'GET', '/public/cfs/calls', undefined, other.name)).json(),
    );
    expect([...there.open, ...there.upcoming]).toEqual([]);
  });

  it('reads one call with its guidance and public layers; a closed one stays readable, a cancelled one is gone', async () => {
    const created = await createCall({ name: 'Readable call' });
    const one = await call(null, 'GET', `/public/cfs/calls/${created.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(publicCallSchema.parse(one.json())).toMatchObject({
      name: 'Readable call',
      state: 'open',
      guidance: '<h2>Before you start</h2><p>Have a plan of the land ready.</p>',
      layers: [{ id: ids.publicLayer, title: 'flood zones' }],
    });
    // A layer taken off the public web map afterwards is no longer named to the public.
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .updateTable('layers')
        .set({ public_webmap_visibility: false })
        .where('id', '=', ids.publicLayer)
        .execute(),
    );
    try {
      expect((await call(null, 'GET', `/public/cfs/calls/${created.id}`)).json()).toMatchObject({
        layers: [],
      });
    } finally {
      await withTenant(t.database.db, tenant.id, (trx) =>
        trx
          .updateTable('layers')
          .set({ public_webmap_visibility: true })
          .where('id', '=', ids.publicLayer)
          .execute(),
      );
    }
    const closed = await createCall({ name: 'Closed but readable', startsAt: hours(-48), endsAt: hours(-1) });
    expect((await call(null, 'GET', `/public/cfs/calls/${closed.id}`)).json()).toMatchObject({
      state: 'closed',
    });
    await call(admin, 'POST', `/admin/events/${created.id}/cancel`, { cancelled: true });
    const gone = await call(null, 'GET', `/public/cfs/calls/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: M.callNotFound });
    const elsewhere = await call(null, 'GET', `/public/cfs/calls/${closed.id}`, undefined, other.name);
    expect(elsewhere.statusCode).toBe(404);
  });
});
