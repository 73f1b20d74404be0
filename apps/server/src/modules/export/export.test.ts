import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMITS, exportMessages, type SiteExportRequest } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { auditRows } from '../audit/audit.testing';
import { upsertFlag } from '../tenants/tenants.queries';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { csvCell, shortFieldNames } from './export.formats';

const run = promisify(execFile);

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let officer: SignedIn;
let admin: SignedIn;
let resident: SignedIn;
let otherOfficer: SignedIn;
/** Base-scenario site ids of the council, in id order. */
let ids: string[];
let foreignIds: string[];
let dir: string;

const FIELDS = [
  'site_name',
  'helaa_reference',
  'size_ha',
  'optimised_unit_capacity',
  'suitability_assessment_result',
  'public_map_visibility',
  'assessment_date',
  'constraints',
  'tags',
  'id_unique',
];

beforeAll(async () => {
  t = await buildTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'export-test-'));
  tenant = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, tenant.id, demoDistrict, 30);
  const other = await buildTenantWithUsers(t.database.db);
  await seedSites(t.database.db, other.id, demoDistrict, 5);
  [officer, admin, resident, otherOfficer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('resident')),
    signIn(t.app, other.name, other.email('officer')),
  ]);
  ids = await withTenant(t.database.db, tenant.id, async (trx) => {
    const { rows } = await sql<{ id: string }>`select id::text as id from sites
      where scenario_name = 'Base' and not is_deleted order by sites.id`.execute(trx);
    // Names a CSV must quote, and one a spreadsheet would take for a formula.
    await sql`update sites set site_name = ${'Mill Lane, "North" plot\nphase 2'}, size_ha = 1.23456
      where id = ${rows[0]!.id}`.execute(trx);
    await sql`update sites set site_name = ${'=HYPERLINK("http://evil")'} where id = ${rows[1]!.id}`.execute(
      trx,
    );
    return rows.map((row) => row.id);
  });
  foreignIds = await withTenant(t.database.db, other.id, async (trx) => {
    const { rows } = await sql<{ id: string }>`select id::text as id from sites order by sites.id`.execute(
      trx,
    );
    return rows.map((row) => row.id);
  });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const exportSites = (who: SignedIn, body: SiteExportRequest | Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/site/export', headers: who.headers(), payload: body });

/** Saves an answer's bytes under the name it gave, for an independent reader. */
async function saved(answer: { rawPayload: Buffer; headers: Record<string, unknown> }, name: string) {
  const file = path.join(dir, name);
  await writeFile(file, answer.rawPayload);
  return file;
}

/** `ogrinfo -so -al` from Debian's gdal-bin: feature count, field names and the layer's CRS. */
async function ogrSummary(file: string) {
  const { stdout } = await run('ogrinfo', ['-so', '-al', '-ro', file], { maxBuffer: 16 * 1024 * 1024 });
  const count = Number(/Feature Count: (\d+)/.exec(stdout)?.[1]);
  const fields = [...stdout.matchAll(/^(\w+): (?:String|Integer|Integer64|Real|Date|DateTime)/gm)].map(
    (match) => match[1],
  );
  const epsg = [...stdout.matchAll(/ID\["EPSG",(\d+)\]\]\s*$/gm)].at(-1)?.[1] ?? null;
  return { stdout, count, fields, epsg };
}

