import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEODATA_LIMITS, geodataMessages, type GeodataUpload } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { featureCollection, makeZip, square } from './geodata.fixtures';
import { gdalReason } from './geodata.read';

/** Files written by the system's ogr2ogr (gdal3.js reads MapInfo but does not write it). */
async function writeWithOgr(
  name: string,
  geojson: string,
  driver: 'MapInfo File' | 'ESRI Shapefile',
): Promise<Map<string, Buffer>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'geodata-tab-'));
  try {
    await writeFile(path.join(dir, 'in.geojson'), geojson);
    const extension = driver === 'MapInfo File' ? 'tab' : 'shp';
    await run('ogr2ogr', [
      '-f',
      driver,
      '-a_srs',
      'EPSG:27700',
      path.join(dir, `${name}.${extension}`),
      path.join(dir, 'in.geojson'),
    ]);
    const files = new Map<string, Buffer>();
    for (const file of await readdir(dir))
      if (file !== 'in.geojson') files.set(file, await readFile(path.join(dir, file)));
    return files;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Issue 25 point 5: the files councils really have (Brownfield Land Register, MapInfo, swapped axes). */

const run = promisify(execFile);
let t: TestApp;
let admin: SignedIn;
let tenantId: string;

async function uploadAndRead(name: string, content: Buffer | string): Promise<GeodataUpload> {
  const boundary = `----planning${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${GEODATA_LIMITS.field}"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/geodata',
    headers: admin.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
    payload,
  });
  expect(response.statusCode, response.body).toBe(202);
  const { uploadId, jobId } = response.json<{ uploadId: string; jobId: string }>();
  await t.app.jobs.waitFor(jobId, { timeoutMs: 60_000 });
  const found = await t.app.inject({
    method: 'GET',
    url: `/api/v1/geodata/${uploadId}`,
    headers: admin.headers(),
  });
  expect(found.statusCode, found.body).toBe(200);
  return found.json<GeodataUpload>();
}

const confirm = (uploadId: string, layers: Array<Record<string, unknown>>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/geodata/${uploadId}/confirm`,
    headers: admin.headers(),
    payload: { layers },
  });

async function importLayers(uploadId: string, layers: Array<Record<string, unknown>>) {
  const response = await confirm(uploadId, layers);
  expect(response.statusCode, response.body).toBe(202);
  const job = await t.app.jobs.waitFor(response.json<{ jobId: string }>().jobId, { timeoutMs: 60_000 });
  expect(job.status, job.error ?? '').toBe('succeeded');
  return (job.result as { layers: Array<Record<string, unknown>> }).layers;
}

const stored = (layerName: string) =>
  withTenant(t.database.db, tenantId, async (trx) => {
    const { rows } = await sql<{ type: string; x: number; y: number; properties: Record<string, unknown> }>`
      select GeometryType(f.geom) as type, ST_X(ST_Centroid(f.geom)) as x, ST_Y(ST_Centroid(f.geom)) as y,
        f.properties
      from layer_features f join layers l on l.id = f.layer_id
      where l.layer_name = ${layerName} order by f.id`.execute(trx);
    return rows;
  });

