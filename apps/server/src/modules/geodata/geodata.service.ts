import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import { sql, type Transaction } from 'kysely';
import {
  GEODATA_LIMITS,
  geodataMessages,
  outsideGreatBritain,
  layerMessages,
  type GeodataConfirm,
  type GeodataUpload,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors';
import type { Storage } from '../storage/storage';
import type { ImportPayload } from './geodata.import';
import { geometryKind, type GeodataFindings } from './geodata.read';
import { contentMatches, formatNames, formatOfName } from './geodata.sniff';

type Trx = Transaction<Database>;

export const GEODATA_INSPECT_JOB = 'geodata.inspect';
export const GEODATA_IMPORT_JOB = 'geodata.import';

export type InspectPayload = { key: string; fileName: string; size: number };

const MEGABYTE = 1024 * 1024;

/** Counts the bytes through and fails once they pass the limit (an upload over GEODATA_MAX_UPLOAD_MB). */
class UploadLimit extends Transform {
  size = 0;
  head = Buffer.alloc(0);
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.head.length < 4096)
      this.head = Buffer.concat([this.head, chunk.subarray(0, 4096 - this.head.length)]);
    if (this.size > this.limit)
      return done(new HttpError(413, geodataMessages.tooLarge(Math.round(this.limit / MEGABYTE))));
    done(null, chunk);
  }
}

export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; file: Readable };

/**
 * Streams the one uploaded file into the council's 'geodata' bucket through a byte counter, then
 * checks its first bytes are what its name says. Refusals remove what was stored.
 */
export async function receiveGeodata(
  parts: AsyncIterable<UploadPart>,
  storage: Storage,
  tenantId: string,
  maxBytes: number,
): Promise<InspectPayload> {
  let received: InspectPayload | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== GEODATA_LIMITS.field) throw badRequest(geodataMessages.notMultipart);
      if (received) throw badRequest(geodataMessages.oneFile);
      const fileName = part.filename.replace(/[\\/]/g, '_').slice(-200) || 'upload';
      const format = formatOfName(fileName);
      if (!format) {
        part.file.resume();
        throw badRequest(geodataMessages.unsupported(fileName));
      }
      const key = randomUUID();
      const counter = new UploadLimit(maxBytes);
      // pipeline hands the first failure (the limit passed, a broken request) on to the counter,
      // which fails the store; every stream has its error handled.
      const body = pipeline(part.file, counter, () => undefined);
      const stored = await storage.put(tenantId, 'geodata', key, body, {
        contentType: 'application/octet-stream',
      });
      received = { key, fileName, size: stored.size };
      if (counter.errored) throw counter.errored;
      if (counter.size > maxBytes)
        throw new HttpError(413, geodataMessages.tooLarge(Math.round(maxBytes / MEGABYTE)));
      if (!contentMatches(format, counter.head))
        throw badRequest(geodataMessages.notWhatItSays(fileName, formatNames[format]));
    }
  } catch (error) {
    if (received) await storage.delete(tenantId, 'geodata', received.key).catch(() => undefined);
    else if (error instanceof HttpError) throw error;
    throw asUploadError(error, maxBytes);
  }
  if (!received) throw badRequest(geodataMessages.noFile);
  return received;
}

function asUploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, geodataMessages.tooLarge(Math.round(maxBytes / MEGABYTE)));
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest(geodataMessages.oneFile);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, geodataMessages.notMultipart);
  const message = error instanceof Error ? error.message : '';
  if (
    code?.startsWith('FST_') ||
    /multipart|boundary|unexpected end of form|malformed|part terminated/i.test(message)
  )
    return badRequest(geodataMessages.notMultipart);
  return error;
}

type JobRow = {
  id: string;
  kind: string;
  status: string;
  payload: unknown;
  result: unknown;
  error: string | null;
};

async function uploadJob(trx: Trx, uploadId: string): Promise<JobRow> {
  const row = await trx
    .selectFrom('jobs')
    .select(['id', 'kind', 'status', 'payload', 'result', 'error'])
    .where('id', '=', uploadId)
    .where('kind', '=', GEODATA_INSPECT_JOB)
    .executeTakeFirst();
  if (!row) throw notFound(geodataMessages.notFound);
  return row;
}

