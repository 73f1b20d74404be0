import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GEODATA_LIMITS,
  geodataCheckSchemaAnswer,
  geodataCheckSchemaInput,
  geodataConfirmAnswerSchema,
  geodataConfirmSchema,
  geodataCrsSchema,
  geodataInfoSchema,
  geodataMessages,
  geodataRenameSchema,
  geodataUploadAnswerSchema,
  geodataUploadSchema,
  layerSchema,
} from '@planning/shared';
import { HttpError } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { PermanentJobError, type JobContext } from '../jobs/jobs.queue';
import { changedFields } from '../audit/audit.changes';
import { recordAudit, recordAuditAlone } from '../audit/audit.record';
import { geodataInfo, readLayer, renameLayer } from '../layers/layers.service';
import { importLayer, type ImportPayload, type LayerReport } from './geodata.import';
import { GeodataRefused, inspectWorkspace, openWorkspace } from './geodata.read';
import {
  GEODATA_IMPORT_JOB,
  GEODATA_INSPECT_JOB,
  checkSchema,
  planImport,
  readUpload,
  receiveGeodata,
  uploadKey,
  type InspectPayload,
  type UploadPart,
} from './geodata.service';
import { ZipRefused } from './geodata.zip';
import { errorResponses, signedInTenant } from '../../lib/route-helpers';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
// Geodata is placemaker admin work (spec 03 §2 /admin/placemaker/geodata/*): 'authorisation'
// grants are for roles and users, not layers.
const read = { access: [{ unit: 'placemaker', action: 'read' }] } as const;
const write = { access: [{ unit: 'placemaker', action: 'write' }] } as const;
const remove = { access: [{ unit: 'placemaker', action: 'delete' }] } as const;
const tags = ['geodata'];
const uploadParams = z.object({ uploadId: z.string().uuid() });
const MULTIPART_OVERHEAD = 1024 * 1024;

const inspectPayloadSchema = z.object({ key: z.string(), fileName: z.string(), size: z.number() });
const importPayloadSchema: z.ZodType<ImportPayload> = z.object({
  uploadId: z.string(),
  key: z.string(),
  fileName: z.string(),
  layers: z.array(
    z.object({
      choice: z.object({
        source: z.string(),
        layerName: z.string(),
        title: z.string(),
        crs: geodataCrsSchema.optional(),
        replaceLayerId: z.string().optional(),
      }),
      finding: z.custom<ImportPayload['layers'][number]['finding']>(
        (value) => typeof value === 'object' && value !== null,
      ),
    }),
  ),
});

/** A refused file is the uploader's to mend: the job fails at once with the reason. */
function asJobError(error: unknown): unknown {
  if (error instanceof GeodataRefused || error instanceof ZipRefused)
    return new PermanentJobError(error.message);
  if (error instanceof HttpError && error.statusCode === 404)
    return new PermanentJobError(geodataMessages.notFound);
  return error;
}

