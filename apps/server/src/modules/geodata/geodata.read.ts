import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  GEODATA_LIMITS,
  detectCrs,
  geodataMessages,
  outsideGreatBritain,
  suggestLayerName,
  type GeodataFormat,
  type GeodataLayerFinding,
} from '@planning/shared';
import { gdal, GdalError } from '../../lib/gdal/gdal';
import type { Storage } from '../storage/storage';
import { contentMatches, formatNames, formatOfName } from './geodata.sniff';
import { extractZip, looksLikeZip, readZipDirectory, ZipRefused } from './geodata.zip';

/** What the reading job leaves as its result, and GET /geodata/{uploadId} shows. */
export type GeodataFindings = {
  fileName: string;
  size: number;
  layers: GeodataLayerFinding[];
  problems: string[];
};

/** An upload unpacked in a temporary folder, with the datasets GDAL can open in it. */
export type Workspace = {
  dir: string;
  datasets: Dataset[];
  problems: string[];
  dispose(): Promise<void>;
};

type Dataset = { file: string; absolute: string; format: GeodataFormat | 'gdb' };

// CSV columns GDAL takes as coordinates (issue 13: easting/northing or longitude/latitude; issue
// 25: GeoX/GeoY of the Brownfield Land Register, and the `point` WKT of planning.data.gov.uk's).
export const CSV_OPEN_OPTIONS = [
  'X_POSSIBLE_NAMES=easting,eastings,x,x_coord,xcoord,lon,long,longitude,lng,geox',
  'Y_POSSIBLE_NAMES=northing,northings,y,y_coord,ycoord,lat,latitude,geoy',
  'GEOM_POSSIBLE_NAMES=point,wkt',
  'KEEP_GEOM_COLUMNS=NO',
  'AUTODETECT_TYPE=YES',
];

export const openOptionsOf = (dataset: { format: string }) =>
  dataset.format === 'csv' ? CSV_OPEN_OPTIONS : [];

const MAX_DEPTH = 12;

/** Refused input: the message is for the person who uploaded the file (the job fails at once). */
export class GeodataRefused extends Error {
  override name = 'GeodataRefused';
}

/**
 * Copies the stored upload into a temporary folder and unpacks it if it is a zip or KMZ (checked
 * first: see geodata.zip.ts), then finds every dataset in it at any depth. Nested zips are unpacked
 * once, within the same size budget.
 */
export async function openWorkspace(
  storage: Storage,
  tenantId: string,
  key: string,
  fileName: string,
  limits: { maxUnzippedBytes: number },
): Promise<Workspace> {
  return unpackWorkspace(key, fileName, limits, async (upload) =>
    pipeline(await storage.get(tenantId, 'geodata', key), createWriteStream(upload)),
  );
}

/**
 * The same from a file on this machine (a call for sites boundary, read and dropped at once:
 * issue 27). The file is copied, so the caller may remove its own.
 */
export function openLocalWorkspace(
  file: string,
  fileName: string,
  limits: { maxUnzippedBytes: number },
): Promise<Workspace> {
  return unpackWorkspace(path.basename(file), fileName, limits, async (upload) =>
    pipeline((await open(file)).createReadStream(), createWriteStream(upload)),
  );
}

async function unpackWorkspace(
  key: string,
  fileName: string,
  limits: { maxUnzippedBytes: number },
  copyTo: (upload: string) => Promise<void>,
): Promise<Workspace> {
  const dir = path.join(
    os.tmpdir(),
    `planning-geodata-${process.pid}-${key.replace(/[^A-Za-z0-9-]/g, '')}-${Date.now()}`,
  );
  const filesDir = path.join(dir, 'files');
  await mkdir(filesDir, { recursive: true });
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const format = formatOfName(fileName);
    if (!format) throw new GeodataRefused(geodataMessages.unsupported(fileName));
    // A .tab alone has no geometry: its .map, .id and .dat come with it only in a zip.
    if (format === 'tab') throw new GeodataRefused(geodataMessages.tabAlone(fileName));
    const upload = path.join(dir, `upload.${format}`);
    await copyTo(upload);
    const budget = { remaining: limits.maxUnzippedBytes, maxBytes: limits.maxUnzippedBytes };
    const problems: string[] = [];
    if (format === 'zip' || format === 'kmz') {
      await unzipInto(upload, fileName, filesDir, budget);
    } else {
      const safeName = fileName
        .replace(/[^A-Za-z0-9._ -]/g, '_')
        .replace(/^\.+/, '_')
        .slice(-120);
      await pipeline(
        (await open(upload)).createReadStream(),
        createWriteStream(path.join(filesDir, safeName)),
      );
    }
    const datasets = await findDatasets(filesDir, '', 0, budget, problems);
    return { dir, datasets, problems, dispose };
  } catch (error) {
    await dispose();
    if (error instanceof ZipRefused) throw new GeodataRefused(error.message);
    throw error;
  }
}

