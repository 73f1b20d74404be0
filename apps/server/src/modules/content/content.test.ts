import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let officer: SignedIn;
let otherAdmin: SignedIn;
let tenantId: string;
let otherTenantId: string;
let tenantName: string;
let floodId: string;
let draftId: string;
let foreignId: string;

async function makeLayer(council: string, layerName: string, publicVisible: boolean): Promise<string> {
  return withTenant(t.database.db, council, async (trx) => {
    const layer = await trx
      .insertInto('layers')
      .values({
        tenant_id: council,
        layer_name: layerName,
        title: layerName,
        public_webmap_visibility: publicVisible,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return layer.id;
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  const other = await buildTenantWithUsers(t.database.db);
  tenantId = tenant.id;
  tenantName = tenant.name;
  otherTenantId = other.id;
  [admin, officer, otherAdmin] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, other.name, other.email('admin')),
  ]);
  floodId = await makeLayer(tenantId, 'flood_zones', true);
  draftId = await makeLayer(tenantId, 'draft_allocations', false);
  foreignId = await makeLayer(otherTenantId, 'their_layer', true);
}, 60_000);
afterAll(() => t?.close());

const get = (as: SignedIn, type: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/configs/${type}`, headers: as.headers() });
const put = (as: SignedIn, type: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/configs/${type}`,
    headers: as.headers(),
    payload: payload as object,
  });
const storedRows = async (council: string) =>
  withTenant(t.database.db, council, (trx) =>
    trx.selectFrom('configs').select(['config_type', 'config']).orderBy('config_type').execute(),
  );