/** Spec 01 §7 "/geodata upload, delete, rename, check-schema; /geodata-info" (issue 13 point 1). */
export const geodataRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.geodata;
  // Registered in this plugin only (as files does): the one geodata file, up to the configured size.
  await app.register(multipart, {
    limits: {
      fileSize: limits.maxUploadBytes + 1,
      files: 2,
      fields: 2,
      fieldSize: 1024,
      parts: 4,
      headerPairs: 50,
    },
  });

  app.jobs.define<InspectPayload>(GEODATA_INSPECT_JOB, {
    payload: inspectPayloadSchema,
    maxAttempts: 2,
    handler: async ({ job, payload, storage }) => {
      const workspace = await openWorkspace(
        storage,
        job.tenantId,
        payload.key,
        payload.fileName,
        limits,
      ).catch((error: unknown) => {
        throw asJobError(error);
      });
      try {
        return await inspectWorkspace(workspace, payload.fileName, payload.size);
      } catch (error) {
        throw asJobError(error);
      } finally {
        await workspace.dispose();
      }
    },
  });

  app.jobs.define<ImportPayload>(GEODATA_IMPORT_JOB, {
    payload: importPayloadSchema,
    maxAttempts: 2,
    handler: (context) => runImport(context, limits),
  });

  const inTenant = signedInTenant(app.database.db);

  app.post(
    '/geodata',
    {
      config: write,
      schema: {
        tags,
        summary: `Uploads one geodata file (multipart field '${GEODATA_LIMITS.field}': zip, GeoPackage, GeoJSON, KML/KMZ, GML or CSV); a job reads its layers`,
        consumes: ['multipart/form-data'],
        response: { 202: geodataUploadAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw new HttpError(415, geodataMessages.notMultipart);
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > limits.maxUploadBytes + MULTIPART_OVERHEAD)
        throw new HttpError(413, geodataMessages.tooLarge(Math.round(limits.maxUploadBytes / 1024 / 1024)));
      const received = await receiveGeodata(
        request.parts() as AsyncIterable<UploadPart>,
        app.storage,
        auth.tenantId,
        limits.maxUploadBytes,
      );
      try {
        const { jobId } = await inTenant(request, async (trx) => {
          const job = await app.jobs.enqueue(trx, {
            tenantId: auth.tenantId,
            userId: auth.userId,
            kind: GEODATA_INSPECT_JOB,
            payload: received,
            notify: { label: geodataMessages.inspectLabel(received.fileName) },
          });
          await recordAudit(trx, auth.tenantId, request, {
            action: 'geodata.upload',
            targetType: 'geodata-upload',
            targetId: job.jobId,
            summary: `Uploaded geodata file '${received.fileName}'`,
            details: { fileName: received.fileName, size: received.size },
          });
          return job;
        });
        return reply.status(202).send({ uploadId: jobId, jobId });
      } catch (error) {
        await app.storage.delete(auth.tenantId, 'geodata', received.key).catch(() => undefined);
        throw error;
      }
    },
  );

  app.get(
    '/geodata/:uploadId',
    {
      config: write,
      schema: {
        tags,
        summary:
          'What the upload holds per layer: name, feature count, geometry type, fields, projection found or detected',
        params: uploadParams,
        response: { 200: geodataUploadSchema, ...errors },
      },
    },
    async (request) => inTenant(request, (trx) => readUpload(trx, request.params.uploadId)),
  );

  app.post(
    '/geodata/:uploadId/confirm',
    {
      config: write,
      schema: {
        tags,
        summary: 'Imports the chosen layers (names, titles, the projection of those without one) as a job',
        params: uploadParams,
        body: geodataConfirmSchema,
        response: { 202: geodataConfirmAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { jobId } = await inTenant(request, async (trx) => {
        const payload = await planImport(trx, request.params.uploadId, request.body);
        const job = await app.jobs.enqueue(trx, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          kind: GEODATA_IMPORT_JOB,
          payload,
          notify: { label: geodataMessages.importLabel(payload.fileName) },
        });
        const layers = request.body.layers.map(({ source, layerName, title, replaceLayerId }) => ({
          source,
          layerName,
          title,
          ...(replaceLayerId && { replaceLayerId }),
        }));
        await recordAudit(trx, auth.tenantId, request, {
          action: 'geodata.import',
          targetType: 'geodata-upload',
          targetId: request.params.uploadId,
          summary: `Started importing ${layers.map((layer) => `'${layer.title}'`).join(', ')} from '${payload.fileName}'`,
          details: { fileName: payload.fileName, layers },
        });
        return job;
      });
      return reply.status(202).send({ jobId });
    },
  );

  app.post(
    '/geodata/:uploadId/check-schema',
    {
      config: write,
      schema: {
        tags,
        summary: "Compares a layer of the upload with an existing layer's fields and geometry type",
        params: uploadParams,
        body: geodataCheckSchemaInput,
        response: { 200: geodataCheckSchemaAnswer, ...errors },
      },
    },
    async (request) =>
      inTenant(request, (trx) =>
        checkSchema(trx, request.params.uploadId, request.body.source, request.body.layerId),
      ),
  );

  app.delete(
    '/geodata/:uploadId',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Deletes the uploaded file (layers already imported from it stay)',
        params: uploadParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const key = await inTenant(request, (trx) => uploadKey(trx, request.params.uploadId));
      await app.storage.delete(tenantId, 'geodata', key);
      await recordAuditAlone(app.database.db, tenantId, request, {
        action: 'geodata.delete',
        targetType: 'geodata-upload',
        targetId: request.params.uploadId,
        summary: 'Deleted an uploaded geodata file',
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/geodata/rename',
    {
      config: write,
      schema: {
        tags,
        summary: 'Renames a layer (its machine name and/or title); bumps its version',
        body: geodataRenameSchema,
        response: { 200: layerSchema, ...errors },
      },
    },
    async (request) =>
      inTenant(request, async (trx) => {
        const before = await readLayer(trx, request.body.layerId);
        const layer = await renameLayer(trx, request.body.layerId, request.body);
        await recordAudit(trx, requireAuth(request).tenantId, request, {
          action: 'layer.rename',
          targetType: 'layer',
          targetId: layer.id,
          summary: `Renamed layer '${before.title}' to '${layer.title}'`,
          details: changedFields(before, layer, ['layerName', 'title']),
        });
        return layer;
      }),
  );

  app.get(
    '/geodata-info',
    {
      config: read,
      schema: {
        tags,
        summary: "The council's geodata layers: id, layerId, parentId (theme), name, count, version, source",
        response: { 200: geodataInfoSchema, ...errors },
      },
    },
    async (request) => inTenant(request, geodataInfo),
  );
};

/** The import job: each chosen layer in a transaction of its own; one layer's failure stops none of the others. */
async function runImport(context: JobContext<ImportPayload>, limits: { maxUnzippedBytes: number }) {
  const { payload } = context;
  const workspace = await openWorkspace(
    context.storage,
    context.job.tenantId,
    payload.key,
    payload.fileName,
    limits,
  ).catch((error: unknown) => {
    throw asJobError(error);
  });
  const total = payload.layers.reduce((sum, item) => sum + Math.max(item.finding.featureCount, 0), 0);
  let done = 0;
  // Inside a layer's transaction the progress write waits for the connection on PGlite: never awaited there.
  const progress = (features: number) => {
    done += features;
    void context.progress(Math.min(done, total), total).catch(() => undefined);
  };
  const reports: LayerReport[] = [];
  const failures: string[] = [];
  try {
    for (const item of payload.layers) {
      try {
        reports.push(await importLayer(context, workspace, item, progress));
      } catch (error) {
        if (!(error instanceof PermanentJobError)) throw error;
        failures.push(error.message);
      }
    }
  } finally {
    await workspace.dispose();
  }
  if (failures.length > 0) {
    const imported = reports.map((report) => `${report.layerName} imported (${report.imported} features)`);
    throw new PermanentJobError([...failures, ...imported].join('. '));
  }
  return { layers: reports };
}
