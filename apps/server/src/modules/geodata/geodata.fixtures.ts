import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { gdal } from '../../lib/gdal/gdal';

/** Test fixtures for geodata imports: zips written by hand (honest or hostile) and files made by GDAL. */

export type ZipFile = {
  name: string;
  content: Buffer;
  /** Stored uncompressed instead of deflated. */
  store?: boolean;
  /** Declares this uncompressed size instead of the true one (a lying zip). */
  declaredSize?: number;
};

/** A zip archive (local headers, central directory, end record), as any zip tool writes it. */
export function makeZip(files: ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = file.store ? file.content : deflateRawSync(file.content);
    const method = file.store ? 0 : 8;
    const crc = crc32(file.content);
    const size = file.declaredSize ?? file.content.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

type Ring = Array<[number, number]>;

/** A square polygon ring from its south-west corner. */
export const square = (x: number, y: number, size: number): Ring => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

/** A GeoJSON FeatureCollection, optionally with a (GeoJSON 2008) named CRS. */
export function featureCollection(
  features: Array<{ properties: Record<string, unknown>; geometry: unknown }>,
  crs?: string,
): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    ...(crs ? { crs: { type: 'name', properties: { name: crs } } } : {}),
    features: features.map((feature) => ({ type: 'Feature', ...feature })),
  });
}

/**
 * Converts GeoJSON text with gdal3.js (lib/gdal) to another format; returns the files written
 * (a shapefile's .shp, .shx, .dbf and .prj) by their path in GDAL's output folder. Several sources make one
 * GeoPackage with a layer each.
 */
export async function convert(
  sources: Array<{ name: string; geojson: string }>,
  format: 'ESRI Shapefile' | 'GPKG' | 'GML' | 'KML' | 'OpenFileGDB',
  outputName: string,
  targetCrs?: string,
): Promise<Map<string, Buffer>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'geodata-fixture-'));
  try {
    const written = new Set<string>();
    for (const [index, source] of sources.entries()) {
      const input = path.join(dir, `${source.name}.geojson`);
      await writeFile(input, source.geojson);
      const args = ['-f', format, '-nln', source.name, ...(targetCrs ? ['-t_srs', targetCrs] : [])];
      if (format === 'GPKG' && index > 0) args.push('-update', '-append');
      for (const file of await gdal.ogr2ogr(input, outputName, args)) written.add(file);
    }
    // By their path under GDAL's output folder (a FileGDB is a folder of files).
    const files = new Map<string, Buffer>();
    for (const file of written) {
      files.set(path.relative(gdal.outputDir, file), await readFile(file));
      await rm(file, { force: true });
    }
    if (format === 'OpenFileGDB')
      await rm(path.join(gdal.outputDir, `${outputName}.gdb`), { recursive: true, force: true });
    return files;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