describe('layer config documents (spec 03 §3.1–3.3)', () => {
  it('gives a council without one the empty defaults, so every map works', async () => {
    const expected = {
      'map-metadata-card': { fields_config: [] },
      'layers-order': { groups: [] },
      'layer-tree-tooltips': { tooltips: [] },
    };
    for (const [type, config] of Object.entries(expected)) {
      const answer = await get(officer, type);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ id: null, type, config, updatedAt: null });
    }
    // Other types still say they do not exist (spec 03 §8).
    const missing = await get(officer, 'site-search');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Site search config does not exist' });
  });

  it('saves an admin’s document, and every map reads it back', async () => {
    const card = {
      fields_config: [
        {
          layerId: floodId,
          layerTheme: 'Flooding',
          fields: [
            { label: 'Zone', value: 'zone' },
            { label: 'Reference', value: 'ref' },
          ],
        },
      ],
    };
    const saved = await put(admin, 'map-metadata-card', card);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      type: 'map-metadata-card',
      label: 'Map metadata card',
      config: card,
    });
    expect(saved.json().id).toEqual(expect.any(String));

    const read = await get(officer, 'map-metadata-card');
    expect(read.json().config).toEqual(card);
    // Saving again replaces the one document.
    const tooltips = { tooltips: [{ id: floodId, tooltip: 'Environment Agency flood zones, 2024' }] };
    expect((await put(admin, 'layer-tree-tooltips', tooltips)).statusCode).toBe(200);
    expect((await put(admin, 'layer-tree-tooltips', { tooltips: [] })).statusCode).toBe(200);
    const rows = await storedRows(tenantId);
    expect(rows.map((row) => row.config_type)).toEqual(['layer-tree-tooltips', 'map-metadata-card']);
    expect(rows[0]?.config).toEqual({ tooltips: [] });
  });

  it('keeps the groups and order of the layers order', async () => {
    const order = {
      groups: [
        { groupName: 'Constraints', layersOrder: [draftId, floodId] },
        { groupName: 'Empty for now', layersOrder: [] },
      ],
    };
    const saved = await put(admin, 'layers-order', order);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(officer, 'layers-order')).json().config).toEqual(order);
  });

  it('refuses invalid documents with their problems, and changes nothing', async () => {
    const before = await storedRows(tenantId);
    const blank = await put(admin, 'layer-tree-tooltips', { tooltips: [{ id: floodId, tooltip: '  ' }] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Config is invalid');
    expect(blank.json().issues).toEqual([{ path: 'tooltips.0.tooltip', message: 'Enter a tooltip' }]);

    const twice = await put(admin, 'layers-order', {
      groups: [
        { groupName: 'A', layersOrder: [floodId] },
        { groupName: 'B', layersOrder: [floodId] },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({
      message: 'Config is invalid',
      issues: [{ path: 'groups.1.layersOrder.0', message: 'A layer appears more than once' }],
    });

    const wrongShape = await put(admin, 'map-metadata-card', { fields: 'zone' });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().issues[0].path).toBe('fields_config');

    const notAnObject = await put(admin, 'map-metadata-card', [1, 2]);
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().message).toBe('Payload data is invalid');

    // Only the layer configs are edited here.
    const otherType = await put(admin, 'site-search', { filters: [] });
    expect(otherType.statusCode).toBe(400);

    expect(await storedRows(tenantId)).toEqual(before);
  });

  it('refuses a layer the council does not have, another council’s included', async () => {
    const unknown = randomUUID();
    const answer = await put(admin, 'layer-tree-tooltips', {
      tooltips: [
        { id: floodId, tooltip: 'Flood zones' },
        { id: unknown, tooltip: 'Nothing' },
      ],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: `The layer ${unknown} does not exist`,
      issues: [{ path: 'tooltips.1.id', message: `The layer ${unknown} does not exist` }],
    });

    const foreign = await put(admin, 'map-metadata-card', {
      fields_config: [{ layerId: foreignId, fields: [{ label: 'Name', value: 'name' }] }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`The layer ${foreignId} does not exist`);
  });

  it('lets only administrators save', async () => {
    const answer = await put(officer, 'layer-tree-tooltips', { tooltips: [] });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: 'Not authorized' });
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/configs/layer-tree-tooltips',
      headers: { 'x-tenant': tenantName },
      payload: { tooltips: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps each council’s documents apart', async () => {
    // The other council reads its own (the defaults), never this one's.
    const theirs = await get(otherAdmin, 'map-metadata-card');
    expect(theirs.json()).toMatchObject({ id: null, config: { fields_config: [] } });
    // And saving writes its own row: this council's document is untouched.
    const mine = (await get(admin, 'layers-order')).json().config;
    const saved = await put(otherAdmin, 'layers-order', {
      groups: [{ groupName: 'Theirs', layersOrder: [foreignId] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(admin, 'layers-order')).json().config).toEqual(mine);
    // A layer of this council is unknown over there.
    const across = await put(otherAdmin, 'layer-tree-tooltips', {
      tooltips: [{ id: floodId, tooltip: 'x' }],
    });
    expect(across.statusCode).toBe(400);
    expect((await storedRows(otherTenantId)).map((row) => row.config_type)).toEqual(['layers-order']);
  });
});

describe('layer configs for the public web map (no sign-in)', () => {
  const publicGet = (type: string, tenant = tenantName) =>
    t.app.inject({ method: 'GET', url: `/api/v1/public/configs/${type}`, headers: { 'x-tenant': tenant } });

  it('gives only what concerns layers shown on the public web map', async () => {
    expect(
      (
        await put(admin, 'layer-tree-tooltips', {
          tooltips: [
            { id: floodId, tooltip: 'Where rivers may flood' },
            { id: draftId, tooltip: 'Draft allocations, not yet published' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await put(admin, 'layers-order', {
          groups: [
            { groupName: 'Draft', layersOrder: [draftId] },
            { groupName: 'Constraints', layersOrder: [floodId] },
          ],
        })
      ).statusCode,
    ).toBe(200);

    const tooltips = await publicGet('layer-tree-tooltips');
    expect(tooltips.statusCode, tooltips.body).toBe(200);
    expect(tooltips.json()).toEqual({
      id: null,
      type: 'layer-tree-tooltips',
      label: 'Layer tree tooltips',
      config: { tooltips: [{ id: floodId, tooltip: 'Where rivers may flood' }] },
      updatedAt: null,
    });
    expect((await publicGet('layers-order')).json().config).toEqual({
      groups: [{ groupName: 'Constraints', layersOrder: [floodId] }],
    });
    expect((await publicGet('site-search')).statusCode).toBe(400);
  });
});