async function unzipInto(
  file: string,
  label: string,
  destination: string,
  budget: { remaining: number; maxBytes: number },
): Promise<void> {
  if (!(await looksLikeZip(file))) throw new GeodataRefused(geodataMessages.notWhatItSays(label, 'zip'));
  const entries = await readZipDirectory(file, label, { maxUnzippedBytes: budget.remaining });
  await extractZip(file, label, entries, destination, budget);
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function findDatasets(
  root: string,
  relative: string,
  depth: number,
  budget: { remaining: number; maxBytes: number },
  problems: string[],
): Promise<Dataset[]> {
  if (depth > MAX_DEPTH) return [];
  const here = path.join(root, relative);
  const entries = await readdir(here, { withFileTypes: true });
  const names = new Set(entries.map((entry) => entry.name.toLowerCase()));
  const found: Dataset[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const file = relative ? `${relative}/${entry.name}` : entry.name;
    const absolute = path.join(root, file);
    if (entry.isDirectory()) {
      // A FileGDB is a folder named *.gdb that GDAL's OpenFileGDB driver opens whole.
      if (entry.name.toLowerCase().endsWith('.gdb')) found.push({ file, absolute, format: 'gdb' });
      else found.push(...(await findDatasets(root, file, depth + 1, budget, problems)));
      continue;
    }
    if (!entry.isFile()) continue;
    const lower = entry.name.toLowerCase();
    // A zip or KMZ inside the zip: unpacked beside itself, once (no zips within those).
    if (
      (lower.endsWith('.zip') || lower.endsWith('.kmz')) &&
      depth < MAX_DEPTH &&
      !relative.includes('.unzipped')
    ) {
      const into = `${file}.unzipped`;
      try {
        await unzipInto(absolute, file, path.join(root, into), budget);
        found.push(...(await findDatasets(root, into, depth + 1, budget, problems)));
      } catch (error) {
        if (error instanceof ZipRefused || error instanceof GeodataRefused) throw error;
        problems.push(geodataMessages.zipInvalid(file));
      }
      continue;
    }
    const format = formatOfName(entry.name);
    if (!format || format === 'zip' || format === 'kmz') continue;
    // Metadata beside shapefiles (.shp.xml) is not GML.
    if (format === 'gml' && lower.endsWith('.xml')) continue;
    if (format === 'shp' || format === 'tab') {
      const base = lower.slice(0, -4);
      // A MapInfo table's geometry is in .map (with its index .id), its attributes in .dat.
      const parts = format === 'shp' ? ['.dbf', '.shx'] : ['.dat', '.map', '.id'];
      const missing = parts.filter((part) => !names.has(base + part));
      if (missing.length > 0) {
        for (const part of missing) problems.push(geodataMessages.shapefileMissing(file, part));
        continue;
      }
    }
    if (!contentMatches(format, await readHead(absolute))) {
      problems.push(geodataMessages.notWhatItSays(file, formatNames[format]));
      continue;
    }
    found.push({ file, absolute, format });
  }
  return found;
}

type OgrField = { name: string; type: string; subType?: string };
type OgrGeometryField = {
  type?: string;
  extent?: number[];
  coordinateSystem?: {
    wkt?: string;
    projjson?: { id?: { authority?: string; code?: number | string } };
  } | null;
};
type OgrLayer = {
  name: string;
  featureCount?: number;
  fields?: OgrField[];
  geometryFields?: OgrGeometryField[];
};

/** OGR's field types in the words of layers.fields (string, number, integer, boolean, date). */
export function fieldType(field: OgrField): string {
  if (field.subType === 'Boolean') return 'boolean';
  if (field.type === 'Integer' || field.type === 'Integer64') return 'integer';
  if (field.type === 'Real') return 'number';
  if (field.type === 'Date' || field.type === 'DateTime') return 'date';
  return 'string';
}

/** 'polygon', 'line', 'point' or 'mixed' from OGR's geometry type name. */
export function geometryKind(type: string): 'polygon' | 'line' | 'point' | 'mixed' {
  if (/polygon|surface/i.test(type)) return 'polygon';
  if (/line|curve/i.test(type)) return 'line';
  if (/point/i.test(type)) return 'point';
  return 'mixed';
}

/** 'EPSG:27700' when the CRS carries an id, else its name; null without one. */
function declaredCrs(crs: OgrGeometryField['coordinateSystem']): { label: string | null; usable: boolean } {
  if (!crs?.wkt) return { label: null, usable: false };
  const wkt = crs.wkt;
  // An engineering (local) CRS cannot be transformed to British National Grid.
  const usable = !/^\s*(ENGCRS|LOCAL_CS|ENGINEERINGCRS)/.test(wkt);
  const id = crs.projjson?.id;
  if (id?.authority && id.code !== undefined) return { label: `${id.authority}:${id.code}`, usable };
  // WKT2 ends with the CRS's own ID: ...ID["EPSG",27700]]
  const ownId = wkt.match(/ID\["([A-Za-z]+)",\s*(\d+)\]\]\s*$/);
  if (ownId) return { label: `${ownId[1]}:${ownId[2]}`, usable };
  const name = wkt.match(/^\s*\w+\["([^"]*)"/)?.[1] ?? 'a projection without a name';
  return { label: name, usable };
}

