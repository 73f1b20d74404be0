import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { BOUNDARY_FILE_LIMITS, boundaryFileMessages as M, type BoundaryFileResult } from '@planning/shared';
import type { Database } from '../../db/schema';
import { gdal } from '../../lib/gdal/gdal';
import { badRequest, HttpError } from '../../lib/errors';
import { asUploadError } from '../files/files.service';
import { GeodataRefused, inspectWorkspace, openLocalWorkspace, openOptionsOf } from '../geodata/geodata.read';
import { formatOfName } from '../geodata/geodata.sniff';

const MAX_BYTES = BOUNDARY_FILE_LIMITS.maxMb * 1024 * 1024;
/** What a submitter's boundary may come as: one site's outline, not any GIS file. */
const ACCEPTED = new Set(['zip', 'gpkg', 'geojson', 'kml', 'kmz']);

type Polygonal = { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] };

/** The uploaded file, written to a folder of its own, stopping at the size limit. */
async function receive(request: FastifyRequest, dir: string): Promise<{ file: string; name: string }> {
  if (!request.isMultipart()) throw badRequest(M.fileRequired);
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw known(error);
  }
  if (!part || !part.filename) throw badRequest(M.fileRequired);
  const name = part.filename;
  const format = formatOfName(name);
  if (!format || !ACCEPTED.has(format)) {
    part.file.resume();
    throw badRequest(M.formatNotAccepted);
  }
  const file = path.join(dir, `upload-${randomUUID()}.${format}`);
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > MAX_BYTES) done(new HttpError(413, M.tooLarge(BOUNDARY_FILE_LIMITS.maxMb)));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, limit, createWriteStream(file));
  } catch (error) {
    throw known(error);
  }
  if (part.file.truncated) throw new HttpError(413, M.tooLarge(BOUNDARY_FILE_LIMITS.maxMb));
  if (size === 0) throw badRequest(M.fileRequired);
  return { file, name };
}

/** Busboy's refusals (no boundary, a part cut short) are the sender's: 4xx, never 500. */
function known(error: unknown): unknown {
  const mapped = asUploadError(error);
  if (mapped instanceof HttpError) {
    if (mapped === error) return error;
    return mapped.statusCode === 413
      ? new HttpError(413, M.tooLarge(BOUNDARY_FILE_LIMITS.maxMb))
      : badRequest(M.unreadable);
  }
  return error;
}

/** Every polygon of every layer of the file, in WGS84, through the geodata importer's reading. */
async function polygonsIn(file: string, name: string): Promise<Polygonal[]> {
  let workspace;
  try {
    workspace = await openLocalWorkspace(file, name, { maxUnzippedBytes: MAX_BYTES * 5 });
  } catch {
    throw badRequest(M.unreadable);
  }
  try {
    const findings = await inspectWorkspace(workspace, name, 0).catch((error: unknown) => {
      // No layer GDAL can read (a file that is not what its name says, an empty zip).
      if (error instanceof GeodataRefused) throw badRequest(M.unreadable);
      throw error;
    });
    const polygons: Polygonal[] = [];
    for (const layer of findings.layers) {
      const dataset = workspace.datasets.find((candidate) => candidate.file === layer.file);
      const sourceCrs = layer.declaredCrs ?? layer.detectedCrs;
      if (!dataset || !sourceCrs) continue;
      let outputs: string[] = [];
      try {
        outputs = await gdal.ogr2ogr(
          dataset.absolute,
          `cfs-boundary-${randomUUID()}`,
          ['-f', 'GeoJSON', '-dim', 'XY', '-s_srs', sourceCrs, '-t_srs', 'EPSG:4326', layer.layer],
          { openOptions: openOptionsOf(dataset) },
        );
        const output = outputs[0];
        if (!output) continue;
        const collection = JSON.parse(await readFile(output, 'utf8')) as {
          features?: { geometry?: { type?: string; coordinates?: unknown[] } | null }[];
        };
        for (const feature of collection.features ?? []) {
          const geometry = feature.geometry;
          if (
            (geometry?.type === 'Polygon' || geometry?.type === 'MultiPolygon') &&
            Array.isArray(geometry.coordinates)
          )
            polygons.push({ type: geometry.type, coordinates: geometry.coordinates });
          if (polygons.length > BOUNDARY_FILE_LIMITS.maxFeatures)
            throw badRequest(M.tooManyFeatures(BOUNDARY_FILE_LIMITS.maxFeatures));
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        // A layer GDAL cannot convert is skipped; with no polygons at all the file is refused.
      } finally {
        await Promise.all(outputs.map((output) => rm(output, { force: true })));
      }
    }
    return polygons;
  } finally {
    await workspace.dispose();
  }
}

/**
 * A call for sites boundary from a file (issue 27 point 2): a zipped shapefile, GeoPackage, KML or
 * KMZ, or GeoJSON, its projection read or detected as the geodata importer does, every area joined
 * into one multipolygon in WGS84 with its area. Nothing is kept: the draft stores the boundary
 * when saved, through the staff drawing's checks.
 */
export async function readBoundaryFile(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<BoundaryFileResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-cfs-boundary-'));
  try {
    const { file, name } = await receive(request, dir);
    const polygons = await polygonsIn(file, name);
    if (polygons.length === 0) throw badRequest(M.noPolygons);
    const { rows } = await sql<{ boundary: string | null; area: number | null }>`
      with parts as (
        select ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(part), 4326)) as geom
        from unnest(${polygons.map((polygon) => JSON.stringify(polygon))}::text[]) as part
      ), joined as (
        select ST_Multi(ST_CollectionExtract(ST_Union(geom), 3)) as geom from parts
      )
      select ST_AsGeoJSON(geom, 7) as boundary, ST_Area(ST_Transform(geom, 27700)) / 10000 as area
      from joined`
      .execute(db)
      .catch(() => ({ rows: [] as { boundary: string | null; area: number | null }[] }));
    const joined = rows[0];
    if (!joined?.boundary || joined.area === null) throw badRequest(M.unreadable);
    return {
      fileName: name,
      boundary: JSON.parse(joined.boundary) as BoundaryFileResult['boundary'],
      areaHa: Math.round(Number(joined.area) * 10_000) / 10_000,
      featureCount: polygons.length,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
