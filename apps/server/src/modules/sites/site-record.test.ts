import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { emptyHistoryText, serverMessages, siteMessages } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_SCENARIO, demoDistrict } from './sites.generator';
import { seedSites } from './sites.seed';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let officer: SignedIn;
let admin: SignedIn;
let viewer: SignedIn;
let otherOfficer: SignedIn;
let baseIds: string[];
/** A site that also has a row in the demo scenario, and that row. */
let twin: { base: string; scenario: string };
/** [west, south, east, north] of all the council's sites, in WGS84. */
let extent: [number, number, number, number];

beforeAll(async () => {
  t = await buildTestApp(process.env.DEBUG_LOG ? { logStream: process.stderr } : {});
  tenant = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, tenant.id, demoDistrict, 40);
  const other = await buildTenantWithUsers(t.database.db);
  [officer, admin, viewer, otherOfficer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('viewer')),
    signIn(t.app, other.name, other.email('officer')),
  ]);
  await withTenant(t.database.db, tenant.id, async (trx) => {
    const { rows } = await sql<{ id: string }>`select id::text as id from sites
      where scenario_name = 'Base' and id_unique not in (select id_unique from sites where scenario_name <> 'Base')
      order by id limit 12`.execute(trx);
    baseIds = rows.map((row) => row.id);
    const { rows: twins } = await sql<{ base: string; scenario: string }>`
      select b.id::text as base, s.id::text as scenario from sites b join sites s on s.id_unique = b.id_unique
      where b.scenario_name = 'Base' and s.scenario_name = ${DEMO_SCENARIO} order by b.id limit 1`.execute(
      trx,
    );
    twin = twins[0]!;
    const { rows: box } = await sql<{ box: [number, number, number, number] }>`
      select json_build_array(ST_XMin(b), ST_YMin(b), ST_XMax(b), ST_YMax(b)) as box
      from (select ST_Extent(ST_Transform(geom, 4326)) as b from sites) as e`.execute(trx);
    extent = box[0]!.box;
  });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  who: SignedIn,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers(headers),
    ...(payload ? { payload } : {}),
  });

const readSite = async (id: string) => {
  const answer = await call(officer, 'GET', `/site/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

const historyCount = (siteId: string) =>
  withTenant(t.database.db, tenant.id, async (trx) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from site_history where site_id = ${siteId}`.execute(trx)
      ).rows[0]!.n,
    ),
  );

const dataVersion = () =>
  withTenant(t.database.db, tenant.id, async (trx) =>
    Number(
      (
        await sql<{
          v: string;
        }>`select coalesce((select version from site_data_versions), 1)::text as v`.execute(trx)
      ).rows[0]!.v,
    ),
  );

/** A square of `size` degrees with its south-west corner here. */
const square = (west: number, south: number, size = 0.001) => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});

describe('GET /site/{id} and /site/v2/{id} (spec 01 §3, §7)', () => {
  it('answers the site with its fields, tags, outline in WGS84 and its version as the ETag', async () => {
    const answer = await call(viewer, 'GET', `/site/${baseIds[0]}`);
    expect(answer.statusCode).toBe(200);
    const site = answer.json();
    expect(answer.headers.etag).toBe(`"${site.version}"`);
    expect(site).toMatchObject({ id: baseIds[0], scenario_name: 'Base', is_deleted: false, overrides: [] });
    expect(site.wkb_geometry.type).toBe('MultiPolygon');
    expect(typeof site.properties.size_ha).toBe('number');
    expect(site.properties).toHaveProperty('assessment_date');
    expect(site.properties).not.toHaveProperty('tags');
    const [west, south, east, north] = site.bbox as number[];
    expect(west).toBeLessThan(east!);
    expect(south).toBeGreaterThan(49);
    expect(north).toBeLessThan(61);
  });

  it("answers the same site's row in another scenario, with the first page of its history", async () => {
    const answer = await call(
      viewer,
      'GET',
      `/site/v2/${twin.base}?scenario=${encodeURIComponent(DEMO_SCENARIO)}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().site).toMatchObject({ id: twin.scenario, scenario_name: DEMO_SCENARIO });
    expect(answer.json().history).toEqual({ items: [], nextCursor: null });
    const missing = await call(
      viewer,
      'GET',
      `/site/v2/${baseIds[0]}?scenario=${encodeURIComponent(DEMO_SCENARIO)}`,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(siteMessages.scenarioMissing);
  });

  it("answers 404 'Non-existing id' for another council's site and 400 for an id that is not a number", async () => {
    const foreign = await call(otherOfficer, 'GET', `/site/${baseIds[0]}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: serverMessages.nonExistingId });
    expect((await call(officer, 'GET', '/site/abc')).statusCode).toBe(400);
  });
});