/** ogrinfo of every dataset: the layers found, with their projection detected where none is declared. */
export async function inspectWorkspace(
  workspace: Workspace,
  fileName: string,
  size: number,
): Promise<GeodataFindings> {
  const layers: GeodataLayerFinding[] = [];
  const problems = [...workspace.problems];
  const taken = new Set<string>();
  for (const dataset of workspace.datasets) {
    let info: { layers?: OgrLayer[] };
    try {
      info = (await gdal.info(dataset.absolute, { openOptions: openOptionsOf(dataset) })).info as typeof info;
    } catch (error) {
      problems.push(geodataMessages.unreadable(dataset.file, gdalReason(error)));
      continue;
    }
    for (const layer of info.layers ?? []) {
      const geometry = layer.geometryFields?.[0];
      if (!geometry) {
        problems.push(
          dataset.format === 'csv'
            ? geodataMessages.csvNoCoordinates(dataset.file)
            : geodataMessages.noGeometry(dataset.file, layer.name),
        );
        continue;
      }
      const extent =
        geometry.extent && geometry.extent.length >= 4 && geometry.extent.every(Number.isFinite)
          ? ([geometry.extent[0], geometry.extent[1], geometry.extent[2], geometry.extent[3]] as [
              number,
              number,
              number,
              number,
            ])
          : null;
      const crs = declaredCrs(geometry.coordinateSystem);
      const detected = crs.usable ? null : detectCrs(extent);
      const layerProblems: string[] = [];
      if (crs.label && !crs.usable)
        layerProblems.push(geodataMessages.unknownProjection(dataset.file, layer.name));
      let name = layer.name;
      for (let n = 2; taken.has(name); n += 1) name = `${layer.name} (${n})`;
      taken.add(name);
      // Latitude and longitude swapped land far from Great Britain: said, and confirmed before import.
      const outside = outsideGreatBritain(extent, crs.usable ? crs.label : detected);
      if (outside?.outside) layerProblems.push(geodataMessages.outsideGreatBritain(name, outside.swapped));
      layers.push({
        name,
        layer: layer.name,
        file: dataset.file,
        featureCount: layer.featureCount ?? 0,
        geometryType: geometry.type ?? 'Unknown',
        fields: (layer.fields ?? []).map((field) => ({ name: field.name, type: fieldType(field) })),
        declaredCrs: crs.usable ? crs.label : null,
        detectedCrs: detected,
        needsConfirmation: !crs.usable,
        extent,
        suggestedLayerName: suggestLayerName(layer.name),
        problems: layerProblems,
        ...(outside?.outside ? { outsideGreatBritain: true } : {}),
      });
    }
    if (layers.length > GEODATA_LIMITS.maxLayersPerUpload) break;
  }
  if (layers.length === 0)
    throw new GeodataRefused([geodataMessages.noLayers(fileName), ...problems].join('. '));
  problems.push(...sameDataTwice(workspace.datasets));
  return { fileName, size, layers: layers.slice(0, GEODATA_LIMITS.maxLayersPerUpload), problems };
}

/**
 * A shapefile and a MapInfo table (or other formats) of one name in one folder: the same data
 * exported twice. Both are offered as layers; the report names them so nobody imports it twice
 * unawares.
 */
function sameDataTwice(datasets: Dataset[]): string[] {
  const byBase = new Map<string, string[]>();
  for (const dataset of datasets) {
    const base = dataset.file.toLowerCase().replace(/\.[^./]+$/, '');
    byBase.set(base, [...(byBase.get(base) ?? []), dataset.file]);
  }
  return [...byBase.values()].filter((files) => files.length > 1).map(geodataMessages.sameDataTwice);
}

// GDAL's own words (often a JSON dump of its error list) in plain English (issue 25): the user
// never sees GDAL's raw text; the server log keeps it.
const GDAL_REASONS: Array<[RegExp, string]> = [
  [/no such file|unable to open|could not open|cannot open|missing/i, geodataMessages.gdalMissingPart],
  [/transform|srs|projection|proj_|coordinate (system|reference|operation)/i, geodataMessages.gdalProjection],
  [/utf-?8|encoding|iconv|codepage/i, geodataMessages.gdalEncoding],
  [/(not a|invalid) (number|numeric)|parse.*(coordinate|double)/i, geodataMessages.gdalBadCoordinates],
];

/** GDAL's failure as a plain English reason for the person who uploaded the file. */
export function gdalReason(error: unknown): string {
  const message = error instanceof GdalError || error instanceof Error ? error.message : String(error);
  for (const [pattern, reason] of GDAL_REASONS) if (pattern.test(message)) return reason;
  return geodataMessages.gdalDamaged;
}
