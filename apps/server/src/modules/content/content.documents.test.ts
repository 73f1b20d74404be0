import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultConfigs,
  type ConfigDocumentDetail,
  type ConfigDocumentList,
  type ConfigVersion,
  type ConfigVersionDetail,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildAdminScene, type AdminScene, type SceneCouncil } from '../../../test/admin-scene';
import type { TestApp } from '../../../test/test-app';
import { seedConfig } from './content.service';

let t: TestApp;
let tenant: SceneCouncil;
let admin: SignedIn;
let officer: SignedIn;
let otherAdmin: SignedIn;
let call: AdminScene['call'];

beforeAll(async () => {
  ({ t, council: tenant, admin, officer, otherAdmin, call } = await buildAdminScene());
}, 60_000);
afterAll(() => t?.close());

async function ok<T>(answer: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) {
  const response = await answer;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

const create = (as: SignedIn, body: object) =>
  ok<ConfigDocumentDetail>(call(as, 'POST', '/config-documents', body), 201);

const auditRows = (tenantId: string, targetId: string) =>
  withTenant(t.database.db, tenantId, (trx) =>
    trx
      .selectFrom('audit_log')
      .select(['action', 'summary', 'actor_email', 'details'])
      .where('target_id', '=', targetId)
      .orderBy('occurred_at')
      .orderBy('seq')
      .execute(),
  );

const nameFilter = {
  type: 'text',
  dbPropertyName: 'site_name',
  label: 'Site name',
  placeholder: 'Search by name',
};
const wardFilter = { type: 'checkboxesList', dbPropertyName: 'ward', label: 'Ward' };

describe('config documents: create, change, versions, rollback (issue 16 point 1)', () => {
  it('creates from the type’s default, changes it, lists the versions, and rolls back', async () => {
    const created = await create(admin, { type: 'site-search', label: 'Officers’ search', tags: ['search'] });
    expect(created).toMatchObject({
      type: 'site-search',
      typeLabel: 'Site search',
      store: 'configs',
      label: 'Officers’ search',
      tags: ['search'],
      // The council's first of its type is the one its screens read.
      assignment: 'tenant',
      version: 1,
      config: defaultConfigs['site-search'],
      validation: { valid: true, message: 'Config is valid', issues: [] },
      createdBy: expect.any(String),
      deletedAt: null,
    });
    // The screens read it at once.
    const read = await ok<{ id: string; config: unknown }>(call(officer, 'GET', '/configs/site-search'));
    expect(read).toMatchObject({ id: created.id, config: defaultConfigs['site-search'] });

    const v2 = { filters: [nameFilter, wardFilter] };
    const saved = await ok<ConfigDocumentDetail>(
      call(admin, 'PUT', `/config-documents/${created.id}`, { config: v2, expectedVersion: 1 }),
    );
    expect(saved).toMatchObject({ version: 2, config: v2, updatedBy: saved.createdBy });
    const v3 = { filters: [nameFilter] };
    await ok(call(admin, 'PUT', `/config-documents/${created.id}`, { config: v3, expectedVersion: 2 }));

    const versions = await ok<{ items: ConfigVersion[] }>(
      call(admin, 'GET', `/config-documents/${created.id}/versions`),
    );
    expect(versions.items.map((v) => [v.version, v.action])).toEqual([
      [3, 'update'],
      [2, 'update'],
      [1, 'create'],
    ]);
    expect(versions.items[0]).toMatchObject({
      actionLabel: 'Changed',
      changedBy: saved.createdBy,
      summary: 'filters.1 removed',
    });
    const third = await ok<ConfigVersionDetail>(
      call(admin, 'GET', `/config-documents/${created.id}/versions/3`),
    );
    expect(third).toMatchObject({
      before: v2,
      after: v3,
      changes: [{ path: 'filters.1', kind: 'removed', before: wardFilter }],
    });

    // Back to version 2: the document as it was, saved as version 4.
    const rolled = await ok<ConfigDocumentDetail>(
      call(admin, 'POST', `/config-documents/${created.id}/rollback`, { version: 2 }),
    );
    expect(rolled).toMatchObject({ version: 4, config: v2 });
    expect((await ok<{ config: unknown }>(call(officer, 'GET', '/configs/site-search'))).config).toEqual(v2);
    const after = await ok<{ items: ConfigVersion[] }>(
      call(admin, 'GET', `/config-documents/${created.id}/versions`),
    );
    expect(after.items[0]).toMatchObject({ version: 4, action: 'rollback', actionLabel: 'Rolled back' });

    const audit = await auditRows(tenant.id, created.id);
    expect(audit.map((row) => row.action)).toEqual([
      'config.create',
      'config.update',
      'config.update',
      'config.rollback',
    ]);
    expect(audit[1]?.actor_email).toBe(tenant.email('admin'));
    expect(audit[2]?.summary).toBe(
      'Changed Site search config “Officers’ search” (version 3): filters.1 removed',
    );
    expect(audit[3]?.summary).toBe(
      'Rolled back Site search config “Officers’ search” to version 2 (now version 4)',
    );
  });

  it('refuses a save on a stale version (409), and an invalid document with its problems', async () => {
    const created = await create(admin, { type: 'site-card', label: 'Card', assignment: null });
    const first = await call(admin, 'PUT', `/config-documents/${created.id}`, {
      config: { elements: [{ label: 'Ward', dbPropertyName: 'ward' }] },
      expectedVersion: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call(admin, 'PUT', `/config-documents/${created.id}`, {
      config: { elements: [] },
      expectedVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Someone else has saved this config/);

    const invalid = await call(admin, 'PUT', `/config-documents/${created.id}`, {
      config: { elements: [{ label: 'No field' }] },
      expectedVersion: 2,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      message: 'Config is invalid',
      issues: [{ path: 'elements.0.dbPropertyName' }],
    });
    const missing = await call(admin, 'PUT', `/config-documents/${created.id}`, { expectedVersion: 2 });
    expect(missing.statusCode).toBe(400);
    expect(
      (await ok<ConfigDocumentDetail>(call(admin, 'GET', `/config-documents/${created.id}`))).version,
    ).toBe(2);
  });

  it('keeps an immutable config’s document: changes and rollbacks are refused (409)', async () => {
    const created = await create(admin, {
      type: 'layer-tree-tooltips',
      label: 'Frozen tooltips',
      store: 'immutable_configs',
      assignment: null,
    });
    const refused = await call(admin, 'PUT', `/config-documents/${created.id}`, {
      config: { tooltips: [{ id: randomUUID(), tooltip: 'New' }] },
      expectedVersion: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'An immutable config cannot be changed' });
    // Its label and tags may still change.
    const relabelled = await ok<ConfigDocumentDetail>(
      call(admin, 'PUT', `/config-documents/${created.id}`, {
        config: created.config,
        label: 'Frozen tooltips 2024',
        tags: ['archive'],
        expectedVersion: 1,
      }),
    );
    expect(relabelled).toMatchObject({ version: 2, label: 'Frozen tooltips 2024', tags: ['archive'] });
    // The database stands behind the rule.
    await expect(
      withTenant(t.database.db, tenant.id, (trx) =>
        trx.updateTable('configs').set({ config: '{"tooltips":[]}' }).where('id', '=', created.id).execute(),
      ).then(() =>
        withTenant(t.database.db, tenant.id, (trx) =>
          trx.updateTable('configs').set({ config: '{"x":1}' }).where('id', '=', created.id).execute(),
        ),
      ),
    ).rejects.toThrow(/immutable/);
  });

  it('deletes softly and restores; one live council document per type', async () => {
    const first = await create(admin, { type: 'touch-points', label: 'Walk A' });
    expect(first.assignment).toBe('tenant');
    // A second of the type is not assigned unless asked, and asking while the first is live fails.
    const second = await create(admin, { type: 'touch-points', label: 'Walk B' });
    expect(second.assignment).toBeNull();
    const clash = await call(admin, 'POST', '/config-documents', {
      type: 'touch-points',
      label: 'Walk C',
      assignment: 'tenant',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      'The council already has a current Touch points config. Change its assignment or delete it first.',
    );

    const deleted = await ok<ConfigDocumentDetail>(call(admin, 'DELETE', `/config-documents/${first.id}`));
    expect(deleted).toMatchObject({
      deletedAt: expect.any(String),
      deletedBy: expect.any(String),
      version: 2,
    });
    expect((await call(admin, 'DELETE', `/config-documents/${first.id}`)).statusCode).toBe(409);
    const live = await ok<ConfigDocumentList>(call(admin, 'GET', '/config-documents?type=touch-points'));
    expect(live.items.map((item) => item.label)).toEqual(['Walk B']);
    const all = await ok<ConfigDocumentList>(
      call(admin, 'GET', '/config-documents?type=touch-points&includeDeleted=true'),
    );
    expect(all.items.map((item) => item.label)).toEqual(['Walk A', 'Walk B']);
    // A deleted config cannot be changed until it is restored.
    const change = await call(admin, 'PUT', `/config-documents/${first.id}`, {
      config: first.config,
      label: 'x',
      expectedVersion: 2,
    });
    expect(change.statusCode).toBe(409);

    // B takes the council's place; restoring A then clashes, until B steps aside.
    await ok(
      call(admin, 'PUT', `/config-documents/${second.id}`, {
        config: second.config,
        assignment: 'tenant',
        expectedVersion: 1,
      }),
    );
    expect((await call(admin, 'POST', `/config-documents/${first.id}/restore`)).statusCode).toBe(409);
    await ok(
      call(admin, 'PUT', `/config-documents/${second.id}`, {
        config: second.config,
        assignment: null,
        expectedVersion: 2,
      }),
    );
    const restored = await ok<ConfigDocumentDetail>(
      call(admin, 'POST', `/config-documents/${first.id}/restore`),
    );
    expect(restored).toMatchObject({ deletedAt: null, version: 3 });
    expect((await call(admin, 'POST', `/config-documents/${first.id}/restore`)).statusCode).toBe(409);
    expect((await auditRows(tenant.id, first.id)).map((row) => row.action)).toEqual([
      'config.create',
      'config.delete',
      'config.restore',
    ]);
  });

  it('lists by type, table, tag and assignment, and reads meta and configs by ids', async () => {
    const a = await create(admin, {
      type: 'storytelling',
      label: 'Story A',
      tags: ['north', 'draft'],
      store: 'mutable_configs',
      assignment: 'draft',
    });
    const b = await create(admin, {
      type: 'storytelling',
      label: 'Story B',
      tags: ['south'],
      assignment: 'event:spring',
    });
    const byTag = await ok<ConfigDocumentList>(call(admin, 'GET', '/config-documents?tag=north'));
    expect(byTag.items.map((item) => item.id)).toEqual([a.id]);
    const byStore = await ok<ConfigDocumentList>(
      call(admin, 'GET', '/config-documents?type=storytelling&store=mutable_configs'),
    );
    expect(byStore.items.map((item) => item.id)).toEqual([a.id]);
    const byAssignment = await ok<{ items: ConfigDocumentDetail[] }>(
      call(admin, 'GET', '/config-documents/assignment/event:spring'),
    );
    expect(byAssignment.items.map((item) => [item.id, item.validation.valid])).toEqual([[b.id, true]]);

    const meta = await ok<Record<string, unknown>>(call(admin, 'GET', `/config-documents/${a.id}/meta`));
    expect(meta).toMatchObject({
      id: a.id,
      label: 'Story A',
      tags: ['north', 'draft'],
      store: 'mutable_configs',
      optionalData: null,
    });
    expect(meta).not.toHaveProperty('config');

    const byIds = await ok<{ items: ConfigDocumentDetail[] }>(
      call(admin, 'GET', `/config-documents/by-ids?ids=${b.id},${a.id},${randomUUID()}`),
    );
    expect(byIds.items.map((item) => item.id)).toEqual([b.id, a.id]);
    const onlyMutable = await ok<{ items: ConfigDocumentDetail[] }>(
      call(
        admin,
        'GET',
        `/config-documents/by-ids?ids=${b.id},${a.id}&store=mutable_configs&type=storytelling`,
      ),
    );
    expect(onlyMutable.items.map((item) => item.id)).toEqual([a.id]);
    expect((await call(admin, 'GET', '/config-documents/by-ids?ids=nope')).statusCode).toBe(400);
  });
});

describe('the document as an editor shows it', () => {
  it('comes back in its schema’s key order, whatever order jsonb keeps', async () => {
    const created = await create(admin, {
      type: 'site-card',
      label: 'Ordered',
      assignment: null,
      config: { elements: [{ formatting: { decimals: 1 }, dbPropertyName: 'size_ha', label: 'Area' }] },
    });
    const read = await ok<ConfigDocumentDetail>(call(admin, 'GET', `/config-documents/${created.id}`));
    const element = (read.config as { elements: object[] }).elements[0]!;
    expect(Object.keys(element)).toEqual(['label', 'dbPropertyName', 'formatting']);
  });
});

describe('links between configs (spec 03 §3.1, §5)', () => {
  it('resolves links before validation, and reports cycles and missing targets', async () => {
    const filters = await create(admin, {
      type: 'site-search',
      label: 'Shared filter',
      store: 'immutable_configs',
      assignment: 'shared',
      config: { filters: [wardFilter] },
    });
    // Linked inside a list, the other document lands where the link was, then validation judges
    // the whole: a Site search document is not a filter.
    const inside = await call(admin, 'POST', '/config-documents', {
      type: 'site-search',
      label: 'Linked search',
      assignment: null,
      config: {
        filters: [nameFilter, { type: 'LINK_TO_CONFIG', id: filters.id, table: 'immutable_configs' }],
      },
    });
    expect(inside.statusCode).toBe(400);
    expect(inside.json()).toMatchObject({
      message: 'Config is invalid',
      issues: [{ path: 'filters.1.type' }],
    });

    // Linked as the whole document it resolves and validates; the stored document keeps the link.
    const whole = await create(admin, {
      type: 'site-search',
      label: 'Whole link',
      assignment: null,
      config: { type: 'LINK_TO_CONFIG', id: filters.id, table: 'immutable_configs' },
    });
    expect(whole).toMatchObject({
      config: { type: 'LINK_TO_CONFIG', id: filters.id },
      resolved: { filters: [wardFilter] },
      validation: { valid: true },
    });

    // A link to the wrong table, or to nothing, does not exist.
    const wrongTable = await call(admin, 'POST', '/config-documents', {
      type: 'site-search',
      label: 'Wrong table',
      assignment: null,
      config: { type: 'LINK_TO_CONFIG', id: filters.id, table: 'configs' },
    });
    expect(wrongTable.statusCode).toBe(400);
    expect(wrongTable.json()).toEqual({
      message: 'Config is invalid',
      issues: [{ path: '', message: `Config does not exist: ${filters.id}` }],
    });

    // A cycle: A links to B, then B is changed to link back to A.
    const a = await create(admin, { type: 'layers-order', label: 'A', assignment: null });
    const b = await create(admin, {
      type: 'layers-order',
      label: 'B',
      assignment: null,
      config: { type: 'LINK_TO_CONFIG', id: a.id, table: 'configs' },
    });
    const cycle = await call(admin, 'PUT', `/config-documents/${a.id}`, {
      config: { type: 'LINK_TO_CONFIG', id: b.id, table: 'configs' },
      expectedVersion: 1,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().issues).toEqual([
      { path: '', message: `Config link cycle: ${a.id} → ${b.id} → ${a.id}` },
    ]);

    // A deleted target is missing: the detail says so rather than failing.
    await ok(call(admin, 'DELETE', `/config-documents/${a.id}`));
    const dangling = await ok<ConfigDocumentDetail>(call(admin, 'GET', `/config-documents/${b.id}`));
    expect(dangling).toMatchObject({
      resolved: null,
      validation: { valid: false, message: `Config does not exist: ${a.id}` },
    });
  });
});

describe('the screens’ readers (GET and PUT /configs/:type)', () => {
  it('PUT /configs/:type saves the live document as a new version with an audit row', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    const theirAdmin = await signIn(t.app, council.name, council.email('admin'));
    await ok(
      call(theirAdmin, 'PUT', '/configs/layers-order', { groups: [{ groupName: 'A', layersOrder: [] }] }),
    );
    const saved = await ok<{ id: string }>(
      call(theirAdmin, 'PUT', '/configs/layers-order', { groups: [{ groupName: 'B', layersOrder: [] }] }),
    );
    // Saving the same again changes nothing.
    await ok(
      call(theirAdmin, 'PUT', '/configs/layers-order', { groups: [{ groupName: 'B', layersOrder: [] }] }),
    );
    const versions = await ok<{ items: ConfigVersion[] }>(
      call(theirAdmin, 'GET', `/config-documents/${saved.id}/versions`),
    );
    expect(versions.items.map((v) => [v.version, v.action, v.summary])).toEqual([
      [2, 'update', 'groups.0.groupName changed'],
      [1, 'create', 'Created'],
    ]);
    const audit = await auditRows(council.id, saved.id);
    expect(audit.map((row) => [row.action, row.summary])).toEqual([
      ['layer-config.update', 'Created the Layers order config (version 1): groups added'],
      ['layer-config.update', 'Changed the Layers order config (version 2): groups.0.groupName changed'],
    ]);
    // Rolling back through the documents API is what the screens then read.
    await ok(call(theirAdmin, 'POST', `/config-documents/${saved.id}/rollback`, { version: 1 }));
    const read = await ok<{ config: unknown }>(call(theirAdmin, 'GET', '/configs/layers-order'));
    expect(read.config).toEqual({ groups: [{ groupName: 'A', layersOrder: [] }] });
  });

  it('GET /configs/:type serves the live document with its links resolved', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    const theirAdmin = await signIn(t.app, council.name, council.email('admin'));
    const theirOfficer = await signIn(t.app, council.name, council.email('officer'));
    const shared = await create(theirAdmin, {
      type: 'site-card',
      label: 'Shared card',
      assignment: 'library',
      store: 'immutable_configs',
      config: { elements: [{ label: 'Ward', dbPropertyName: 'ward' }] },
    });
    const live = await create(theirAdmin, {
      type: 'site-card',
      label: 'Card',
      config: { type: 'LINK_TO_CONFIG', id: shared.id, table: 'immutable_configs' },
    });
    expect(live.assignment).toBe('tenant');
    const read = await ok<{ id: string; config: unknown }>(call(theirOfficer, 'GET', '/configs/site-card'));
    expect(read).toEqual(
      expect.objectContaining({
        id: live.id,
        config: { elements: [{ label: 'Ward', dbPropertyName: 'ward' }] },
      }),
    );
    // Deleted, the council has none: the spec's message.
    await ok(call(theirAdmin, 'DELETE', `/config-documents/${live.id}`));
    const gone = await call(theirOfficer, 'GET', '/configs/site-card');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Site card config does not exist' });
  });
});

describe('councils and permissions', () => {
  it('answers 404 for another council’s config, and never changes it', async () => {
    const mine = await create(admin, { type: 'public-web-map', label: 'Ours' });
    const theirs = { 'Config is not found: 404': true };
    for (const [method, url, payload] of [
      ['GET', `/config-documents/${mine.id}`],
      ['GET', `/config-documents/${mine.id}/meta`],
      ['GET', `/config-documents/${mine.id}/versions`],
      ['GET', `/config-documents/${mine.id}/versions/1`],
      ['PUT', `/config-documents/${mine.id}`, { config: mine.config, expectedVersion: 1 }],
      ['DELETE', `/config-documents/${mine.id}`],
      ['POST', `/config-documents/${mine.id}/restore`],
      ['POST', `/config-documents/${mine.id}/rollback`, { version: 1 }],
    ] as const) {
      const answer = await call(otherAdmin, method, url, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(theirs[answer.json().message as keyof typeof theirs], answer.body).toBe(true);
    }
    const byIds = await ok<{ items: unknown[] }>(
      call(otherAdmin, 'GET', `/config-documents/by-ids?ids=${mine.id}`),
    );
    expect(byIds.items).toEqual([]);
    // A link to another council's config does not resolve either.
    const across = await call(otherAdmin, 'POST', '/config-documents', {
      type: 'public-web-map',
      label: 'Theirs',
      config: { type: 'LINK_TO_CONFIG', id: mine.id, table: 'configs' },
    });
    expect(across.statusCode).toBe(400);
    expect(across.json().issues[0].message).toBe(`Config does not exist: ${mine.id}`);
    expect((await ok<ConfigDocumentDetail>(call(admin, 'GET', `/config-documents/${mine.id}`))).version).toBe(
      1,
    );
  });

  it('is for administrators only', async () => {
    expect((await call(officer, 'GET', '/config-documents')).statusCode).toBe(403);
    expect(
      (await call(officer, 'POST', '/config-documents', { type: 'site-card', label: 'x' })).statusCode,
    ).toBe(403);
    expect((await call(officer, 'GET', '/config-templates')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/config-documents',
      headers: { 'x-tenant': tenant.name },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers an unknown config or version with its message', async () => {
    const unknown = await call(admin, 'GET', `/config-documents/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Config is not found: 404' });
    const created = await create(admin, { type: 'map-metadata-card', label: 'Card', assignment: null });
    const version = await call(admin, 'GET', `/config-documents/${created.id}/versions/9`);
    expect(version.statusCode).toBe(404);
    expect(version.json()).toEqual({ message: 'Version 9 does not exist' });
    const rollback = await call(admin, 'POST', `/config-documents/${created.id}/rollback`, { version: 9 });
    expect(rollback.statusCode).toBe(404);
  });
});

describe('the history tables', () => {
  it('keeps config versions append-only for the application role', async () => {
    const created = await create(admin, { type: 'interactive-map', label: 'Town', assignment: null });
    const refusal = (statement: ReturnType<typeof sql>) =>
      withTenant(t.database.db, tenant.id, async (trx) => {
        await statement.execute(trx);
        return null;
      }).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    expect(
      await refusal(sql`update config_versions set summary = 'x' where config_id = ${created.id}`),
    ).toMatch(/permission denied/);
    expect(await refusal(sql`delete from config_versions where config_id = ${created.id}`)).toMatch(
      /permission denied/,
    );
    expect(await refusal(sql`delete from configs where id = ${created.id}`)).toMatch(/permission denied/);
  });

  it('seeds a council’s document once, and never over an admin’s', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    await seedConfig(t.database.db, council.id, 'site-card', defaultConfigs['site-card']);
    await seedConfig(t.database.db, council.id, 'site-card', { elements: [] });
    const rows = await withTenant(t.database.db, council.id, (trx) =>
      trx.selectFrom('configs').select(['config', 'version', 'assignment']).execute(),
    );
    expect(rows).toEqual([{ config: defaultConfigs['site-card'], version: 1, assignment: 'tenant' }]);
  });
});
