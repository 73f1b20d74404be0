import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colorProblem, defaultLayerStyle, layerStyleMessages } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { auditRows } from '../audit/audit.testing';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let viewer: SignedIn;
let otherAdmin: SignedIn;
let tenantId: string;
let visibleId: string;
let hiddenId: string;

async function makeLayer(layerName: string, placemakerVisibility: boolean): Promise<string> {
  return withTenant(t.database.db, tenantId, async (trx) => {
    const layer = await trx
      .insertInto('layers')
      .values({
        tenant_id: tenantId,
        layer_name: layerName,
        title: layerName.replace('_', ' '),
        placemaker_visibility: placemakerVisibility,
        style: JSON.stringify(defaultLayerStyle('polygon', '#d4380d')),
        fields: JSON.stringify([{ name: 'name', type: 'string' }]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into layer_features (tenant_id, layer_id, properties, geom)
      values (${tenantId}, ${layer.id}, '{"name":"a"}', ST_MakeEnvelope(530000, 180000, 530100, 180100, 27700))`.execute(
      trx,
    );
    return layer.id;
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  tenantId = tenant.id;
  const other = await buildTenantWithUsers(t.database.db);
  [admin, viewer, otherAdmin] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('viewer')),
    signIn(t.app, other.name, other.email('admin')),
  ]);
  visibleId = await makeLayer('green_belt', true);
  hiddenId = await makeLayer('draft_layer', false);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const call = (as: SignedIn, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: as.headers(), payload });

describe('colour rules (spec 03 §5)', () => {
  it.each([
    ['#abc', null],
    ['#A1B2C3', null],
    ['rgb(255, 0, 12)', null],
    ['rgba(1,2,3,0.5)', null],
    ['#abcd', layerStyleMessages.invalidHexColor],
    ['#12345', layerStyleMessages.invalidHexColor],
    ['rgb(256,0,0)', layerStyleMessages.invalidColor],
    ['rgba(1,2,3,1.5)', layerStyleMessages.invalidColor],
    ['red', layerStyleMessages.invalidColor],
  ])('%s', (color, problem) => {
    expect(colorProblem(color)).toBe(problem);
  });
});

describe('layers metadata API', () => {
  it("lists the viewer's layer set, and every layer for layer admins", async () => {
    const map = await call(viewer, 'GET', '/layers');
    expect(map.statusCode).toBe(200);
    expect(map.json().layers.map((layer: { id: string }) => layer.id)).toEqual([visibleId]);
    expect((await call(viewer, 'GET', '/layers?scope=admin')).statusCode).toBe(403);
    const all = await call(admin, 'GET', '/layers?scope=admin');
    expect(
      all
        .json()
        .layers.map((layer: { id: string }) => layer.id)
        .sort(),
    ).toEqual([visibleId, hiddenId].sort());
    const one = await call(admin, 'GET', `/layers/${visibleId}`);
    expect(one.json()).toMatchObject({
      layerName: 'green_belt',
      geometryType: 'polygon',
      style: { type: 'fill' },
    });
    // Another council's layer is not found.
    expect((await call(otherAdmin, 'GET', `/layers/${visibleId}`)).statusCode).toBe(404);
  });

  it('updates metadata and style, refusing a bad colour, and bumps the version on every write', async () => {
    const before = (await call(admin, 'GET', `/layers/${visibleId}`)).json<{ version: number }>().version;
    const bad = await call(admin, 'PUT', `/layers/${visibleId}`, {
      style: { type: 'fill', paint: { 'fill-color': '#abcd' }, layout: {} },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Invalid HEX color');
    const badFilter = await call(admin, 'PUT', `/layers/${visibleId}`, {
      style: { type: 'fill', paint: {}, layout: {}, filter: ['all', 'yes'] },
    });
    expect(badFilter.statusCode).toBe(400);
    expect(JSON.stringify(badFilter.json())).toContain('is not valid as a child');
    const good = await call(admin, 'PUT', `/layers/${visibleId}`, {
      title: 'Metropolitan green belt',
      category: 'Constraints',
      placemakerDescription: 'Land kept open',
      publicWebmapVisibility: true,
      zIndex: 5,
      addOnMap: true,
      tags: ['nature', 'policy', 'nature'],
      style: {
        type: 'fill',
        paint: { 'fill-color': 'rgb(0, 128, 0)', 'fill-opacity': 0.4 },
        layout: {},
        filter: ['==', ['get', 'name'], 'a'],
      },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({
      title: 'Metropolitan green belt',
      publicWebmapVisibility: true,
      zIndex: 5,
      addOnMap: true,
      tags: ['nature', 'policy'],
      version: before + 1,
      style: { paint: { 'fill-color': 'rgb(0, 128, 0)' } },
    });
    expect((await call(viewer, 'PUT', `/layers/${visibleId}`, { title: 'x' })).statusCode).toBe(403);
    // Audited with the fields that moved, before and after; the refused writes left no row.
    const audited = await auditRows(t.database.db, tenantId, 'layer.update');
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actor_email: expect.stringMatching(/^admin@/),
      target_type: 'layer',
      target_id: visibleId,
      summary: "Changed layer 'Metropolitan green belt'",
    });
    const details = audited[0]?.details as {
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    };
    expect(details.before).toMatchObject({ title: 'green belt', zIndex: 0, addOnMap: false });
    expect(details.after).toMatchObject({ title: 'Metropolitan green belt', zIndex: 5, addOnMap: true });
    expect(Object.keys(details.after)).not.toContain('featureCount');
  });

  it('keeps themes and groups layers by them', async () => {
    const created = await call(admin, 'POST', '/layers/themes', { name: 'Environment', orderIndex: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const theme = created.json<{ id: string }>();
    expect((await call(admin, 'POST', '/layers/themes', { name: 'environment' })).statusCode).toBe(409);
    expect((await call(admin, 'PUT', `/layers/${visibleId}`, { themeId: theme.id })).statusCode).toBe(200);
    const grouped = await call(viewer, 'GET', '/layers/grouped');
    expect(grouped.json().groups).toEqual([
      expect.objectContaining({
        theme: expect.objectContaining({ name: 'Environment' }),
        layers: [expect.objectContaining({ id: visibleId, themeName: 'Environment' })],
      }),
    ]);
    const renamed = await call(admin, 'PUT', `/layers/themes/${theme.id}`, { name: 'Natural environment' });
    expect(renamed.json()).toMatchObject({ name: 'Natural environment' });
    const info = await call(admin, 'GET', '/geodata-info');
    expect(info.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ layerId: visibleId, parentId: theme.id })]),
    );
    expect((await call(admin, 'DELETE', `/layers/themes/${theme.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/layers/${visibleId}`)).json()).toMatchObject({ themeId: null });
    const rows = await Promise.all(
      (['layer-theme.create', 'layer-theme.update', 'layer-theme.delete'] as const).map(async (action) =>
        (await auditRows(t.database.db, tenantId, action)).map((row) => row.summary),
      ),
    );
    expect(rows).toEqual([
      ["Created layer theme 'Environment'"],
      ["Changed layer theme 'Natural environment'"],
      ["Deleted layer theme 'Natural environment'"],
    ]);
    expect((await auditRows(t.database.db, tenantId, 'layer-theme.update'))[0]?.details).toEqual({
      before: { name: 'Environment' },
      after: { name: 'Natural environment' },
    });
  });

  it('renames a layer, refusing a name already taken', async () => {
    const renamed = await call(admin, 'POST', '/geodata/rename', {
      layerId: hiddenId,
      layerName: 'draft_two',
      title: 'Draft',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ layerName: 'draft_two', title: 'Draft' });
    const taken = await call(admin, 'POST', '/geodata/rename', {
      layerId: hiddenId,
      layerName: 'green_belt',
    });
    expect(taken.statusCode).toBe(409);
    const audited = await auditRows(t.database.db, tenantId, 'layer.rename');
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      target_id: hiddenId,
      summary: "Renamed layer 'draft layer' to 'Draft'",
      details: {
        before: { layerName: 'draft_layer', title: 'draft layer' },
        after: { layerName: 'draft_two', title: 'Draft' },
      },
    });
  });

  it('deletes a layer with its features', async () => {
    expect((await call(viewer, 'DELETE', `/layers/${hiddenId}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/layers/${hiddenId}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/layers/${hiddenId}`)).statusCode).toBe(404);
    const left = await withTenant(t.database.db, tenantId, (trx) =>
      trx.selectFrom('layer_features').select('id').where('layer_id', '=', hiddenId).execute(),
    );
    expect(left).toHaveLength(0);
    expect(await auditRows(t.database.db, tenantId, 'layer.delete')).toEqual([
      expect.objectContaining({
        actor_email: expect.stringMatching(/^admin@/),
        target_type: 'layer',
        target_id: hiddenId,
        summary: "Deleted layer 'Draft' (draft_two)",
      }),
    ]);
  });
});