/** RFC 4180 back into rows (quoted cells with commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('PUT /site/export: formats, read back by independent readers', () => {
  it('writes CSV with labels, RFC 4180 quoting and no formulas', async () => {
    const answer = await exportSites(officer, { site_ids: ids, file_type: 'csv', selected_fields: FIELDS });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="sites-Base-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = answer.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1));
    const [header, ...body] = rows;
    expect(header).toEqual([
      'Site ID',
      'Unique site reference',
      'Site name',
      'HELAA reference',
      'Site area',
      'Optimised unit capacity',
      'Suitability',
      'On the public map',
      'Tags',
      'Assessment date',
      'Constraints',
      'Easting (EPSG:27700)',
      'Northing (EPSG:27700)',
      'Geometry (WKT, EPSG:27700)',
    ]);
    expect(body).toHaveLength(ids.length);
    expect(body.map((row) => row[0])).toEqual(ids);
    const first = body[0]!;
    expect(first[2]).toBe('Mill Lane, "North" plot\nphase 2');
    expect(first[4]).toBe('1.2346'); // size_ha is numeric(…, 4)
    expect(first[13]).toMatch(/^MULTIPOLYGON\(\(\(\d/);
    expect(Number(first[11])).toBeGreaterThan(100_000);
    expect(body[1]![2]).toBe(`'=HYPERLINK("http://evil")`);
    expect(body.every((row) => row.length === header!.length)).toBe(true);
  });

  it('writes Excel with a header row, typed numbers rounded to 2 decimals and dates', async () => {
    const answer = await exportSites(officer, { site_ids: ids, file_type: 'xlsx', selected_fields: FIELDS });
    expect(answer.statusCode, answer.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sites')!;
    expect(sheet.rowCount).toBe(ids.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual([
      'Site ID',
      'Unique site reference',
      'Site name',
      'HELAA reference',
      'Site area',
    ]);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(Number(ids[0]));
    expect(first.getCell(5).value).toBe(1.23);
    expect(first.getCell(5).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(5).numFmt).toBe('#,##0.00');
    expect(first.getCell(6).type).toBe(ExcelJS.ValueType.Number);
    // Every number in the sheet has at most 2 decimals.
    sheet.eachRow((row, index) => {
      if (index === 1) return;
      row.eachCell((cell) => {
        if (typeof cell.value === 'number') expect(Math.round(cell.value * 100) / 100).toBe(cell.value);
      });
    });
    const dated = [...Array(ids.length).keys()].map((i) => sheet.getRow(i + 2).getCell(10));
    expect(dated.some((cell) => cell.value instanceof Date)).toBe(true);
    expect(
      dated.filter((cell) => cell.value !== null).every((cell) => cell.type === ExcelJS.ValueType.Date),
    ).toBe(true);
    expect(first.getCell(8).type).toBe(ExcelJS.ValueType.Boolean);
    expect(sheet.getRow(3).getCell(3).value).toBe('=HYPERLINK("http://evil")');
    expect(sheet.getRow(3).getCell(3).type).toBe(ExcelJS.ValueType.String);
  });

  it('writes GeoJSON in WGS84 (EPSG:4326)', async () => {
    const answer = await exportSites(officer, {
      site_ids: ids,
      file_type: 'geojson',
      selected_fields: FIELDS,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const info = await ogrSummary(await saved(answer, 'sites.geojson'));
    expect(info.count).toBe(ids.length);
    expect(info.epsg).toBe('4326');
    expect(info.fields).toEqual(
      expect.arrayContaining(['site_id', 'site_name', 'size_ha', 'assessment_date', 'tags']),
    );
    const collection = answer.json() as { features: { geometry: { coordinates: unknown } }[] };
    const [lon, lat] = firstPosition(collection.features[0]!.geometry.coordinates);
    expect(lon).toBeGreaterThan(-8);
    expect(lon).toBeLessThan(2);
    expect(lat).toBeGreaterThan(49);
    expect(lat).toBeLessThan(61);
  });

  it('writes a zipped Shapefile in British National Grid with its .prj and a field list', async () => {
    const answer = await exportSites(officer, {
      site_ids: ids,
      file_type: 'shapefile',
      selected_fields: FIELDS,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const file = await saved(answer, 'sites.zip');
    const { stdout: listing } = await run('unzip', ['-l', file]);
    for (const part of ['sites.shp', 'sites.shx', 'sites.dbf', 'sites.prj', 'fields.csv'])
      expect(listing).toContain(part);
    await run('unzip', ['-t', file]);
    const info = await ogrSummary(`/vsizip/${file}/sites.shp`);
    expect(info.count).toBe(ids.length);
    expect(info.epsg).toBe('27700');
    expect(info.stdout).toMatch(/British.National.Grid/);
    const short = shortFieldNames(['site_id', 'id_unique', ...FIELDS]);
    expect(info.fields).toEqual(
      expect.arrayContaining(['site_id', 'site_name', short.get('optimised_unit_capacity')]),
    );
    expect(info.fields.every((name) => name!.length <= 10)).toBe(true);
  });

  it('writes a GeoPackage in British National Grid', async () => {
    const answer = await exportSites(officer, {
      site_ids: ids,
      file_type: 'gpkg',
      selected_fields: FIELDS,
      geometry_column: 'wkb_geometry_cut',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const info = await ogrSummary(await saved(answer, 'sites.gpkg'));
    expect(info.count).toBe(ids.length);
    expect(info.epsg).toBe('27700');
    expect(info.fields).toEqual(
      expect.arrayContaining([
        'site_id',
        'id_unique',
        'site_name',
        'optimised_unit_capacity',
        'assessment_date',
      ]),
    );
    expect(info.stdout).toMatch(/assessment_date: Date/);
    expect(info.stdout).toMatch(/size_ha: Real/);
  });

  it('writes KML (WGS84) and FlatGeobuf (British National Grid)', async () => {
    const kml = await exportSites(officer, { site_ids: ids, file_type: 'kml', selected_fields: FIELDS });
    expect(kml.statusCode, kml.body).toBe(200);
    const kmlInfo = await ogrSummary(await saved(kml, 'sites.kml'));
    expect(kmlInfo.count).toBe(ids.length);
    expect(kmlInfo.epsg).toBe('4326');
    expect(kml.body).toContain('<name>Mill Lane');

    const fgb = await exportSites(officer, { site_ids: ids, file_type: 'fgb', selected_fields: FIELDS });
    expect(fgb.statusCode, fgb.body).toBe(200);
    const fgbInfo = await ogrSummary(await saved(fgb, 'sites.fgb'));
    expect(fgbInfo.count).toBe(ids.length);
    expect(fgbInfo.epsg).toBe('27700');
    expect(fgbInfo.fields).toEqual(expect.arrayContaining(['site_id', 'site_name', 'size_ha']));
  });
});

describe('PUT /site/export: which sites', () => {
  const csvIds = (body: Buffer) =>
    parseCsv(body.toString('utf8').slice(1))
      .slice(1)
      .map((row) => row[0]);

  it("never exports another council's sites", async () => {
    const mixed = await exportSites(officer, { site_ids: [...foreignIds, ids[0]!], file_type: 'csv' });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(csvIds(mixed.rawPayload)).toEqual([ids[0]]);
    const foreign = await exportSites(officer, { site_ids: foreignIds, file_type: 'gpkg' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: exportMessages.noSites });
    // And the other council, asking for ours, gets nothing either.
    const theirs = await exportSites(otherOfficer, { site_ids: ids.slice(0, 3), file_type: 'csv' });
    expect(theirs.statusCode).toBe(404);
  });

  it('exports a site list, and a search by its filters and scenario', async () => {
    const listId = await withTenant(t.database.db, tenant.id, async (trx) => {
      const list = await trx
        .insertInto('site_lists')
        .values({ tenant_id: tenant.id, list_name: 'For export', created_by: null, scenario_name: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('site_list_sites')
        .values(ids.slice(2, 5).map((site_id) => ({ tenant_id: tenant.id, list_id: list.id, site_id })))
        .execute();
      return list.id;
    });
    const list = await exportSites(officer, { listId, file_type: 'csv', selected_fields: ['site_name'] });
    expect(list.statusCode, list.body).toBe(200);
    expect(csvIds(list.rawPayload)).toEqual(ids.slice(2, 5));
    const foreignList = await exportSites(otherOfficer, { listId, file_type: 'csv' });
    expect(foreignList.statusCode).toBe(404);

    const search = await exportSites(officer, {
      filters: [{ type: 'number', dbPropertyName: 'size_ha', equality: 'GE', value: 0 }],
      scenario: 'Base',
      file_type: 'csv',
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(csvIds(search.rawPayload)).toEqual(ids);

    // Both exports are in the council's audit log (the refused one is not): who, how many, which source.
    const [bySearch, byList] = await auditRows(t.database.db, tenant.id, 'export.sites');
    expect(byList).toMatchObject({
      actor_email: tenant.email('officer'),
      target_type: 'site-list',
      target_id: listId,
      summary: expect.stringMatching(/^Exported 3 sites as csv \(sites-.*\.csv\)$/),
      details: { fileType: 'csv', total: 3, source: 'list', fields: ['site_name'], background: false },
    });
    expect(bySearch).toMatchObject({
      target_type: 'site',
      target_id: null,
      summary: expect.stringMatching(new RegExp(`^Exported ${ids.length} sites as csv`)),
      details: {
        source: 'filters',
        scenario: 'Base',
        filters: [expect.objectContaining({ dbPropertyName: 'size_ha' })],
      },
    });
  });
});

describe('PUT /site/export: refusals', () => {
  it('refuses unknown fields, formats and geometries with 400 and a JSON message', async () => {
    const unknown = await exportSites(officer, {
      site_ids: ids,
      file_type: 'csv',
      selected_fields: ['password_hash'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: exportMessages.unknownField('password_hash') });
    const format = await exportSites(officer, { site_ids: ids, file_type: 'docx' });
    expect(format.statusCode).toBe(400);
    expect(format.json().issues[0].path).toBe('body.file_type');
    const geometry = await exportSites(officer, { site_ids: ids, file_type: 'csv', geometry_column: 'geom' });
    expect(geometry.statusCode).toBe(400);
    const injected = await exportSites(officer, {
      site_ids: ids,
      file_type: 'csv',
      selected_fields: ['x; drop'],
    });
    expect(injected.statusCode).toBe(400);
    const sources = await exportSites(officer, {
      site_ids: ids,
      listId: crypto.randomUUID(),
      file_type: 'csv',
    });
    expect(sources.statusCode).toBe(400);
    expect(JSON.stringify(sources.json())).toContain(exportMessages.oneSource);
  });

  it(`refuses more than ${EXPORT_LIMITS.maxSites.toLocaleString('en-GB')} ids`, async () => {
    const many = Array.from({ length: EXPORT_LIMITS.maxSites + 1 }, (_, i) => i + 1);
    const answer = await exportSites(officer, { site_ids: many, file_type: 'csv' });
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain(exportMessages.tooMany);
  });

  it('needs a session and read on sites', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/site/export',
      headers: { 'x-tenant': tenant.name },
      payload: { site_ids: ids, file_type: 'csv' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noGrant = await exportSites(resident, { site_ids: ids, file_type: 'csv' });
    expect(noGrant.statusCode).toBe(403);
    expect(noGrant.json()).toEqual({ message: 'Not authorized' });
  });
});

describe('background exports', () => {
  it('runs a job that stores the file, reports progress and lets only its owner download it', async () => {
    const payload = { site_ids: ids, file_type: 'gpkg', selected_fields: ['site_name'] } as const;
    // Enqueued as the route does above the threshold (seeding 2,000+ sites per test is slow).
    const { jobId } = await t.app.jobs.enqueue(t.database.db, {
      tenantId: tenant.id,
      userId: await userIdOf(tenant.email('officer')),
      kind: 'site.export',
      payload,
      notify: { label: exportMessages.notificationLabel },
    });
    const job = await t.app.jobs.waitFor(jobId, { timeoutMs: 60_000 });
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.progress).toEqual({ done: ids.length, total: ids.length });
    const result = job.result as { download: { url: string; name: string } };
    expect(result.download.url).toBe(`/api/v1/site/export/${jobId}/download`);
    expect(result.download.name).toMatch(/^sites-Base-.*\.gpkg$/);

    const download = await t.app.inject({
      method: 'GET',
      url: result.download.url,
      headers: officer.headers(),
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toContain(result.download.name);
    const info = await ogrSummary(await saved(download, 'job.gpkg'));
    expect(info.count).toBe(ids.length);
    expect(info.epsg).toBe('27700');

    const colleague = await t.app.inject({
      method: 'GET',
      url: result.download.url,
      headers: admin.headers(),
    });
    expect(colleague.statusCode).toBe(404);
    const foreign = await t.app.inject({
      method: 'GET',
      url: result.download.url,
      headers: otherOfficer.headers(),
    });
    expect(foreign.statusCode).toBe(404);
    const noGrant = await t.app.inject({
      method: 'GET',
      url: result.download.url,
      headers: resident.headers(),
    });
    expect(noGrant.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/site/export/${crypto.randomUUID()}/download`,
      headers: officer.headers(),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: exportMessages.notFound });
  });
});

describe('the sync threshold', () => {
  it('answers 202 with a job above it, and the notification links the download', async () => {
    // The threshold is read per request; lowered here rather than seeding 2,000 sites.
    t.app.config.exportSyncMaxSites = 10;
    try {
      await withTenant(t.database.db, tenant.id, (trx) => upsertFlag(trx, tenant.id, 'notifications', true));
      const answer = await exportSites(officer, {
        site_ids: ids,
        file_type: 'csv',
        selected_fields: ['site_name'],
      });
      expect(answer.statusCode, answer.body).toBe(202);
      const queued = answer.json() as { jobId: string; notificationId: string; total: number };
      expect(queued.total).toBe(ids.length);
      const job = await t.app.jobs.waitFor(queued.jobId, { timeoutMs: 60_000 });
      expect(job.status, job.error ?? '').toBe('succeeded');
      const notifications = await t.app.inject({
        method: 'GET',
        url: '/api/v1/notifications',
        headers: officer.headers(),
      });
      expect(notifications.statusCode, notifications.body).toBe(200);
      const mine = (
        notifications.json() as {
          notifications: { id: string; label: string; status: string; details: unknown }[];
        }
      ).notifications.find((notification) => notification.id === queued.notificationId);
      expect(mine).toMatchObject({
        label: exportMessages.notificationLabel,
        status: 'success',
        details: { download: { url: `/api/v1/site/export/${queued.jobId}/download` } },
      });
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/v1/site/export/${queued.jobId}/download`,
        headers: officer.headers(),
      });
      expect(download.statusCode).toBe(200);
      expect(download.body.split('\r\n').filter(Boolean)).toHaveLength(ids.length + 1);
    } finally {
      t.app.config.exportSyncMaxSites = EXPORT_LIMITS.syncMaxSites;
    }
  });
});

describe('export presets', () => {
  it('keeps the user’s presets and refuses bad ones', async () => {
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/export-presets',
      headers: officer.headers(),
    });
    expect(empty.json()).toEqual({ presets: [] });
    const presets = [
      { name: 'GIS', fields: ['site_name', 'size_ha'], geometry: 'wkb_geometry_cut', fileType: 'gpkg' },
    ];
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/export-presets',
      headers: officer.headers(),
      payload: { presets },
    });
    expect(put.statusCode, put.body).toBe(200);
    const back = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/export-presets',
      headers: officer.headers(),
    });
    expect(back.json()).toEqual({ presets });
    const colleague = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/export-presets',
      headers: admin.headers(),
    });
    expect(colleague.json()).toEqual({ presets: [] });
    const twice = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/export-presets',
      headers: officer.headers(),
      payload: { presets: [...presets, ...presets] },
    });
    expect(twice.statusCode).toBe(400);
  });
});

describe('formats: rules', () => {
  it('quotes CSV cells only when needed', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
    expect(csvCell(['a', 'b'])).toBe('a; b');
  });

  it('shortens shapefile field names to 10 unique characters', () => {
    const short = shortFieldNames(['suitability_assessment_result', 'suitability_x', 'site_name']);
    expect([...short.values()]).toEqual(['suitabilit', 'suitabil_1', 'site_name']);
  });
});

function firstPosition(coordinates: unknown): number[] {
  let at = coordinates;
  while (Array.isArray(at) && Array.isArray(at[0])) at = at[0];
  return at as number[];
}

async function userIdOf(email: string): Promise<string> {
  return withTenant(t.database.db, tenant.id, async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.id;
  });
}
