import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryFileMessages as M, boundaryFileResultSchema, cfsSubmissionMessages } from '@planning/shared';
import { consultationTestBed } from '../../../test/consultation-setup';
import { multipart } from '../files/files.test-fixtures';
import { makeZip } from '../geodata/geodata.fixtures';
import type { SignedIn } from '../../../test/sessions';

// Issue 27 point 2: a submitter gives a site's boundary as a file. The files are made with the
// machine's own GDAL (ogr2ogr, as a landowner's GIS would write them), not the app's gdal3.js.
const { t, officer, resident } = consultationTestBed();
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cfs-boundaries-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Two fields side by side near Maidstone, 100 m by 100 m each, in British National Grid.
const field = (x: number) => [
  [
    [x, 155000],
    [x + 100, 155000],
    [x + 100, 155100],
    [x, 155100],
    [x, 155000],
  ],
];
const fieldsBng = JSON.stringify({
  type: 'FeatureCollection',
  crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::27700' } },
  features: [575000, 575100].map((x, i) => ({
    type: 'Feature',
    properties: { name: `Field ${i + 1}` },
    geometry: { type: 'Polygon', coordinates: field(x) },
  })),
});

/** ogr2ogr from the BNG fields to `format`; the files it wrote, by name. */
function written(format: string, extension: string, targetCrs = 'EPSG:27700'): Map<string, Buffer> {
  const source = path.join(dir, 'fields.geojson');
  writeFileSync(source, fieldsBng);
  const out = path.join(dir, `out-${format.replace(/\W/g, '')}`);
  rmSync(out, { recursive: true, force: true });
  execFileSync('ogr2ogr', ['-f', format, '-t_srs', targetCrs, `${out}${extension}`, source]);
  const files = new Map<string, Buffer>();
  if (format === 'ESRI Shapefile') {
    for (const ext of ['.shp', '.shx', '.dbf', '.prj'])
      files.set(`fields${ext}`, readFileSync(`${out}${extension.replace('.shp', ext)}`));
  } else files.set(`fields${extension}`, readFileSync(`${out}${extension}`));
  return files;
}

const send = (who: SignedIn, name: string, content: Buffer) => {
  const body = multipart([{ name, content, field: 'file' }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/public/cfs/boundaries',
    headers: who.headers({ 'content-type': body.contentType }),
    payload: body.payload,
  });
};

const expectTwoFields = (
  response: { statusCode: number; body: string; json(): unknown },
  fileName: string,
) => {
  expect(response.statusCode, response.body).toBe(200);
  const result = boundaryFileResultSchema.parse(response.json());
  expect(result).toMatchObject({ fileName, featureCount: 2 });
  expect(result.boundary.type).toBe('MultiPolygon');
  // The two touching fields joined into one area of 2 ha.
  expect(result.boundary.coordinates).toHaveLength(1);
  expect(result.areaHa).toBeCloseTo(2, 2);
  // In WGS84: near Maidstone.
  const corner = (result.boundary.coordinates as number[][][][])[0]![0]![0]!;
  expect(corner[0]).toBeGreaterThan(0.4);
  expect(corner[0]).toBeLessThan(0.7);
  expect(corner[1]).toBeGreaterThan(51.1);
  expect(corner[1]).toBeLessThan(51.4);
};

describe('a boundary from a file', () => {
  it('reads a zipped shapefile in British National Grid', async () => {
    const files = written('ESRI Shapefile', '.shp');
    const zip = makeZip([...files].map(([name, content]) => ({ name, content })));
    expectTwoFields(await send(resident, 'Land at Hop Farm.zip', zip), 'Land at Hop Farm.zip');
  });

  it('reads a GeoPackage, a KML file and GeoJSON in WGS84', async () => {
    expectTwoFields(
      await send(resident, 'fields.gpkg', written('GPKG', '.gpkg').get('fields.gpkg')!),
      'fields.gpkg',
    );
    expectTwoFields(
      await send(resident, 'fields.kml', written('KML', '.kml', 'EPSG:4326').get('fields.kml')!),
      'fields.kml',
    );
    expectTwoFields(
      await send(
        resident,
        'fields.geojson',
        written('GeoJSON', '.geojson', 'EPSG:4326').get('fields.geojson')!,
      ),
      'fields.geojson',
    );
  });

  it('refuses a file with no areas, another kind of file, a file that is not what it says, and none', async () => {
    const points = JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0.5, 51.2] } }],
    });
    const noAreas = await send(resident, 'gate.geojson', Buffer.from(points));
    expect(noAreas.statusCode).toBe(400);
    expect(noAreas.json()).toMatchObject({ message: M.noPolygons });
    const csv = await send(resident, 'fields.csv', Buffer.from('x,y\n575000,155000\n'));
    expect(csv.json()).toMatchObject({ message: M.formatNotAccepted });
    const png = await send(resident, 'fields.geojson', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    expect(png.statusCode).toBe(400);
    expect(png.json()).toMatchObject({ message: M.unreadable });
    const empty = await send(resident, 'fields.geojson', Buffer.alloc(0));
    expect(empty.json()).toMatchObject({ message: M.fileRequired });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/cfs/boundaries',
      headers: resident.headers({ 'content-type': 'application/json' }),
      payload: '{}',
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('is for consultation accounts', async () => {
    const staff = await send(officer, 'fields.geojson', Buffer.from(fieldsBng));
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toMatchObject({ message: cfsSubmissionMessages.publicAccountOnly });
  });
});
