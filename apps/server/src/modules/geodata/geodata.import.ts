import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { sql, type Transaction } from 'kysely';
import {
  GEODATA_LIMITS,
  defaultLayerStyle,
  geodataMessages,
  layerColor,
  type GeodataCrs,
  type GeodataLayerFinding,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { refreshLayerSummary } from '../layers/layers.summary';
import { computeLayerOverlaps } from '../overlaps/overlaps.service';
import { gdal } from '../../lib/gdal/gdal';
import { PermanentJobError, type JobContext } from '../jobs/jobs.queue';
import { gdalReason, geometryKind, openOptionsOf, type Workspace } from './geodata.read';

export type ImportChoice = {
  source: string;
  layerName: string;
  title: string;
  crs?: GeodataCrs;
  replaceLayerId?: string;
};

export type ImportPayload = {
  uploadId: string;
  key: string;
  fileName: string;
  layers: Array<{ choice: ImportChoice; finding: GeodataLayerFinding }>;
};

export type LayerReport = {
  layerId: string;
  layerName: string;
  source: string;
  imported: number;
  repaired: number;
  dropped: number;
  problems: string[];
  /** The features repaired, named (issue 25). */
  repairs: string[];
  warnings: string[];
};

type Feature = { n: number; sourceId: string | null; properties: Record<string, unknown>; geometry: unknown };

// ST_CollectionExtract's type per layer kind: polygons stay polygons after ST_MakeValid (issue 13).
const EXTRACT = { point: 1, line: 2, polygon: 3, mixed: 0 } as const;

/**
 * Imports one layer of the upload: GDAL reprojects it to EPSG:27700 (GeoJSON with RFC7946=NO keeps
 * the target CRS, one feature a line), then the features go into layer_features in batches inside
 * ONE transaction with the layers row, so a failure leaves nothing half imported. Invalid
 * geometries are repaired with ST_MakeValid; ones that repair to nothing are dropped and reported.
 */
export async function importLayer(
  context: JobContext<ImportPayload>,
  workspace: Workspace,
  item: ImportPayload['layers'][number],
  progress: (features: number) => void,
): Promise<LayerReport> {
  const { choice, finding } = item;
  const dataset = workspace.datasets.find((candidate) => candidate.file === finding.file);
  if (!dataset) throw new PermanentJobError(geodataMessages.unknownLayer(finding.name));
  const sourceCrs = finding.needsConfirmation ? choice.crs : undefined;
  if (finding.needsConfirmation && !sourceCrs)
    throw new PermanentJobError(geodataMessages.crsNeeded(finding.name));

  const outputName = `geodata-${context.job.id}-${choice.layerName}`;
  let files: string[];
  try {
    files = await gdal.ogr2ogr(
      dataset.absolute,
      outputName,
      [
        '-f',
        'GeoJSON',
        '-lco',
        'RFC7946=NO',
        '-dim',
        'XY',
        ...(sourceCrs ? ['-s_srs', sourceCrs] : []),
        '-t_srs',
        'EPSG:27700',
        finding.layer,
      ],
      { openOptions: openOptionsOf(dataset) },
    );
  } catch (error) {
    context.log.warn({ err: error, file: finding.file }, 'geodata: GDAL could not convert a layer');
    const reason = gdalReason(error);
    if (/transformation|srs|projection/i.test(reason))
      throw new PermanentJobError(geodataMessages.unknownProjection(finding.file, finding.layer));
    throw new PermanentJobError(
      geodataMessages.unreadable(`${finding.file}, layer ${finding.layer}`, reason),
    );
  }
  const output = files[0];
  if (!output)
    throw new PermanentJobError(geodataMessages.unreadable(finding.file, geodataMessages.gdalDamaged));
  try {
    const kind = geometryKind(finding.geometryType);
    return await context.inTenant((trx) => writeLayer(trx, context, item, kind, output, progress));
  } finally {
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }
}

async function writeLayer(
  trx: Transaction<Database>,
  context: JobContext<ImportPayload>,
  { choice, finding }: ImportPayload['layers'][number],
  kind: keyof typeof EXTRACT,
  output: string,
  progress: (features: number) => void,
): Promise<LayerReport> {
  const tenantId = context.job.tenantId;
  const source = {
    uploadId: context.payload.uploadId,
    importJobId: context.job.id,
    fileName: context.payload.fileName,
    file: finding.file,
    layer: finding.layer,
    crs: finding.declaredCrs ?? choice.crs ?? null,
    importedAt: new Date().toISOString(),
  };
  const fields = JSON.stringify(finding.fields.map((field) => ({ name: field.name, type: field.type })));
  let layerId: string;
  if (choice.replaceLayerId) {
    const existing = await trx
      .selectFrom('layers')
      .select(['id'])
      .where('id', '=', choice.replaceLayerId)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) throw new PermanentJobError(geodataMessages.notFound);
    layerId = existing.id;
    await trx.deleteFrom('layer_features').where('layer_id', '=', layerId).execute();
  } else {
    const existing = await trx
      .selectFrom('layers')
      .select(['id', sql<string | null>`source->>'importJobId'`.as('jobId')])
      .where('layer_name', '=', choice.layerName)
      .executeTakeFirst();
    // An earlier attempt of this same job committed it: not imported twice.
    if (existing?.jobId === context.job.id) return alreadyImported(trx, existing.id, choice, finding);
    if (existing) throw new PermanentJobError(geodataMessages.layerNameTaken(choice.layerName));
    const created = await trx
      .insertInto('layers')
      .values({
        tenant_id: tenantId,
        layer_name: choice.layerName,
        title: choice.title,
        geometry_type: kind,
        style: JSON.stringify(defaultLayerStyle(kind, layerColor(choice.layerName))),
        fields,
        source: JSON.stringify(source),
        created_by: context.job.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    layerId = created.id;
  }

  const report: LayerReport = {
    layerId,
    layerName: choice.layerName,
    source: finding.name,
    imported: 0,
    repaired: 0,
    dropped: 0,
    problems: [],
    repairs: [],
    warnings: [],
  };
  const drop = (feature: string, reason: string) => {
    report.dropped += 1;
    if (report.problems.length < GEODATA_LIMITS.maxReportedProblems)
      report.problems.push(geodataMessages.featureDropped(finding.name, feature, reason));
  };
  let batch: Feature[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    context.signal.throwIfAborted();
    const result = await insertBatch(trx, tenantId, layerId, kind, batch);
    report.imported += result.inserted;
    report.repaired += result.repaired.length;
    for (const n of result.repaired) {
      if (report.repairs.length >= GEODATA_LIMITS.maxReportedProblems) break;
      const feature = batch.find((candidate) => candidate.n === n);
      report.repairs.push(geodataMessages.featureRepaired(finding.name, featureLabel(n, feature)));
    }
    for (const n of result.dropped) {
      const feature = batch.find((candidate) => candidate.n === n);
      drop(featureLabel(n, feature), 'its geometry is not valid and could not be repaired');
    }
    progress(batch.length);
    batch = [];
  };

  const lines = createInterface({ input: createReadStream(output, 'utf8'), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    // GDAL's GeoJSON writer puts each feature on a line of its own, ending with a comma.
    if (!line.startsWith('{ "type": "Feature"')) continue;
    n += 1;
    const parsed = JSON.parse(line.replace(/,\s*$/, '')) as {
      id?: string | number;
      properties?: Record<string, unknown> | null;
      geometry?: { type?: string; coordinates?: unknown } | null;
    };
    const sourceId = parsed.id === undefined ? null : String(parsed.id);
    const properties = parsed.properties ?? {};
    const geometryProblem = problemOf(parsed.geometry ?? null);
    if (geometryProblem) {
      drop(featureLabel(n, { sourceId, properties }), geometryProblem);
      progress(1);
      continue;
    }
    batch.push({ n, sourceId, properties, geometry: parsed.geometry });
    if (batch.length >= GEODATA_LIMITS.insertBatch) await flush();
  }
  await flush();
  if (report.imported === 0)
    throw new PermanentJobError(
      [
        `${context.payload.fileName}, layer ${finding.name}: no feature could be imported`,
        ...report.problems.slice(0, 5),
      ].join('. '),
    );

  await refreshLayerSummary(trx, layerId);
  if (!(await withinCouncilArea(trx, layerId)))
    report.warnings.push(geodataMessages.outsideCouncilArea(finding.name));
  await sql`
    update layers set
      fields = ${fields}::jsonb,
      geometry_type = ${kind},
      source = ${JSON.stringify(source)}::jsonb,
      version = case when ${choice.replaceLayerId ?? null}::uuid is null then version else version + 1 end
    where id = ${layerId}`.execute(trx);
  // Issue 13 point 5: every site's overlap with the new (or replaced) features, in the same
  // transaction, so the constraints shown and searched are never those of features now gone.
  await computeLayerOverlaps(trx, context.job.tenantId, layerId);
  return report;
}

async function alreadyImported(
  trx: Transaction<Database>,
  layerId: string,
  choice: ImportChoice,
  finding: GeodataLayerFinding,
): Promise<LayerReport> {
  const row = await trx
    .selectFrom('layers')
    .select('feature_count')
    .where('id', '=', layerId)
    .executeTakeFirstOrThrow();
  return {
    layerId,
    layerName: choice.layerName,
    source: finding.name,
    imported: row.feature_count,
    repaired: 0,
    dropped: 0,
    problems: [],
    repairs: [],
    warnings: [],
  };
}

/**
 * False when the council has a district boundary and no feature of the layer lies within 5 km of
 * it (issue 25: coordinates in the wrong columns or projection land elsewhere). True without one.
 */
async function withinCouncilArea(trx: Transaction<Database>, layerId: string): Promise<boolean> {
  const { rows } = await sql<{ near: boolean | null }>`
    select exists (
      select 1 from layer_features f, boundaries b
      where f.layer_id = ${layerId} and b.kind = 'district' and ST_DWithin(f.geom, b.geom, 5000)
    ) or not exists (select 1 from boundaries where kind = 'district') as near`.execute(trx);
  return rows[0]?.near !== false;
}

const NAME_PROPERTIES = [
  'name',
  'sitename',
  'site_name',
  'sitenameaddress',
  'title',
  'reference',
  'sitereference',
];

/** A feature as the person who made the file knows it: its number, id and name where it has them. */
function featureLabel(
  n: number,
  feature: { sourceId: string | null; properties: Record<string, unknown> } | undefined,
): string {
  const parts: string[] = [];
  if (feature?.sourceId) parts.push(`id ${feature.sourceId}`);
  const key = Object.keys(feature?.properties ?? {}).find((name) =>
    NAME_PROPERTIES.includes(name.toLowerCase()),
  );
  const value = key ? feature?.properties[key] : undefined;
  if (typeof value === 'string' || typeof value === 'number') parts.push(`"${String(value).slice(0, 80)}"`);
  return parts.length > 0 ? `${n} (${parts.join(', ')})` : String(n);
}

/** What PostGIS would refuse to read, found before it can fail the whole batch. */
function problemOf(geometry: { type?: string; coordinates?: unknown } | null): string | null {
  if (!geometry) return 'it has no geometry';
  const positions = (value: unknown): number => (Array.isArray(value) ? value.length : 0);
  const rings = (polygon: unknown) =>
    Array.isArray(polygon) && polygon.length > 0 && polygon.every((ring) => positions(ring) >= 4);
  switch (geometry.type) {
    case 'LineString':
      return positions(geometry.coordinates) >= 2 ? null : 'a line needs at least two points';
    case 'MultiLineString':
      return Array.isArray(geometry.coordinates) && geometry.coordinates.every((line) => positions(line) >= 2)
        ? null
        : 'a line needs at least two points';
    case 'Polygon':
      return rings(geometry.coordinates) ? null : 'a polygon ring needs at least four points';
    case 'MultiPolygon':
      return Array.isArray(geometry.coordinates) && geometry.coordinates.every(rings)
        ? null
        : 'a polygon ring needs at least four points';
    default:
      return null;
  }
}

async function insertBatch(
  trx: Transaction<Database>,
  tenantId: string,
  layerId: string,
  kind: keyof typeof EXTRACT,
  features: Feature[],
): Promise<{ inserted: number; repaired: number[]; dropped: number[] }> {
  const json = JSON.stringify(
    features.map((feature) => ({
      n: feature.n,
      sourceId: feature.sourceId,
      properties: feature.properties,
      geometry: JSON.stringify(feature.geometry),
    })),
  );
  const extract = EXTRACT[kind];
  const { rows } = await sql<{ inserted: number; repaired: number[] | null; dropped: number[] | null }>`
    with input as (
      select (f->>'n')::int as n, f->>'sourceId' as source_id, coalesce(f->'properties', '{}'::jsonb) as properties,
        ST_SetSRID(ST_GeomFromGeoJSON(f->>'geometry'), 27700) as g
      from jsonb_array_elements(${json}::jsonb) as f
    ), checked as (
      select n, source_id, properties, g, ST_IsValid(g) as valid from input
    ), fixed as (
      select n, source_id, properties, not valid as repaired,
        case when ${extract}::int = 0 then m else ST_CollectionExtract(m, ${extract}::int) end as geom
      from (select *, case when valid then g else ST_MakeValid(g) end as m from checked) c
    ), kept as (
      insert into layer_features (tenant_id, layer_id, source_id, properties, geom)
      select ${tenantId}, ${layerId}, source_id, properties, geom from fixed
      where geom is not null and not ST_IsEmpty(geom)
      returning 1
    )
    select (select count(*) from kept)::int as inserted,
      (select array_agg(n order by n) from fixed where repaired and geom is not null and not ST_IsEmpty(geom)) as repaired,
      (select array_agg(n order by n) from fixed where geom is null or ST_IsEmpty(geom)) as dropped`.execute(
    trx,
  );
  const row = rows[0];
  return { inserted: row?.inserted ?? 0, repaired: row?.repaired ?? [], dropped: row?.dropped ?? [] };
}
