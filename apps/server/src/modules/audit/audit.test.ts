import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCsvColumns, auditLogMessages, type AuditEntry, type AuditLogPage } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { runAsOwner } from '../../../test/database';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { recordAuditAlone, type AuditActor } from './audit.record';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let other: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let admin: SignedIn;
let viewer: SignedIn;
let officer: SignedIn;
let otherAdmin: SignedIn;
let adminId: string;

const actor = (userId: string | null, email: string | null, ip = '203.0.113.7'): AuditActor => ({
  userId,
  email,
  ip,
  userAgent: 'vitest',
});

beforeAll(async () => {
  t = await buildTestApp();
  [tenant, other] = await Promise.all([
    buildTenantWithUsers(t.database.db),
    buildTenantWithUsers(t.database.db),
  ]);
  [admin, viewer, officer, otherAdmin] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('viewer')),
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, other.name, other.email('admin')),
  ]);
  adminId = await withTenant(t.database.db, tenant.id, async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', tenant.email('admin'))
      .executeTakeFirstOrThrow();
    return row.id;
  });
});
afterAll(() => t.close());

const list = async (who: SignedIn, query = '') => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/audit-log${query}`,
    headers: who.headers(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as AuditLogPage;
};

/** Every row of a council, as the app role sees it. */
const rowsOf = (tenantId: string) =>
  withTenant(t.database.db, tenantId, (trx) =>
    trx
      .selectFrom('audit_log')
      .select(['id', 'summary', 'action'])
      .orderBy('occurred_at')
      .orderBy('seq')
      .execute(),
  );

/** Runs one statement as the application role and returns its error message (or null). */
const refusal = async (tenantId: string, statement: ReturnType<typeof sql>) =>
  withTenant(t.database.db, tenantId, async (trx) => {
    await statement.execute(trx);
    return null;
  }).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));

describe('the audit log table (migration 0026)', () => {
  it('is append-only for the application role: update, delete and truncate fail and the rows stay', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    await recordAuditAlone(t.database.db, council.id, actor(null, 'someone@example.test'), {
      action: 'role.create',
      targetType: 'role',
      targetId: 'r1',
      summary: 'Created role Planners',
    });
    const before = await rowsOf(council.id);
    expect(before).toHaveLength(1);
    const id = before[0]!.id;

    // Migration 0039 grants the update of the personal columns for erasures; the trigger refuses
    // it to any transaction that has not declared itself one.
    expect(
      await refusal(council.id, sql`update audit_log set summary = 'Nothing happened' where id = ${id}`),
    ).toMatch(/append-only/);
    expect(
      await refusal(council.id, sql`update audit_log set action = 'role.delete' where id = ${id}`),
    ).toMatch(/permission denied/);
    expect(await refusal(council.id, sql`delete from audit_log where id = ${id}`)).toMatch(
      /permission denied/,
    );
    expect(await refusal(council.id, sql`truncate audit_log`)).toMatch(/permission denied/);
    // Not even through Kysely's builders.
    await expect(
      withTenant(t.database.db, council.id, (trx) =>
        trx.deleteFrom('audit_log').where('id', '=', id).execute(),
      ),
    ).rejects.toThrow(/permission denied/);

    expect(await rowsOf(council.id)).toEqual(before);
  });

  it('refuses a change even to a role granted more: the trigger stands behind the grants', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    await recordAuditAlone(t.database.db, council.id, actor(null, null), {
      action: 'user.invite',
      summary: 'Invited a@example.test',
    });
    const [row] = await rowsOf(council.id);
    await expect(
      runAsOwner(t.database, [`update audit_log set summary = 'x' where id = '${row!.id}'`]),
    ).rejects.toThrow(/append-only/);
    await expect(runAsOwner(t.database, [`delete from audit_log where id = '${row!.id}'`])).rejects.toThrow(
      /append-only/,
    );
    expect(await rowsOf(council.id)).toEqual([row]);
  });

  it('keeps each council to its own rows (row-level security)', async () => {
    await recordAuditAlone(t.database.db, other.id, actor(null, 'x@other.test'), {
      action: 'role.delete',
      summary: 'Deleted a role of the other council',
    });
    const theirs = await rowsOf(other.id);
    const ids = theirs.map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    // Even asking for the other council's rows by id finds none.
    const seen = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('audit_log').select('id').where('id', 'in', ids).execute(),
    );
    expect(seen).toEqual([]);
    // And a row written for another council from this council's transaction is refused.
    const crossed = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .insertInto('audit_log')
        .values({ tenant_id: other.id, action: 'role.create', summary: 'Smuggled', details: '{}' })
        .execute(),
    ).then(
      () => 'written',
      () => 'refused',
    );
    expect(crossed).toBe('refused');
    const page = await list(admin, '?q=other%20council');
    expect(page.total).toBe(0);
    expect((await list(otherAdmin, '?q=other%20council')).total).toBe(1);
  });
});

describe('GET /admin/audit-log', () => {
  let council: Awaited<ReturnType<typeof buildTenantWithUsers>>;
  let councilAdmin: SignedIn;
  let userA: string;

  beforeAll(async () => {
    council = await buildTenantWithUsers(t.database.db);
    councilAdmin = await signIn(t.app, council.name, council.email('admin'));
    userA = randomUUID();
    const db = t.database.db;
    await recordAuditAlone(db, council.id, actor(userA, 'ann.planner@council.test'), {
      action: 'role.create',
      targetType: 'role',
      targetId: 'role-1',
      summary: 'Created role Planning team',
    });
    await recordAuditAlone(db, council.id, actor(userA, 'ann.planner@council.test'), {
      action: 'role.grant',
      targetType: 'role',
      targetId: 'role-1',
      summary: 'Granted sites read to Planning team',
      details: { before: { grants: [] }, after: { grants: ['sites:read'] } },
    });
    await recordAuditAlone(db, council.id, actor(null, 'bob_100%@council.test', '198.51.100.2'), {
      action: 'user.invite',
      targetType: 'user',
      targetId: 'user-9',
      summary: 'Invited carol@council.test as Planning team',
    });
    // Older rows, written as the app may write them (it can insert, with a time).
    await withTenant(db, council.id, (trx) =>
      trx
        .insertInto('audit_log')
        .values([
          {
            tenant_id: council.id,
            occurred_at: '2026-03-01T12:00:00Z',
            action: 'config.update',
            target_type: 'config',
            target_id: 'cfg-1',
            summary: 'Changed Site search',
            details: '{}',
          },
          {
            tenant_id: council.id,
            // 00:30 in London on 1 July (British Summer Time) is still 30 June in UTC.
            occurred_at: '2026-06-30T23:30:00Z',
            action: 'config.delete',
            target_type: 'config',
            target_id: 'cfg-2',
            summary: 'Deleted Site card',
            details: '{}',
          },
        ])
        .execute(),
    );
  });

  const seeded = ['role.create', 'role.grant', 'user.invite', 'config.update', 'config.delete'];

  it('lists newest first, each row as the viewer shows it', async () => {
    // (Signing in as an administrator is itself recorded: those rows are left out here.)
    const page = await list(councilAdmin, `?action=${seeded.join(',')}`);
    expect(page.total).toBe(5);
    expect(page.pageSize).toBe(50);
    expect(page.entries.map((entry) => entry.action)).toEqual([
      'user.invite',
      'role.grant',
      'role.create',
      'config.delete',
      'config.update',
    ]);
    const grant = page.entries[1] as AuditEntry;
    expect(grant).toMatchObject({
      actorUserId: userA,
      actorEmail: 'ann.planner@council.test',
      actionLabel: 'Permission granted',
      targetType: 'role',
      targetId: 'role-1',
      ip: '203.0.113.7',
      userAgent: 'vitest',
      details: { before: { grants: [] }, after: { grants: ['sites:read'] } },
    });
  });

  it('filters by actions, actor, target, days and text', async () => {
    const actions = async (query: string) => (await list(councilAdmin, query)).entries.map((e) => e.action);
    expect(await actions('?action=role.create')).toEqual(['role.create']);
    expect(await actions('?action=role.create,user.invite')).toEqual(['user.invite', 'role.create']);
    expect(await actions('?action=role.create&action=config.update')).toEqual([
      'role.create',
      'config.update',
    ]);
    expect(await actions(`?actor=${userA}`)).toEqual(['role.grant', 'role.create']);
    expect(await actions('?actor=ANN.PLANNER')).toEqual(['role.grant', 'role.create']);
    // % and _ in the text are letters, not wildcards.
    expect(await actions('?actor=100%25')).toEqual(['user.invite']);
    expect(await actions('?actor=%25')).toEqual(['user.invite']);
    expect(await actions('?targetType=config')).toEqual(['config.delete', 'config.update']);
    expect(await actions('?targetId=role-1')).toEqual(['role.grant', 'role.create']);
    expect(await actions('?q=planning%20TEAM')).toEqual(['user.invite', 'role.grant', 'role.create']);
    expect(await actions('?from=2026-03-01&to=2026-03-01')).toEqual(['config.update']);
    // Days are London's: 00:30 BST on 1 July is on 1 July, not 30 June.
    expect(await actions('?from=2026-07-01&to=2026-07-01')).toEqual(['config.delete']);
    expect(await actions('?from=2026-06-30&to=2026-06-30')).toEqual([]);
    expect(await actions('?to=2026-12-31&from=2026-01-01&targetType=config')).toEqual([
      'config.delete',
      'config.update',
    ]);
    expect((await list(councilAdmin, '?action=role.create&q=nothing')).total).toBe(0);
  });

  it('pages 50 at a time with the total, in a stable order', async () => {
    const busy = await buildTenantWithUsers(t.database.db);
    const busyAdmin = await signIn(t.app, busy.name, busy.email('admin'));
    // 120 rows, four to a moment: the order they were written in breaks the tie (the embedded
    // database's clock moves in whole milliseconds, so one change's rows often share one).
    await withTenant(t.database.db, busy.id, (trx) =>
      trx
        .insertInto('audit_log')
        .values(
          Array.from({ length: 120 }, (_, i) => ({
            tenant_id: busy.id,
            occurred_at: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 4))).toISOString(),
            action: 'config.update',
            summary: `Change ${i}`,
            details: '{}',
          })),
        )
        .execute(),
    );
    // (The admin's sign-in is recorded too: only the 120 are paged here.)
    const only = '&action=config.update';
    const pages = [
      await list(busyAdmin, `?page=1${only}`),
      await list(busyAdmin, `?page=2${only}`),
      await list(busyAdmin, `?page=3${only}`),
    ];
    expect(pages.map((page) => page.entries.length)).toEqual([50, 50, 20]);
    expect(pages.every((page) => page.total === 120)).toBe(true);
    const ids = pages.flatMap((page) => page.entries.map((entry) => entry.id));
    expect(new Set(ids).size).toBe(120);
    const times = pages.flatMap((page) => page.entries.map((entry) => entry.occurredAt));
    expect([...times].sort().reverse()).toEqual(times);
    expect(pages.flatMap((page) => page.entries.map((entry) => entry.summary))).toEqual(
      Array.from({ length: 120 }, (_, i) => `Change ${119 - i}`),
    );
    expect((await list(busyAdmin, `?page=4${only}`)).entries).toEqual([]);
    expect((await list(busyAdmin, `?pageSize=7${only}`)).entries).toHaveLength(7);
    // Without a filter the sign-in is there as well, newest.
    const all = await list(busyAdmin);
    expect(all.total).toBe(121);
    expect(all.entries[0]?.action).toBe('auth.admin-sign-in');
  });

  it('refuses bad filters with a 400 and a message', async () => {
    for (const query of [
      '?action=role.nothing',
      '?from=yesterday',
      '?from=2026-05-02&to=2026-05-01',
      '?page=0',
      '?pageSize=1000',
      `?q=${'x'.repeat(300)}`,
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/audit-log${query}`,
        headers: councilAdmin.headers(),
      });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toHaveProperty('message');
    }
    const backwards = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log?from=2026-05-02&to=2026-05-01',
      headers: councilAdmin.headers(),
    });
    expect(backwards.body).toContain(auditLogMessages.badDateRange);
  });

  it('is for administrators only', async () => {
    for (const who of [viewer, officer]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/audit-log',
        headers: who.headers(),
      });
      expect(answer.statusCode).toBe(403);
      const csv = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/audit-log/export.csv',
        headers: who.headers(),
      });
      expect(csv.statusCode).toBe(403);
    }
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log',
      headers: { 'x-tenant': tenant.name },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('GET /admin/audit-log/export.csv', () => {
  it('quotes as RFC 4180, neutralises formulas, names the file and records the export', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    const councilAdmin = await signIn(t.app, council.name, council.email('admin'));
    const db = t.database.db;
    await recordAuditAlone(db, council.id, actor(null, '=cmd|calc@evil.test'), {
      action: 'config.update',
      targetType: 'config',
      targetId: '+41',
      summary: '=HYPERLINK("http://evil.test","click"), and "quotes"\r\nand a new line',
      details: { before: { label: 'A, B' }, after: { label: '-C' } },
    });
    await recordAuditAlone(db, council.id, actor(null, 'plain@council.test'), {
      action: 'role.create',
      summary: '@SUM(A1:A2)',
    });
    await recordAuditAlone(db, council.id, actor(null, 'plain@council.test'), {
      action: 'role.rename',
      summary: '\tTabbed',
    });

    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log/export.csv?action=config.update,role.create,role.rename&actor=%40',
      headers: councilAdmin.headers(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(answer.headers['content-disposition']).toContain(
      `attachment; filename="audit-log-${council.name}-${today}.csv"`,
    );
    const text = answer.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(auditCsvColumns.join(','));
    // Newest first: the tab, the @, then the quoted one (its cell spans two lines).
    expect(lines[1]).toContain(',role.rename,Role renamed,');
    expect(lines[1]).toContain(",'\tTabbed,");
    expect(lines[2]).toContain(",'@SUM(A1:A2),");
    expect(text).toContain(
      `,"'=HYPERLINK(""http://evil.test"",""click""), and ""quotes""\r\nand a new line",`,
    );
    expect(text).toContain(",'=cmd|calc@evil.test,");
    expect(text).toContain(",'+41,");
    // Details as JSON in one quoted cell (jsonb keeps its own key order).
    expect(text).toContain('""before"":{""label"":""A, B""}');
    expect(text).toContain('""after"":{""label"":""-C""}');
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/m);
    expect(answer.headers['x-export-count']).toBe('3');

    // The export is itself in the log: who, and what filter.
    const page = await list(councilAdmin, '?action=export.audit-log');
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      action: 'export.audit-log',
      actionLabel: 'Audit log exported',
      actorEmail: council.email('admin'),
      targetType: 'audit-log',
      summary: 'Exported 3 audit entries as CSV',
      details: { filter: { action: ['config.update', 'role.create', 'role.rename'], actor: '@' }, rows: 3 },
    });
    expect(page.entries[0]?.actorUserId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("exports only the caller's council, and refuses bad filters", async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log/export.csv?q=other%20council',
      headers: admin.headers(),
    });
    expect(answer.statusCode).toBe(200);
    // The heading alone: the other council's row is not there.
    expect(answer.body.slice(1).split('\r\n').filter(Boolean)).toEqual([auditCsvColumns.join(',')]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log/export.csv?to=2026-13-45',
      headers: admin.headers(),
    });
    expect(bad.statusCode).toBe(400);
    // The admin's own export, found by their user id.
    const mine = await list(admin, `?actor=${adminId}&action=export.audit-log`);
    expect(mine.total).toBe(1);
    expect(mine.entries[0]?.details).toEqual({ filter: { q: 'other council' }, rows: 0 });
  });
});
