import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { serverMessages, siteMessages } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { siteRecordTestBed } from './site-record.testing';
import { DEMO_SCENARIO } from './sites.generator';

const {
  t,
  tenant,
  officer,
  admin,
  viewer,
  otherOfficer,
  baseIds,
  twin,
  call,
  readSite,
  historyCount,
  dataVersion,
} = siteRecordTestBed();

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