describe('PUT /site/{id}: inline edits (spec 01 §4, §5; issue 11 points 1–2)', () => {
  it("refuses a number outside the field's range with 'Not in range {min} - {max}', changing nothing", async () => {
    const site = await readSite(baseIds[1]!);
    const before = await historyCount(baseIds[1]!);
    const answer = await call(officer, 'PUT', `/site/${baseIds[1]}`, {
      column_name_raw: 'optimised_unit_capacity',
      new_value: 200_000,
      override_reason: 'Site visit',
      version: site.version,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Not in range 0 - 100000');
    expect(await historyCount(baseIds[1]!)).toBe(before);
    expect((await readSite(baseIds[1]!)).version).toBe(site.version);
  });

  it('saves a value with its EDIT history item (field|old|new) and bumps the data version', async () => {
    const site = await readSite(baseIds[1]!);
    const versionBefore = await dataVersion();
    const answer = await call(officer, 'PUT', `/site/${baseIds[1]}`, {
      column_name_raw: 'suitable_area',
      new_value: '1.25',
      version: site.version,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { site: saved, history } = answer.json();
    expect(saved.properties.suitable_area).toBe(1.25);
    expect(saved.version).toBe(site.version + 1);
    expect(answer.headers.etag).toBe(`"${saved.version}"`);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      type: 'EDIT',
      user_name: expect.any(String),
      edit_content: `suitable_area|${site.properties.suitable_area}|1.25`,
      edit: { field: 'suitable_area', label: 'Suitable area', new: '1.25' },
    });
    expect(await dataVersion()).toBeGreaterThan(versionBefore);
    const timeline = (await call(viewer, 'GET', `/site/${baseIds[1]}/timeline?type=EDIT`)).json();
    expect(timeline.items[0].id).toBe(history[0].id);
  });

  it('refuses an edit made on a version that is no longer current with 409, leaving the first edit in place', async () => {
    const site = await readSite(baseIds[2]!);
    const first = await call(officer, 'PUT', `/site/${baseIds[2]}`, {
      column_name_raw: 'site_name',
      new_value: 'Land at Mill Lane',
      version: site.version,
    });
    expect(first.statusCode).toBe(200);
    const before = await historyCount(baseIds[2]!);
    const second = await call(admin, 'PUT', `/site/${baseIds[2]}`, {
      column_name_raw: 'site_name',
      new_value: 'Mill Lane Field',
      version: site.version,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(siteMessages.changedSinceRead);
    expect((await readSite(baseIds[2]!)).properties.site_name).toBe('Land at Mill Lane');
    expect(await historyCount(baseIds[2]!)).toBe(before);
  });

  it('takes the version from If-Match, and asks for one when none is sent', async () => {
    const site = await readSite(baseIds[3]!);
    const missing = await call(officer, 'PUT', `/site/${baseIds[3]}`, {
      column_name_raw: 'ward',
      new_value: 'North',
    });
    expect(missing.statusCode).toBe(428);
    expect(missing.json().message).toBe(siteMessages.versionRequired);
    const byHeader = await call(
      officer,
      'PUT',
      `/site/${baseIds[3]}`,
      { column_name_raw: 'ward', new_value: 'North' },
      { 'if-match': `"${site.version}"` },
    );
    expect(byHeader.statusCode, byHeader.body).toBe(200);
    expect(byHeader.json().site.properties.ward).toBe('North');
  });

  it.each([
    ['25 December 2026', '2026-12-25'],
    ['December 25, 2026', '2026-12-25'],
    ['2026-12-25', '2026-12-25'],
    ['25/12/2026', '2026-12-25'],
    ['2026/12/25', '2026-12-25'],
    ['December 2026', '2026-12-01'],
  ])('accepts the date %s and stores it as %s', async (typed, stored) => {
    const site = await readSite(baseIds[4]!);
    const answer = await call(officer, 'PUT', `/site/${baseIds[4]}`, {
      column_name_raw: 'assessment_date',
      new_value: typed,
      version: site.version,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().site.properties.assessment_date).toBe(stored);
    const raw = await withTenant(
      t.database.db,
      tenant.id,
      async (trx) =>
        (
          await sql<{
            v: string;
          }>`select attributes ->> 'assessment_date' as v from sites where id = ${baseIds[4]}`.execute(trx)
        ).rows[0]!.v,
    );
    expect(raw).toBe(stored);
  });

  it('refuses a date in another form, an option not in the list and a field the council does not have', async () => {
    const site = await readSite(baseIds[4]!);
    const edit = (column: string, value: unknown) =>
      call(officer, 'PUT', `/site/${baseIds[4]}`, {
        column_name_raw: column,
        new_value: value,
        version: site.version,
      });
    const date = await edit('assessment_date', '12-25-2026');
    expect(date.statusCode).toBe(400);
    expect(date.json().message).toBe(siteMessages.notADate);
    const option = await edit('accessibility_band', 'Z');
    expect(option.statusCode).toBe(400);
    expect(option.json().message).toBe(siteMessages.notAnOption);
    const unknown = await edit('no_such_field', 'x');
    expect(unknown.json()).toMatchObject({ message: siteMessages.fieldUnknown });
    const tags = await edit('tags', 'x');
    expect(tags.json()).toMatchObject({ message: siteMessages.fieldNotEditable });
  });

  it("changes every scenario's row when should_update_all_scenarios is set, and only this one otherwise", async () => {
    const base = await readSite(twin.base);
    const only = await call(officer, 'PUT', `/site/${twin.base}`, {
      column_name_raw: 'status',
      new_value: 'Assessed',
      version: base.version,
    });
    expect(only.statusCode, only.body).toBe(200);
    expect((await readSite(twin.scenario)).properties.status).not.toBe('Assessed');
    const all = await call(officer, 'PUT', `/site/${twin.base}`, {
      column_name_raw: 'site_name',
      new_value: 'Twin Farm',
      should_update_all_scenarios: true,
      version: only.json().site.version,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect((await readSite(twin.scenario)).properties.site_name).toBe('Twin Farm');
    const scenarioHistory = (await call(viewer, 'GET', `/site/${twin.scenario}/timeline`)).json();
    expect(scenarioHistory.items[0].edit).toMatchObject({ field: 'site_name', new: 'Twin Farm' });
  });

  it('ignores a user name sent by the client: history names the signed-in user', async () => {
    const site = await readSite(baseIds[5]!);
    const answer = await call(officer, 'PUT', `/site/${baseIds[5]}`, {
      column_name_raw: 'parish',
      new_value: 'Upton',
      user_name: 'Somebody Else',
      user_id: '00000000-0000-0000-0000-000000000000',
      version: site.version,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().history[0].user_name).not.toBe('Somebody Else');
  });
});

describe('officer overrides of calculated values (issue 11 point 2)', () => {
  it('needs a reason, keeps the calculated value, and can be reverted', async () => {
    const site = await readSite(baseIds[6]!);
    const calculated = site.properties.optimised_unit_capacity as number;
    const noReason = await call(officer, 'PUT', `/site/${baseIds[6]}`, {
      column_name_raw: 'optimised_unit_capacity',
      new_value: calculated + 5,
      version: site.version,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(siteMessages.overrideReasonRequired);

    const overridden = await call(officer, 'PUT', `/site/${baseIds[6]}`, {
      column_name_raw: 'optimised_unit_capacity',
      new_value: calculated + 5,
      override_reason: 'Access road limits the layout',
      version: site.version,
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    const saved = overridden.json();
    expect(saved.site.properties.optimised_unit_capacity).toBe(calculated + 5);
    expect(saved.site.overrides).toEqual([
      expect.objectContaining({
        field: 'optimised_unit_capacity',
        computedValue: calculated,
        value: calculated + 5,
        reason: 'Access road limits the layout',
      }),
    ]);
    expect(saved.history[0]).toMatchObject({
      override_reason: 'Access road limits the layout',
      edit: { old: String(calculated), new: String(calculated + 5) },
    });

    const reverted = await call(officer, 'DELETE', `/site/${baseIds[6]}/overrides/optimised_unit_capacity`, {
      version: saved.site.version,
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json().site.properties.optimised_unit_capacity).toBe(calculated);
    expect(reverted.json().site.overrides).toEqual([]);
    expect(reverted.json().history[0]).toMatchObject({
      content: 'Override reverted to the calculated value',
    });
    const again = await call(officer, 'DELETE', `/site/${baseIds[6]}/overrides/optimised_unit_capacity`, {
      version: reverted.json().site.version,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(siteMessages.noOverride);
  });
});

describe('notes and the timeline (spec 01 §4, §5, §7)', () => {
  it('refuses a note of 2 characters or fewer with its message', async () => {
    const answer = await call(officer, 'POST', `/site/${baseIds[7]}/notes`, { note_content: '  ok  ' });
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain(siteMessages.noteTooShort);
  });

  it('saves a note by the signed-in user; only its author may edit or delete it', async () => {
    const added = await call(officer, 'POST', `/site/${baseIds[7]}/notes`, {
      note_content: 'Visited: access is narrow',
    });
    expect(added.statusCode, added.body).toBe(201);
    const note = added.json();
    expect(note.note_content).toBe('Visited: access is narrow');
    const notes = (await call(viewer, 'GET', `/site/${baseIds[7]}/notes`)).json().notes;
    expect(notes.map((item: { id: string }) => item.id)).toContain(note.id);

    const byOther = await call(admin, 'PUT', `/site/${baseIds[7]}/notes/${note.id}`, {
      note_content: 'Rewritten',
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(siteMessages.noteNotYours);
    expect((await call(admin, 'DELETE', `/site/${baseIds[7]}/notes/${note.id}`)).statusCode).toBe(403);

    const byAuthor = await call(officer, 'PUT', `/site/${baseIds[7]}/notes/${note.id}`, {
      note_content: 'Visited: access is narrow but usable',
    });
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json()).toMatchObject({
      note_content: 'Visited: access is narrow but usable',
      edited_at: expect.any(String),
    });
    expect((await call(officer, 'DELETE', `/site/${baseIds[7]}/notes/${note.id}`)).statusCode).toBe(204);
    expect(
      (await call(officer, 'PUT', `/site/${baseIds[7]}/notes/${note.id}`, { note_content: 'gone?' }))
        .statusCode,
    ).toBe(404);
  });

  it('pages the timeline newest first with a cursor, and filters it by type', async () => {
    const siteId = baseIds[8]!;
    for (const text of ['First note', 'Second note', 'Third note']) {
      expect((await call(officer, 'POST', `/site/${siteId}/notes`, { note_content: text })).statusCode).toBe(
        201,
      );
    }
    const site = await readSite(siteId);
    await call(officer, 'PUT', `/site/${siteId}`, {
      column_name_raw: 'ward',
      new_value: 'East',
      version: site.version,
    });
    const first = (await call(viewer, 'GET', `/site/${siteId}/timeline?limit=2`)).json();
    expect(first.items.map((item: { type: string }) => item.type)).toEqual(['EDIT', 'NOTE']);
    expect(first.nextCursor).toBe(first.items[1].id);
    const rest = (
      await call(viewer, 'GET', `/site/${siteId}/timeline?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(rest.items.map((item: { content: string }) => item.content)).toEqual([
      'Second note',
      'First note',
    ]);
    expect(rest.nextCursor).toBeNull();
    const notes = (await call(viewer, 'GET', `/site/${siteId}/timeline?type=NOTE`)).json();
    expect(notes.items).toHaveLength(3);
    const files = (await call(viewer, 'GET', `/site/${siteId}/timeline?type=FILE`)).json();
    expect(files).toEqual({ items: [], nextCursor: null });
    expect(emptyHistoryText('file uploads')).toBe('No previous file uploads found for this site.');
    expect((await call(viewer, 'GET', `/site/${siteId}/timeline?type=OTHER`)).statusCode).toBe(400);
  });
});

describe('boundary edits and drawn sites (spec 01 §4, §5)', () => {
  it("refuses a self-intersecting boundary with the spec's message and an empty one with its own", async () => {
    const site = await readSite(baseIds[9]!);
    const [west, south] = site.bbox as number[];
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [west!, south!],
          [west! + 0.001, south! + 0.001],
          [west! + 0.001, south!],
          [west!, south! + 0.001],
          [west!, south!],
        ],
      ],
    };
    const crossed = await call(officer, 'PUT', `/site/${baseIds[9]}/geometry`, {
      wkbGeometry: bowtie,
      version: site.version,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().message).toBe(
      'Self intersection errors have been detected in the polygon. Please draw again.',
    );
    const empty = await call(officer, 'PUT', `/site/${baseIds[9]}/geometry`, {
      wkbGeometry: { type: 'Polygon', coordinates: [] },
      version: site.version,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Modified polygon does not contain geometries');
  });

  it('saves a new boundary inside the old one, its area following, with history', async () => {
    const site = await readSite(baseIds[9]!);
    const [west, south, east, north] = site.bbox as number[];
    // A small square around the middle of the site's box: inside the site's own area only.
    const middle = [(west! + east!) / 2, (south! + north!) / 2] as const;
    const shape = square(middle[0] - 0.0002, middle[1] - 0.0002, 0.0004);
    const answer = await call(officer, 'PUT', `/site/${baseIds[9]}/geometry`, {
      wkbGeometry: shape,
      version: site.version,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const saved = answer.json();
    expect(saved.site.properties.size_ha).toBeLessThan(site.properties.size_ha);
    expect(saved.site.properties.size_ha).toBeGreaterThan(0.05);
    expect(saved.history[0].edit).toMatchObject({ field: 'geometry', label: 'Site boundary' });
  });

  it("creates a drawn site, found by its name; refuses no name ('Please enter site name') and an overlap", async () => {
    const east = extent[2] + 0.01;
    const created = await call(officer, 'POST', '/site/custom', {
      custom_site_name: "Old Mill's Yard",
      custom_site_poly: square(east, extent[1]),
    });
    expect(created.statusCode, created.body).toBe(201);
    // The council's own numbering (its seeded sites run DB-000001 to DB-000040).
    expect(created.json().id_unique).toBe('DB-000041');
    const found = await call(viewer, 'GET', `/search/site?q=${encodeURIComponent("Old Mill's")}`);
    expect(found.json().sites.map((site: { id: string }) => site.id)).toContain(created.json().id);
    const drawn = await readSite(created.json().id);
    expect(drawn.properties.size_ha).toBeGreaterThan(0.5);
    expect((await call(viewer, 'GET', `/site/${drawn.id}/timeline`)).json().items[0].content).toBe(
      'Site drawn',
    );

    const unnamed = await call(officer, 'POST', '/site/custom', {
      custom_site_name: '   ',
      custom_site_poly: square(east + 0.01, extent[1]),
    });
    expect(unnamed.statusCode).toBe(400);
    expect(JSON.stringify(unnamed.json())).toContain('Please enter site name');

    const overlapping = await call(officer, 'POST', '/site/custom', {
      custom_site_name: 'Over the yard',
      custom_site_poly: square(east + 0.0005, extent[1] + 0.0005),
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toBe(siteMessages.overlap);
  });

  it('makes a drawn point a small site, and a child site inside a parent', async () => {
    const point = await call(officer, 'POST', '/site/custom', {
      custom_site_name: 'Garage block',
      custom_site_poly: { type: 'Point', coordinates: [extent[2] + 0.05, extent[1]] },
    });
    expect(point.statusCode, point.body).toBe(201);
    const parent = baseIds[10]!;
    const site = await readSite(parent);
    const [west, south, east, north] = site.bbox as number[];
    // Children may overlap their parent; the council's overlap rule is about other sites.
    const child = await call(officer, 'POST', `/site/${parent}/children`, {
      custom_site_name: 'Plot A',
      custom_site_poly: square(east! + 0.2, north! + 0.2, 0.0005),
    });
    expect(child.statusCode, child.body).toBe(201);
    void west;
    void south;
    const children = (await call(viewer, 'GET', `/site/${parent}/children`)).json().children;
    expect(children).toEqual([expect.objectContaining({ id: child.json().id, site_name: 'Plot A' })]);
  });
});

describe('visibility, scenarios and related sites', () => {
  it("lists the site's scenarios and puts the chosen ones on the public map", async () => {
    const scenarios = (await call(viewer, 'GET', `/site/${twin.base}/scenarios`)).json().scenarios;
    expect(scenarios.map((row: { scenario_name: string }) => row.scenario_name).sort()).toEqual(
      ['Base', DEMO_SCENARIO].sort(),
    );
    const site = await readSite(twin.base);
    const answer = await call(officer, 'PUT', `/site/${twin.base}/visibility`, {
      public_map_visibility: true,
      scenario_names: [DEMO_SCENARIO],
      version: site.version,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const after = (await call(viewer, 'GET', `/site/${twin.base}/scenarios`)).json().scenarios;
    expect(
      after.find((row: { scenario_name: string }) => row.scenario_name === DEMO_SCENARIO)
        .public_map_visibility,
    ).toBe(true);
  });

  it('relates sites with one primary at most, and never a site to itself', async () => {
    const [a, b, c] = [baseIds[0]!, baseIds[1]!, baseIds[2]!];
    expect(
      (
        await call(officer, 'PUT', `/site/${a}/related-sites/${b}`, {
          isPrimary: true,
          comment: 'Same owner',
        })
      ).statusCode,
    ).toBe(200);
    const answer = await call(officer, 'PUT', `/site/${a}/related-sites/${c}`, { isPrimary: true });
    expect(answer.json().related).toEqual([
      expect.objectContaining({ id: c, isPrimary: true }),
      expect.objectContaining({ id: b, isPrimary: false, comment: 'Same owner' }),
    ]);
    const self = await call(officer, 'PUT', `/site/${a}/related-sites/${a}`, {});
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(siteMessages.relatedToItself);
    expect((await call(officer, 'DELETE', `/site/${a}/related-sites/${c}`)).statusCode).toBe(204);
  });
});

describe('deleting sites and permissions (spec 01 §6)', () => {
  it('lets a viewer read but not edit, note or delete', async () => {
    const site = await readSite(baseIds[11]!);
    const edit = await call(viewer, 'PUT', `/site/${baseIds[11]}`, {
      column_name_raw: 'ward',
      new_value: 'West',
      version: site.version,
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ message: serverMessages.notAuthorized });
    expect(
      (await call(viewer, 'POST', `/site/${baseIds[11]}/notes`, { note_content: 'Hello there' })).statusCode,
    ).toBe(403);
    expect((await call(viewer, 'DELETE', `/site/${baseIds[11]}`)).statusCode).toBe(403);
  });

  it('deletes a site (kept, marked deleted): it is then 404 everywhere', async () => {
    expect((await call(officer, 'DELETE', `/site/${baseIds[11]}`)).statusCode).toBe(204);
    expect((await call(officer, 'GET', `/site/${baseIds[11]}`)).statusCode).toBe(404);
    expect((await call(officer, 'DELETE', `/site/${baseIds[11]}`)).statusCode).toBe(404);
    const kept = await withTenant(
      t.database.db,
      tenant.id,
      async (trx) =>
        (await sql<{ d: boolean }>`select is_deleted as d from sites where id = ${baseIds[11]}`.execute(trx))
          .rows[0]!.d,
    );
    expect(kept).toBe(true);
  });

  it('deletes many sites at once, all or none', async () => {
    const created = await Promise.all(
      [0, 1].map(
        async (n) =>
          (
            await call(officer, 'POST', '/site/custom', {
              custom_site_name: `Bulk ${n}`,
              custom_site_poly: square(extent[2] + 0.1 + n * 0.01, extent[1]),
            })
          ).json().id as string,
      ),
    );
    const partly = await call(officer, 'DELETE', '/site', {
      ids: [...created.map(Number), Number(baseIds[11])],
    });
    expect(partly.statusCode).toBe(404);
    expect((await call(officer, 'GET', `/site/${created[0]}`)).statusCode).toBe(200);
    const answer = await call(officer, 'DELETE', '/site', { ids: created.map(Number) });
    expect(answer.json()).toEqual({ deleted: 2 });
    expect((await call(otherOfficer, 'DELETE', '/site', { ids: [Number(baseIds[0])] })).statusCode).toBe(404);
  });
});

describe('the site page layout in user metadata (issue 11 point 3)', () => {
  it("keeps each user's layout per breakpoint, refuses a bad one, and forgets it on reset", async () => {
    expect((await call(officer, 'GET', '/user/site-details-layout')).json()).toEqual({ layouts: null });
    const layouts = {
      lg: [{ i: 'map', x: 0, y: 0, w: 6, h: 8 }],
      xs: [{ i: 'notes', x: 0, y: 0, w: 4, h: 6 }],
    };
    const saved = await call(officer, 'PUT', '/user/site-details-layout', { layouts });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(officer, 'GET', '/user/site-details-layout')).json()).toEqual({ layouts });
    expect((await call(admin, 'GET', '/user/site-details-layout')).json()).toEqual({ layouts: null });
    const bad = await call(officer, 'PUT', '/user/site-details-layout', {
      layouts: { lg: [{ i: 'nothing', x: 0 }] },
    });
    expect(bad.statusCode).toBe(400);
    await call(officer, 'PUT', '/user/site-details-layout', { layouts: null });
    expect((await call(officer, 'GET', '/user/site-details-layout')).json()).toEqual({ layouts: null });
  });
});
