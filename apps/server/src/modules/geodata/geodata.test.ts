import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEODATA_LIMITS, geodataMessages, type GeodataUpload } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { auditRows } from '../audit/audit.testing';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { convert, featureCollection, makeZip, square } from './geodata.fixtures';

let t: TestApp;
let admin: SignedIn;
let viewer: SignedIn;
let tenantId: string;

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(name: string, content: Buffer, field: string = GEODATA_LIMITS.field) {
  const boundary = `----planning${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(name: string, content: Buffer | string, as: SignedIn = admin) {
  const body = multipart(name, Buffer.isBuffer(content) ? content : Buffer.from(content));
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/geodata',
    headers: as.headers(body.headers),
    payload: body.payload,
  });
}

/** Uploads and waits for the reading job; returns the upload as GET /geodata/{id} shows it. */
async function uploadAndRead(name: string, content: Buffer | string): Promise<GeodataUpload> {
  const response = await upload(name, content);
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

async function confirm(uploadId: string, layers: Array<Record<string, unknown>>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/geodata/${uploadId}/confirm`,
    headers: admin.headers(),
    payload: { layers },
  });
}

async function confirmAndWait(uploadId: string, layers: Array<Record<string, unknown>>) {
  const response = await confirm(uploadId, layers);
  expect(response.statusCode, response.body).toBe(202);
  return t.app.jobs.waitFor(response.json<{ jobId: string }>().jobId, { timeoutMs: 60_000 });
}

const storedFeatures = (layerName: string) =>
  withTenant(t.database.db, tenantId, async (trx) => {
    const { rows } = await sql<{
      srid: number;
      type: string;
      valid: boolean;
      x: number;
      y: number;
      properties: Record<string, unknown>;
    }>`
      select ST_SRID(f.geom) as srid, GeometryType(f.geom) as type, ST_IsValid(f.geom) as valid,
        ST_X(ST_Centroid(f.geom)) as x, ST_Y(ST_Centroid(f.geom)) as y, f.properties
      from layer_features f join layers l on l.id = f.layer_id
      where l.layer_name = ${layerName} order by f.id`.execute(trx);
    return rows;
  });

// Central London in British National Grid, and the same places in WGS84 and Web Mercator.
const BNG = { x: 530000, y: 180000 };
const WGS84 = { lon: -0.1276, lat: 51.5072 };
const MERCATOR = { x: -14205, y: 6711600 };
const inLondon = (row: { x: number; y: number }) =>
  row.x > 520_000 && row.x < 540_000 && row.y > 170_000 && row.y < 190_000;