/** A CSV line, quoted as spreadsheets write it (commas and quotes inside a value). */
const csvLine = (values: Array<string | number>) =>
  values
    .map((value) => {
      const text = String(value);
      return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');

// Sites in and around Reading, as a council would register them (longitude, latitude).
const BROWNFIELD_SITES = [
  {
    ref: 'BLR-001',
    name: 'Former gasworks, Gas Works Road, Reading, RG1 3DH',
    lon: -0.9591,
    lat: 51.4577,
    ha: 2.35,
  },
  { ref: 'BLR-002', name: 'Land at "The Yard", Oxford Road, Reading', lon: -0.9923, lat: 51.4593, ha: 0.41 },
  { ref: 'BLR-003', name: 'Car park, Queens Road, Reading', lon: -0.9652, lat: 51.4538, ha: 0.8 },
];

/** The Brownfield Land Register CSV by its published column list (the 2017 data standard). */
function brownfieldRegisterCsv(swap = false): string {
  const columns = [
    'OrganisationURI',
    'OrganisationLabel',
    'SiteReference',
    'PreviouslyPartOf',
    'SiteNameAddress',
    'SiteplanURL',
    'CoordinateReferenceSystem',
    'GeoX',
    'GeoY',
    'Hectares',
    'OwnershipStatus',
    'Deliverable',
    'PlanningStatus',
    'PermissionType',
    'PermissionDate',
    'PlanningHistory',
    'ProposedForPIP',
    'MinNetDwellings',
    'DevelopmentDescription',
    'NonHousingDevelopment',
    'Part2',
    'NetDwellingsRangeFrom',
    'NetDwellingsRangeTo',
    'HazardousSubstances',
    'SiteInformation',
    'Notes',
    'FirstAddedDate',
    'LastUpdatedDate',
  ];
  const rows = BROWNFIELD_SITES.map((site) => {
    const values: Record<string, string | number> = {
      OrganisationURI: 'http://opendatacommunities.org/id/unitary-authority/reading',
      OrganisationLabel: 'Reading Borough Council',
      SiteReference: site.ref,
      SiteNameAddress: site.name,
      SiteplanURL: `https://www.reading.gov.uk/brownfield/${site.ref}`,
      CoordinateReferenceSystem: 'WGS84',
      GeoX: swap ? site.lat : site.lon,
      GeoY: swap ? site.lon : site.lat,
      Hectares: site.ha,
      OwnershipStatus: 'not owned by a public authority',
      Deliverable: 'yes',
      PlanningStatus: 'not permissioned',
      MinNetDwellings: 25,
      DevelopmentDescription: 'Residential, about 25 homes, with shops on the ground floor',
      FirstAddedDate: '2017-12-31',
      LastUpdatedDate: '2024-06-30',
    };
    return csvLine(columns.map((column) => values[column] ?? ''));
  });
  return [columns.join(','), ...rows].join('\r\n') + '\r\n';
}

/** planning.data.gov.uk's brownfield-land dataset: lowercase kebab-case columns, a `point` in WKT. */
function digitalLandCsv(): string {
  const columns = [
    'entity',
    'reference',
    'name',
    'site-address',
    'hectares',
    'point',
    'organisation-entity',
    'start-date',
  ];
  const rows = BROWNFIELD_SITES.map((site, index) =>
    csvLine([
      1_700_000 + index,
      site.ref,
      site.name.split(',')[0]!,
      site.name,
      site.ha,
      `POINT (${site.lon} ${site.lat})`,
      245,
      '2017-12-31',
    ]),
  );
  return [columns.join(','), ...rows].join('\n') + '\n';
}

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await buildTenantWithUsers(t.database.db);
  tenantId = tenant.id;
  admin = await signIn(t.app, tenant.name, tenant.email('admin'));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('geodata: the files councils have', () => {
  it('imports the Brownfield Land Register CSV as points at its GeoX/GeoY, with its attributes', async () => {
    const upload = await uploadAndRead('brownfield-land-register.csv', brownfieldRegisterCsv());
    expect(upload.status).toBe('ready');
    const [layer] = upload.layers;
    expect(layer).toMatchObject({ featureCount: 3, detectedCrs: 'EPSG:4326', problems: [] });
    expect(layer!.outsideGreatBritain).toBeFalsy();
    expect(layer!.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['SiteReference', 'SiteNameAddress', 'Hectares']),
    );
    await importLayers(upload.uploadId, [
      { source: layer!.name, layerName: 'brownfield_land', title: 'Brownfield land', crs: 'EPSG:4326' },
    ]);
    const rows = await stored('brownfield_land');
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.type === 'POINT')).toBe(true);
    // Reading: about E 471,000-474,000, N 172,000-174,000.
    for (const row of rows) {
      expect(row.x).toBeGreaterThan(469_000);
      expect(row.x).toBeLessThan(476_000);
      expect(row.y).toBeGreaterThan(171_000);
      expect(row.y).toBeLessThan(175_000);
    }
    expect(rows[1]!.properties).toMatchObject({
      SiteReference: 'BLR-002',
      SiteNameAddress: 'Land at "The Yard", Oxford Road, Reading',
      Hectares: 0.41,
    });
  });

  it("imports planning.data.gov.uk's brownfield-land CSV by its point WKT", async () => {
    const upload = await uploadAndRead('brownfield-land.csv', digitalLandCsv());
    const [layer] = upload.layers;
    expect(layer).toMatchObject({ featureCount: 3, detectedCrs: 'EPSG:4326' });
    expect(layer!.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['reference', 'name', 'site-address', 'hectares']),
    );
    await importLayers(upload.uploadId, [
      {
        source: layer!.name,
        layerName: 'brownfield_dl',
        title: 'Brownfield (planning.data.gov.uk)',
        crs: 'EPSG:4326',
      },
    ]);
    const rows = await stored('brownfield_dl');
    expect(rows.map((row) => row.properties.reference)).toEqual(['BLR-001', 'BLR-002', 'BLR-003']);
    expect(rows.every((row) => row.type === 'POINT' && row.x > 469_000 && row.x < 476_000)).toBe(true);
  });

  it('says latitude and longitude look swapped, and imports only when told to', async () => {
    const upload = await uploadAndRead('brownfield-swapped.csv', brownfieldRegisterCsv(true));
    const [layer] = upload.layers;
    expect(layer!.outsideGreatBritain).toBe(true);
    expect(layer!.problems).toContain(geodataMessages.outsideGreatBritain(layer!.name, true));
    const choice = {
      source: layer!.name,
      layerName: 'brownfield_swapped',
      title: 'Swapped',
      crs: 'EPSG:4326',
    };
    const refused = await confirm(upload.uploadId, [choice]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(geodataMessages.outsideGreatBritainRefused(layer!.name));
    const [report] = await importLayers(upload.uploadId, [{ ...choice, outsideGreatBritain: true }]);
    expect(report!.imported).toBe(3);
  });

  it("warns when an imported layer lies outside the council's area", async () => {
    await withTenant(t.database.db, tenantId, (trx) =>
      sql`insert into boundaries (tenant_id, kind, name, geom) values (${tenantId}, 'district', 'Reading',
        ST_Multi(ST_MakeEnvelope(465000, 168000, 478000, 180000, 27700)))`.execute(trx),
    );
    // Central London: in Great Britain, but 60 km from Reading.
    const geojson = featureCollection(
      [
        {
          properties: { name: 'Far away' },
          geometry: { type: 'Polygon', coordinates: [square(530000, 180000, 50)] },
        },
      ],
      'urn:ogc:def:crs:EPSG::27700',
    );
    const upload = await uploadAndRead('elsewhere.geojson', geojson);
    const [report] = await importLayers(upload.uploadId, [
      { source: upload.layers[0]!.name, layerName: 'elsewhere', title: 'Elsewhere' },
    ]);
    expect(report!.warnings).toEqual([geodataMessages.outsideCouncilArea(upload.layers[0]!.name)]);
    const near = await uploadAndRead(
      'near.geojson',
      featureCollection(
        [
          {
            properties: { name: 'In Reading' },
            geometry: { type: 'Polygon', coordinates: [square(471000, 173000, 50)] },
          },
        ],
        'urn:ogc:def:crs:EPSG::27700',
      ),
    );
    const [nearReport] = await importLayers(near.uploadId, [
      { source: near.layers[0]!.name, layerName: 'in_reading', title: 'In Reading' },
    ]);
    expect(nearReport!.warnings).toEqual([]);
  });

  it('names the features it repaired', async () => {
    const bowTie = [
      [471000, 173000],
      [471100, 173100],
      [471100, 173000],
      [471000, 173100],
      [471000, 173000],
    ];
    const geojson = featureCollection(
      [
        {
          properties: { name: 'Good' },
          geometry: { type: 'Polygon', coordinates: [square(471000, 173000, 50)] },
        },
        { properties: { name: 'Crossed boundary' }, geometry: { type: 'Polygon', coordinates: [bowTie] } },
      ],
      'urn:ogc:def:crs:EPSG::27700',
    );
    const upload = await uploadAndRead('repairs.geojson', geojson);
    const name = upload.layers[0]!.name;
    const [report] = await importLayers(upload.uploadId, [
      { source: name, layerName: 'repairs', title: 'Repairs' },
    ]);
    expect(report).toMatchObject({
      repaired: 1,
      repairs: [geodataMessages.featureRepaired(name, '2 ("Crossed boundary")')],
    });
  });

  it('reads a zipped MapInfo TAB, and names a shapefile copy beside it', async () => {
    const geojson = featureCollection([
      {
        properties: { name: 'Allotments', ref: 7 },
        geometry: { type: 'Polygon', coordinates: [square(471000, 173000, 80)] },
      },
    ]);
    const tab = await writeWithOgr('open_space', geojson, 'MapInfo File');
    const shp = await writeWithOgr('open_space', geojson, 'ESRI Shapefile');
    const entries = (files: Map<string, Buffer>) =>
      [...files].map(([file, content]) => ({ name: file.split('/').pop()!, content }));
    expect(
      entries(tab)
        .map((entry) => entry.name.split('.').pop()!.toLowerCase())
        .sort(),
    ).toEqual(['dat', 'id', 'map', 'tab']);

    const alone = await uploadAndRead('open_space.zip', makeZip(entries(tab)));
    expect(alone.layers).toHaveLength(1);
    expect(alone.layers[0]).toMatchObject({
      featureCount: 1,
      file: 'open_space.tab',
      needsConfirmation: false,
    });
    await importLayers(alone.uploadId, [
      { source: alone.layers[0]!.name, layerName: 'open_space', title: 'Open space' },
    ]);
    expect((await stored('open_space'))[0]!.properties).toMatchObject({ name: 'Allotments', ref: 7 });

    const both = await uploadAndRead('open_space_both.zip', makeZip([...entries(tab), ...entries(shp)]));
    expect(both.layers.map((layer) => layer.file).sort()).toEqual(['open_space.shp', 'open_space.tab']);
    expect(both.problems).toContain(geodataMessages.sameDataTwice(['open_space.shp', 'open_space.tab']));
  });

  it('refuses a .tab alone with a message that says what to send', async () => {
    const boundary = `----planning${randomUUID()}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/geodata',
      headers: admin.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="parks.tab"\r\n\r\n!table\r\n--${boundary}--\r\n`,
      ),
    });
    const message =
      response.statusCode === 202
        ? (await t.app.jobs.waitFor(response.json<{ jobId: string }>().jobId, { timeoutMs: 30_000 })).error
        : response.json<{ message: string }>().message;
    expect(message).toBe(geodataMessages.tabAlone('parks.tab'));
  });

  it("never passes GDAL's raw text on", () => {
    const raw = new Error(
      'GDAL: [{"type":3,"no":4,"message":"`/tmp/x/files/a.shp\' not recognized as a supported file format."}]',
    );
    expect(gdalReason(raw)).toBe(geodataMessages.gdalDamaged);
    expect(gdalReason(new Error('ERROR 1: Unable to open /tmp/planning-geodata/files/a.dbf'))).toBe(
      geodataMessages.gdalMissingPart,
    );
    expect(gdalReason(new Error("ERROR 6: Cannot find coordinate operations from `EPSG:4326'"))).toBe(
      geodataMessages.gdalProjection,
    );
  });
});