async function latestImport(trx: Trx, uploadId: string): Promise<JobRow | null> {
  const row = await trx
    .selectFrom('jobs')
    .select(['id', 'kind', 'status', 'payload', 'result', 'error'])
    .where('kind', '=', GEODATA_IMPORT_JOB)
    .where(sql<string>`payload->>'uploadId'`, '=', uploadId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

const payloadOf = (row: JobRow) => row.payload as InspectPayload;
const findingsOf = (row: JobRow) => row.result as GeodataFindings | null;

/** GET /geodata/{uploadId}: what the reading found, and where the import is. */
export async function readUpload(trx: Trx, uploadId: string): Promise<GeodataUpload> {
  const job = await uploadJob(trx, uploadId);
  const payload = payloadOf(job);
  const findings = job.status === 'succeeded' ? findingsOf(job) : null;
  const imported = await latestImport(trx, uploadId);
  let status: GeodataUpload['status'] =
    job.status === 'succeeded'
      ? 'ready'
      : job.status === 'failed' || job.status === 'cancelled'
        ? 'failed'
        : 'reading';
  let error = status === 'failed' ? (job.error ?? geodataMessages.failed) : null;
  if (imported) {
    if (imported.status === 'succeeded') status = 'imported';
    else if (imported.status === 'failed' || imported.status === 'cancelled') {
      status = 'failed';
      error = imported.error ?? geodataMessages.failed;
    } else status = 'importing';
  }
  return {
    uploadId,
    fileName: payload.fileName,
    size: payload.size,
    status,
    error,
    layers: findings?.layers ?? [],
    problems: findings?.problems ?? [],
    importJobId: imported?.id ?? null,
    report: imported?.status === 'succeeded' ? (imported.result as GeodataUpload['report']) : null,
  };
}

/** Checks a confirm against the findings; returns the import job's payload. */
export async function planImport(
  trx: Trx,
  uploadId: string,
  confirm: GeodataConfirm,
): Promise<ImportPayload> {
  const job = await uploadJob(trx, uploadId);
  if (job.status === 'failed' || job.status === 'cancelled')
    throw conflict(job.error ?? geodataMessages.failed);
  const findings = findingsOf(job);
  if (job.status !== 'succeeded' || !findings) throw conflict(geodataMessages.notReady);
  const running = await latestImport(trx, uploadId);
  if (running && (running.status === 'queued' || running.status === 'running'))
    throw conflict(geodataMessages.notReady);
  const names = new Set<string>();
  const layers: ImportPayload['layers'] = [];
  for (const choice of confirm.layers) {
    const finding = findings.layers.find((layer) => layer.name === choice.source);
    if (!finding) throw badRequest(geodataMessages.unknownLayer(choice.source));
    if (finding.needsConfirmation && !choice.crs) throw badRequest(geodataMessages.crsNeeded(choice.source));
    // Issue 25: a layer outside Great Britain (latitude and longitude swapped?) is imported only
    // when the user confirms it, in the projection chosen now.
    const outside = outsideGreatBritain(finding.extent, finding.declaredCrs ?? choice.crs ?? null);
    if (outside?.outside && !choice.outsideGreatBritain)
      throw badRequest(geodataMessages.outsideGreatBritainRefused(choice.source));
    if (choice.replaceLayerId) {
      const target = await trx
        .selectFrom('layers')
        .select('id')
        .where('id', '=', choice.replaceLayerId)
        .executeTakeFirst();
      if (!target) throw notFound(layerMessages.notFound);
    } else {
      if (names.has(choice.layerName)) throw badRequest(geodataMessages.duplicateLayerName(choice.layerName));
      names.add(choice.layerName);
      const taken = await trx
        .selectFrom('layers')
        .select('id')
        .where('layer_name', '=', choice.layerName)
        .executeTakeFirst();
      if (taken) throw conflict(geodataMessages.layerNameTaken(choice.layerName));
    }
    layers.push({ choice, finding });
  }
  const payload = payloadOf(job);
  return { uploadId, key: payload.key, fileName: payload.fileName, layers };
}

/** check-schema: the upload layer's fields against an existing layer's. */
export async function checkSchema(trx: Trx, uploadId: string, source: string, layerId: string) {
  const job = await uploadJob(trx, uploadId);
  const finding = findingsOf(job)?.layers.find((layer) => layer.name === source);
  if (job.status !== 'succeeded') throw conflict(geodataMessages.notReady);
  if (!finding) throw badRequest(geodataMessages.unknownLayer(source));
  const layer = await trx
    .selectFrom('layers')
    .select(['fields', 'geometry_type'])
    .where('id', '=', layerId)
    .executeTakeFirst();
  if (!layer) throw notFound(layerMessages.notFound);
  const existing = new Map(layer.fields.map((field) => [field.name, field.type]));
  const incoming = new Map(finding.fields.map((field) => [field.name, field.type]));
  const missing = [...existing.keys()].filter((name) => !incoming.has(name));
  const added = [...incoming.keys()].filter((name) => !existing.has(name));
  const typeChanges = [...incoming]
    .filter(([name, type]) => existing.has(name) && existing.get(name) !== type)
    .map(([name, type]) => ({ name, from: existing.get(name) ?? '', to: type }));
  const geometryTypeMatches = layer.geometry_type === geometryKind(finding.geometryType);
  return {
    matches: missing.length === 0 && added.length === 0 && typeChanges.length === 0 && geometryTypeMatches,
    missing,
    added,
    typeChanges,
    geometryTypeMatches,
  };
}

/** The stored file of an upload (its findings stay, so the report can still be read). */
export async function uploadKey(trx: Trx, uploadId: string): Promise<string> {
  return payloadOf(await uploadJob(trx, uploadId)).key;
}