beforeAll(async () => {
  // A small upload limit so the oversized-upload test sends 2 MB, not 2 GB.
  t = await buildTestApp({ env: { GEODATA_MAX_UPLOAD_MB: '1', GEODATA_MAX_UNZIPPED_MB: '8' } });
  const tenant = await buildTenantWithUsers(t.database.db);
  tenantId = tenant.id;
  [admin, viewer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('viewer')),
  ]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('geodata import', () => {
  it('imports GeoJSON in WGS84: reprojected to 27700, a bow-tie repaired, a feature without geometry dropped', async () => {
    const d = 0.001;
    const { lon, lat } = WGS84;
    const geojson = featureCollection([
      {
        properties: { name: 'Square', ref: 1 },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [lon, lat],
              [lon + d, lat],
              [lon + d, lat + d],
              [lon, lat + d],
              [lon, lat],
            ],
          ],
        },
      },
      {
        // Self-intersecting: ST_MakeValid makes two triangles, still polygons.
        properties: { name: 'Bow tie', ref: 2 },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [lon, lat],
              [lon + d, lat + d],
              [lon + d, lat],
              [lon, lat + d],
              [lon, lat],
            ],
          ],
        },
      },
      { properties: { name: 'Nothing', ref: 3 }, geometry: null },
    ]);
    // A site inside the square: the import works out its overlap (issue 13 point 5).
    const siteId = await withTenant(t.database.db, tenantId, async (trx) => {
      await sql`insert into scenarios (tenant_id, name, is_default) values (${tenantId}, 'Base', true)
        on conflict do nothing`.execute(trx);
      const { rows } = await sql<{ id: string }>`
        insert into sites (tenant_id, id_unique, scenario_name, site_name, size_ha, geom)
        select ${tenantId}, 'GEO-1', 'Base', 'Inside the square', ST_Area(g) / 10000, ST_Multi(g)
        from (select ST_Buffer(ST_Transform(ST_SetSRID(ST_MakePoint(${lon + d / 2}, ${lat + d / 2}), 4326), 27700), 15) as g) p
        returning id::text as id`.execute(trx);
      return rows[0]?.id ?? '';
    });
    const found = await uploadAndRead('flood zones.geojson', geojson);
    expect(found.status).toBe('ready');
    expect(found.layers).toHaveLength(1);
    const [layer] = found.layers;
    expect(layer).toMatchObject({
      featureCount: 3,
      declaredCrs: 'EPSG:4326',
      needsConfirmation: false,
      fields: [
        { name: 'name', type: 'string' },
        { name: 'ref', type: 'integer' },
      ],
    });
    const job = await confirmAndWait(found.uploadId, [
      { source: layer!.name, layerName: 'flood_zones', title: 'Flood zones' },
    ]);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const report = (job.result as { layers: Array<Record<string, unknown>> }).layers[0];
    expect(report).toMatchObject({ layerName: 'flood_zones', imported: 2, repaired: 1, dropped: 1 });
    expect(String((report?.problems as string[])[0])).toContain('feature 3');
    const rows = await storedFeatures('flood_zones');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.srid).toBe(27700);
      expect(row.valid).toBe(true);
      expect(row.type).toMatch(/POLYGON/);
      expect(inLondon(row)).toBe(true);
    }
    const layers = await t.app.inject({ method: 'GET', url: '/api/v1/layers', headers: admin.headers() });
    const stored = layers
      .json<{ layers: Array<Record<string, unknown>> }>()
      .layers.find((candidate) => candidate.layerName === 'flood_zones');
    expect(stored).toMatchObject({ featureCount: 2, geometryType: 'polygon', version: 1 });
    expect(stored?.style).toMatchObject({ type: 'fill', outline: { paint: { 'line-width': 1.5 } } });
    expect(stored?.source).toMatchObject({ fileName: 'flood zones.geojson', crs: 'EPSG:4326' });
    const overlaps = await t.app.inject({
      method: 'GET',
      url: `/api/v1/site/${siteId}/intersected-layers`,
      headers: admin.headers(),
    });
    expect(overlaps.json()).toMatchObject({
      layers: [{ layerName: 'flood_zones', layerOverlapPercent: 100 }],
    });

    // The upload, the import and then deleting the uploaded file are in the audit log.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/geodata/${found.uploadId}`,
      headers: admin.headers(),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const audit = async (action: 'geodata.upload' | 'geodata.import' | 'geodata.delete') =>
      (await auditRows(t.database.db, tenantId, action)).find((row) => row.target_id === found.uploadId);
    expect(await audit('geodata.upload')).toMatchObject({
      actor_email: expect.stringMatching(/^admin@/),
      target_type: 'geodata-upload',
      summary: "Uploaded geodata file 'flood zones.geojson'",
    });
    expect(await audit('geodata.import')).toMatchObject({
      summary: "Started importing 'Flood zones' from 'flood zones.geojson'",
      details: {
        fileName: 'flood zones.geojson',
        layers: [{ source: layer!.name, layerName: 'flood_zones', title: 'Flood zones' }],
      },
    });
    expect(await audit('geodata.delete')).toMatchObject({ summary: 'Deleted an uploaded geodata file' });
  }, 120_000);

  it('reads a nested-folder zip: a Web Mercator shapefile, and a BNG CSV that waits for its projection', async () => {
    const shapefile = await convert(
      [
        {
          name: 'green_belt',
          geojson: featureCollection(
            [
              {
                properties: { name: 'Green belt', code: 'GB1' },
                geometry: { type: 'Polygon', coordinates: [square(BNG.x, BNG.y, 200)] },
              },
            ],
            'urn:ogc:def:crs:EPSG::27700',
          ),
        },
      ],
      'ESRI Shapefile',
      'green_belt',
      'EPSG:3857',
    );
    const csv = `id,easting,northing,name\n1,${BNG.x},${BNG.y},Oak\n2,${BNG.x + 50},${BNG.y + 50},Ash\n`;
    const lonLat = `id,longitude,latitude,name\n1,${WGS84.lon},${WGS84.lat},Elm\n`;
    const zip = makeZip([
      ...[...shapefile].map(([name, content]) => ({ name: `council/constraints/2024/${name}`, content })),
      { name: 'council/trees/tpo_points.csv', content: Buffer.from(csv) },
      { name: 'council/trees/veteran.csv', content: Buffer.from(lonLat) },
      { name: 'council/README.txt', content: Buffer.from('Constraint layers') },
      { name: '__MACOSX/council/._tpo_points.csv', content: Buffer.from('junk') },
    ]);
    const found = await uploadAndRead('constraints.zip', zip);
    expect(found.status, found.error ?? '').toBe('ready');
    const byName = new Map(found.layers.map((layer) => [layer.name, layer]));
    expect([...byName.keys()].sort()).toEqual(['green_belt', 'tpo_points', 'veteran']);
    expect(byName.get('green_belt')).toMatchObject({
      file: 'council/constraints/2024/green_belt.shp',
      needsConfirmation: false,
      featureCount: 1,
    });
    expect(byName.get('tpo_points')).toMatchObject({
      needsConfirmation: true,
      detectedCrs: 'EPSG:27700',
      featureCount: 2,
    });
    expect(byName.get('veteran')).toMatchObject({ needsConfirmation: true, detectedCrs: 'EPSG:4326' });

    // A layer without a projection is not imported until one is chosen.
    const refused = await confirm(found.uploadId, [
      { source: 'tpo_points', layerName: 'tpo', title: 'TPOs' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(geodataMessages.crsNeeded('tpo_points'));

    const job = await confirmAndWait(found.uploadId, [
      { source: 'green_belt', layerName: 'green_belt', title: 'Green belt' },
      { source: 'tpo_points', layerName: 'tpo', title: 'TPOs', crs: 'EPSG:27700' },
      { source: 'veteran', layerName: 'veteran_trees', title: 'Veteran trees', crs: 'EPSG:4326' },
    ]);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const belt = await storedFeatures('green_belt');
    expect(belt).toHaveLength(1);
    // Web Mercator back to BNG: the square's centre within centimetres.
    expect(belt[0]!.x).toBeCloseTo(BNG.x + 100, 0);
    expect(belt[0]!.y).toBeCloseTo(BNG.y + 100, 0);
    const tpo = await storedFeatures('tpo');
    expect(tpo.map((row) => [row.type, row.x, row.y])).toEqual([
      ['POINT', BNG.x, BNG.y],
      ['POINT', BNG.x + 50, BNG.y + 50],
    ]);
    expect(tpo[0]?.properties).toMatchObject({ name: 'Oak' });
    const veteran = await storedFeatures('veteran_trees');
    expect(inLondon(veteran[0]!)).toBe(true);
    expect(veteran[0]?.srid).toBe(27700);
  }, 120_000);

  it('reads every layer of a GeoPackage (three), in Web Mercator', async () => {
    const layer = (name: string, offset: number) => ({
      name,
      geojson: featureCollection(
        [
          {
            properties: { name, area: 1.5 },
            geometry: { type: 'Polygon', coordinates: [square(MERCATOR.x + offset, MERCATOR.y, 100)] },
          },
        ],
        'urn:ogc:def:crs:EPSG::3857',
      ),
    });
    const files = await convert(
      [layer('sssi', 0), layer('ancient_woodland', 300), layer('scheduled_monuments', 600)],
      'GPKG',
      'nature',
    );
    const found = await uploadAndRead('nature.gpkg', files.get('nature.gpkg')!);
    expect(found.layers.map((item) => item.name).sort()).toEqual([
      'ancient_woodland',
      'scheduled_monuments',
      'sssi',
    ]);
    expect(found.layers.every((item) => item.declaredCrs === 'EPSG:3857' && !item.needsConfirmation)).toBe(
      true,
    );
    const job = await confirmAndWait(
      found.uploadId,
      found.layers.map((item) => ({ source: item.name, layerName: `gpkg_${item.name}`, title: item.name })),
    );
    expect(job.status, job.error ?? '').toBe('succeeded');
    for (const item of found.layers) {
      const rows = await storedFeatures(`gpkg_${item.name}`);
      expect(rows).toHaveLength(1);
      expect(inLondon(rows[0]!)).toBe(true);
      expect(rows[0]?.properties).toMatchObject({ name: item.name, area: 1.5 });
    }
  }, 120_000);

  it('reads KML, KMZ, GML and a zipped FileGDB', async () => {
    const source = [
      {
        name: 'parks',
        geojson: featureCollection(
          [
            {
              properties: { name: 'North park' },
              geometry: { type: 'Polygon', coordinates: [square(BNG.x, BNG.y, 100)] },
            },
            {
              properties: { name: 'South park' },
              geometry: { type: 'Polygon', coordinates: [square(BNG.x, BNG.y - 500, 100)] },
            },
          ],
          'urn:ogc:def:crs:EPSG::27700',
        ),
      },
    ];
    const kml = [...(await convert(source, 'KML', 'parks'))][0]![1];
    const gml = await convert(source, 'GML', 'parks_gml');
    const gdb = await convert(source, 'OpenFileGDB', 'parks');
    const uploads: Array<[string, Buffer]> = [
      ['parks.kml', kml],
      ['parks.kmz', makeZip([{ name: 'doc.kml', content: kml }])],
      ['parks.gml', gml.get('parks_gml.gml')!],
      ['parks_gdb.zip', makeZip([...gdb].map(([name, content]) => ({ name: `export/${name}`, content })))],
    ];
    for (const [index, [name, content]] of uploads.entries()) {
      const found = await uploadAndRead(name, content);
      expect(found.status, `${name}: ${found.error ?? ''}`).toBe('ready');
      expect(
        found.layers.map((layer) => layer.featureCount),
        name,
      ).toEqual([2]);
      const layerName = `parks_${index}`;
      const job = await confirmAndWait(found.uploadId, [
        {
          source: found.layers[0]!.name,
          layerName,
          title: name,
          ...(found.layers[0]!.needsConfirmation ? { crs: 'EPSG:27700' } : {}),
        },
      ]);
      expect(job.status, `${name}: ${job.error ?? ''}`).toBe('succeeded');
      const rows = await storedFeatures(layerName);
      expect(rows, name).toHaveLength(2);
      expect(
        rows.every((row) => row.srid === 27700 && inLondon(row)),
        name,
      ).toBe(true);
      // KML keeps a placemark's name as Name.
      expect(rows.map((row) => row.properties.name ?? row.properties.Name).sort(), name).toEqual([
        'North park',
        'South park',
      ]);
    }
  }, 180_000);

  it('names an unknown projection and waits for one to be chosen', async () => {
    const shapefile = await convert(
      [
        {
          name: 'odd',
          geojson: featureCollection([
            { properties: { a: 1 }, geometry: { type: 'Point', coordinates: [BNG.x, BNG.y] } },
          ]),
        },
      ],
      'ESRI Shapefile',
      'odd',
    );
    const zip = makeZip([
      ...[...shapefile]
        .filter(([name]) => !name.endsWith('.prj'))
        .map(([name, content]) => ({ name, content })),
      { name: 'odd.prj', content: Buffer.from('LOCAL_CS["Site grid",UNIT["metre",1]]') },
    ]);
    const found = await uploadAndRead('odd.zip', zip);
    expect(found.layers[0]).toMatchObject({
      needsConfirmation: true,
      detectedCrs: 'EPSG:27700',
      declaredCrs: null,
    });
    expect(found.layers[0]!.problems).toEqual([geodataMessages.unknownProjection('odd.shp', 'odd')]);
  }, 60_000);

  it('replaces a layer from a new upload after checking its schema, and bumps its version', async () => {
    const geojson = (names: string[]) =>
      featureCollection(
        names.map((name, index) => ({
          properties: { name, ref: index },
          geometry: { type: 'Polygon', coordinates: [square(BNG.x + index * 300, BNG.y, 100)] },
        })),
        'urn:ogc:def:crs:EPSG::27700',
      );
    const first = await uploadAndRead('conservation.geojson', geojson(['Old town']));
    await confirmAndWait(first.uploadId, [
      { source: first.layers[0]!.name, layerName: 'conservation', title: 'Conservation' },
    ]);
    const layers = await t.app.inject({
      method: 'GET',
      url: '/api/v1/layers?scope=admin',
      headers: admin.headers(),
    });
    const layerId = layers
      .json<{ layers: Array<{ id: string; layerName: string }> }>()
      .layers.find((layer) => layer.layerName === 'conservation')!.id;

    const second = await uploadAndRead('conservation.geojson', geojson(['Old town', 'Riverside', 'Mill']));
    const check = await t.app.inject({
      method: 'POST',
      url: `/api/v1/geodata/${second.uploadId}/check-schema`,
      headers: admin.headers(),
      payload: { source: second.layers[0]!.name, layerId },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ matches: true, missing: [], added: [], geometryTypeMatches: true });
    const job = await confirmAndWait(second.uploadId, [
      {
        source: second.layers[0]!.name,
        layerName: 'conservation',
        title: 'Conservation',
        replaceLayerId: layerId,
      },
    ]);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const layer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/layers/${layerId}`,
      headers: admin.headers(),
    });
    expect(layer.json()).toMatchObject({ featureCount: 3, version: 2 });
    expect(await storedFeatures('conservation')).toHaveLength(3);
  }, 120_000);
});

describe('geodata bad input (issue 13 point 8)', () => {
  const expectJobError = async (name: string, content: Buffer | string, message: string | RegExp) => {
    const response = await upload(name, content);
    expect(response.statusCode, response.body).toBe(202);
    const job = await t.app.jobs.waitFor(response.json<{ jobId: string }>().jobId, { timeoutMs: 60_000 });
    expect(job.status).toBe('failed');
    if (typeof message === 'string') expect(job.error).toContain(message);
    else expect(job.error).toMatch(message);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/v1/geodata/${response.json<{ uploadId: string }>().uploadId}`,
      headers: admin.headers(),
    });
    expect(found.json()).toMatchObject({ status: 'failed', layers: [] });
  };

  it('refuses a zip entry that climbs out of its folder', async () => {
    const zip = makeZip([
      { name: 'ok/points.csv', content: Buffer.from('easting,northing\n530000,180000\n') },
      { name: '../../etc/evil.csv', content: Buffer.from('x') },
    ]);
    await expectJobError(
      'traversal.zip',
      zip,
      geodataMessages.zipUnsafePath('traversal.zip', '../../etc/evil.csv'),
    );
  });

  it('refuses a zip bomb by its compression ratio, and one that lies about its size', async () => {
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    await expectJobError(
      'bomb.zip',
      makeZip([{ name: 'big.csv', content: zeros }]),
      geodataMessages.zipRatio('bomb.zip', 'big.csv'),
    );
    const liar = makeZip([{ name: 'small.csv', content: Buffer.alloc(200_000, 0x41), declaredSize: 10 }]);
    await expectJobError('liar.zip', liar, geodataMessages.zipSizeLies('liar.zip', 'small.csv'));
    // Declared sizes over the unpacked limit (8 MB here) are refused before a byte is unpacked.
    const huge = makeZip([
      { name: 'a.csv', content: Buffer.from('x'), declaredSize: 5 * 1024 * 1024 },
      { name: 'b.csv', content: Buffer.from('y'), declaredSize: 5 * 1024 * 1024 },
    ]);
    await expectJobError('huge.zip', huge, geodataMessages.zipTooBig('huge.zip', 8));
  });

  it('refuses a file that is not what its name says, before it is stored', async () => {
    const response = await upload('nature.gpkg', 'this is just text');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(geodataMessages.notWhatItSays('nature.gpkg', 'GeoPackage'));
    const zip = await upload('layers.zip', '{"type":"FeatureCollection","features":[]}');
    expect(zip.statusCode).toBe(400);
    const unknown = await upload('drawing.dwg', 'AC1018');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(geodataMessages.unsupported('drawing.dwg'));
  });

  it('names a shapefile missing its .dbf and .shx', async () => {
    const shapefile = await convert(
      [
        {
          name: 'parks',
          geojson: featureCollection([
            { properties: { a: 1 }, geometry: { type: 'Point', coordinates: [0, 51] } },
          ]),
        },
      ],
      'ESRI Shapefile',
      'parks',
    );
    const zip = makeZip([
      { name: 'data/parks.shp', content: shapefile.get('parks.shp')! },
      { name: 'data/parks.prj', content: shapefile.get('parks.prj')! },
    ]);
    await expectJobError('parks.zip', zip, geodataMessages.shapefileMissing('data/parks.shp', '.dbf'));
  });

  it('says a CSV has no coordinate columns', async () => {
    await expectJobError(
      'owners.csv',
      'id,owner\n1,Council\n',
      geodataMessages.csvNoCoordinates('owners.csv'),
    );
  });

  it('asks for a projection when coordinates fit none it knows, and refuses to guess', async () => {
    const found = await uploadAndRead('odd.csv', 'x,y,name\n9000000,9000000,far\n');
    expect(found.layers[0]).toMatchObject({ needsConfirmation: true, detectedCrs: null });
    const refused = await confirm(found.uploadId, [{ source: 'odd', layerName: 'odd', title: 'Odd' }]);
    expect(refused.statusCode).toBe(400);
  });

  it('refuses an upload over the configured limit with a 413, and keeps serving', async () => {
    const response = await upload('huge.geojson', Buffer.alloc(2 * 1024 * 1024, 0x20));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(geodataMessages.tooLarge(1));
    // Under the length check, over the limit: stopped by the byte counter while streaming.
    const streamed = await upload('big.geojson', Buffer.alloc(1.5 * 1024 * 1024, 0x20));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toBe(geodataMessages.tooLarge(1));
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/geodata',
      headers: admin.headers({ 'content-type': 'application/json' }),
      payload: {},
    });
    expect(notMultipart.statusCode).toBe(415);
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/layers', headers: admin.headers() });
    expect(health.statusCode).toBe(200);
  });

  it('needs placemaker write to upload', async () => {
    const response = await upload('a.csv', 'easting,northing\n1,2\n', viewer);
    expect(response.statusCode).toBe(403);
  });
});
