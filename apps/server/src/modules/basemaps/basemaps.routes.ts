import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BASEMAP_LIMITS,
  baseMapLayers,
  baseMapListSchema,
  baseMapChoiceSchema,
  basemapMessages,
  baseMapSettingsSchema,
  boundaryLabelsSchema,
  errorBodySchema,
  featureAccess,
  newRasterBaseMapSchema,
  newStyleBaseMapSchema,
  pmtilesBaseMapSchema,
  renameBaseMapSchema,
  styleBaseMapSchema,
  xyzBaseMapSchema,
} from '@planning/shared';
import { HttpError, notFound } from '../../lib/errors';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { parseRange } from './basemaps.archive';
import {
  addRaster,
  addStyle,
  BaseMapArchives,
  baseMapSettings,
  boundaryLabels,
  councilBaseMaps,
  rasterTemplate,
  removeEntry,
  renameEntry,
  type ServableArchive,
} from './basemaps.service';
import { fetchUpstreamTile } from './basemaps.upstream';
import { recordAuditAlone } from '../audit/audit.record';

export { basemapMessages };

const read = { access: [{ unit: 'placemaker', action: 'read' }] } as const;
// Uploading or removing a council's base map is an administrator's act (spec 01 §6 admin grants).
const administer = { access: featureAccess.admin } as const;
const tags = ['maps'];

const params = z
  .object({
    layer: z.enum(baseMapLayers),
    z: z.coerce.number().int().min(0).max(23),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, 'The tile is outside the world');

const archiveParams = z.object({
  file: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?\.pmtiles$/, basemapMessages.notFound),
});
// An uploaded archive's uuid, a style document's or an XYZ service's id.
const idParams = z.object({
  id: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, basemapMessages.notFound),
});
const rasterParams = z
  .object({
    id: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, basemapMessages.notFound),
    z: z.coerce.number().int().min(0).max(23),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, 'The tile is outside the world');
const adminErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
} as const;
const uploadQuery = z.object({ name: z.string().trim().min(1).max(100).optional() });

/**
 * Base maps (spec 03 §7.3 map providers, issue 13 point 7): the council's raster services through
 * our server (their addresses and keys stay here), its PMTiles archives read by byte range (no
 * tile server: the browser's `pmtiles://` protocol asks for the bytes it needs), its MapLibre
 * style documents, and the label points of the offline map.
 */
export const basemapsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The audit row of a change to the council's base maps (their files and settings are not in one transaction). */
  const audited = (
    request: FastifyRequest,
    baseMap: { id: string; kind: string | null },
    summary: string,
    action: 'basemap.create' | 'basemap.rename' | 'basemap.delete' = 'basemap.create',
  ) =>
    recordAuditAlone(app.database.db, requireAuth(request).tenantId, request, {
      action,
      targetType: 'basemap',
      targetId: baseMap.id,
      summary,
      details: baseMap.kind ? { kind: baseMap.kind } : {},
    });
  // Registered in this plugin only, for the one archive an upload carries.
  await app.register(multipart, {
    limits: {
      fileSize: BASEMAP_LIMITS.maxArchiveBytes + 1,
      files: 1,
      fields: 0,
      parts: 1,
      headerPairs: 50,
    },
  });
  const archives = new BaseMapArchives(app.database.db, app.storage, app.config.dataDir, app.log);

  app.get(
    '/basemaps',
    {
      config: read,
      schema: {
        tags,
        summary: "The council's vector base maps: PMTiles archives and MapLibre style documents",
        response: { 200: baseMapListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { baseMaps: await archives.list(auth.tenantId, requireTenant(request).name) };
    },
  );

  app.get(
    '/basemaps/labels',
    {
      config: read,
      schema: {
        tags,
        summary: 'A label point for each ward, parish and neighbourhood of the council (WGS84)',
        response: { 200: boundaryLabelsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => boundaryLabels(app.database.db, requireAuth(request).tenantId),
  );

  app.post(
    '/basemaps/pmtiles',
    {
      config: administer,
      bodyLimit: BASEMAP_LIMITS.maxArchiveBytes + 1024 * 1024,
      schema: {
        tags,
        summary: "Uploads a PMTiles v3 archive (multipart field 'file') as one of the council's base maps",
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
        response: {
          201: pmtilesBaseMapSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw new HttpError(415, basemapMessages.notMultipart);
      if (Number(request.headers['content-length'] ?? 0) > BASEMAP_LIMITS.maxArchiveBytes + 1024 * 1024)
        throw new HttpError(413, basemapMessages.tooLarge);
      let part;
      try {
        part = await request.file();
      } catch {
        throw new HttpError(400, basemapMessages.noFile);
      }
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw new HttpError(400, basemapMessages.noFile);
      }
      const created = await archives.upload(
        auth.tenantId,
        auth.userId,
        part.file,
        part.filename,
        request.query.name ?? null,
      );
      await audited(request, created, `Uploaded base map '${created.name}' (PMTiles)`);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/basemaps/settings',
    {
      config: administer,
      schema: {
        tags,
        summary:
          "The addresses of the council's style documents and XYZ services (never their keys), and its providers",
        response: { 200: baseMapSettingsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => baseMapSettings(app.database.db, requireAuth(request).tenantId),
  );

  app.post(
    '/basemaps/styles',
    {
      config: administer,
      schema: {
        tags,
        summary: 'Adds a MapLibre style document (an https address on the public internet) as a base map',
        body: newStyleBaseMapSchema,
        response: { 201: styleBaseMapSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const created = await addStyle(app.database.db, requireAuth(request).tenantId, request.body);
      await audited(request, created, `Added base map '${created.name}' (style document)`);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/basemaps/rasters',
    {
      config: administer,
      schema: {
        tags,
        summary:
          'Adds an XYZ raster tile service (an https template with {z}, {x} and {y}, and its attribution) as a base map',
        body: newRasterBaseMapSchema,
        response: { 201: xyzBaseMapSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const created = await addRaster(app.database.db, requireAuth(request).tenantId, request.body);
      await audited(request, created, `Added base map '${created.name}' (XYZ tiles)`);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/basemaps/:id',
    {
      config: administer,
      schema: {
        tags,
        summary: 'Renames an uploaded archive, a style document or an XYZ service',
        params: idParams,
        body: renameBaseMapSchema,
        response: { 200: baseMapChoiceSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const { id } = request.params;
      if (archives.isFolderArchive(id)) throw new HttpError(400, basemapMessages.folderArchive);
      const renamed =
        (await archives.renameUpload(tenantId, id, request.body.name)) ??
        (await renameEntry(app.database.db, tenantId, id, request.body.name));
      if (!renamed) throw notFound(basemapMessages.notFound);
      await audited(request, renamed, `Renamed base map to '${renamed.name}'`, 'basemap.rename');
      return renamed;
    },
  );

  app.delete(
    '/basemaps/:id',
    {
      config: administer,
      schema: {
        tags,
        summary: 'Removes an uploaded PMTiles archive, a style document or an XYZ service',
        params: idParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const { id } = request.params;
      if (archives.isFolderArchive(id)) throw new HttpError(400, basemapMessages.folderArchive);
      if (await archives.hasUpload(tenantId, id)) await archives.remove(tenantId, id);
      else if (!(await removeEntry(app.database.db, tenantId, id))) throw notFound(basemapMessages.notFound);
      await audited(request, { id, kind: null }, `Removed base map ${id}`, 'basemap.delete');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/basemaps/rasters/:id/:z/:x/:y',
    {
      // Fetched by the map library: a revoked session is refused without using up its one notice.
      config: { ...read, reportsSessionEnd: false },
      schema: {
        tags,
        summary: "A tile of one of the XYZ services the council's administrators added",
        params: rasterParams,
        response: {
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { id, z: zoom, x, y } = request.params;
      const template = await rasterTemplate(app.database.db, requireAuth(request).tenantId, id);
      if (!template) throw notFound(basemapMessages.notFound);
      // An administrator's address: public internet addresses only, checked as we connect.
      return proxyTile(request, reply, tileUrl(template, zoom, x, y), { publicOnly: true });
    },
  );

  app.get(
    '/basemaps/:file',
    {
      // Read by the map library: a revoked session is refused without using up its one notice.
      config: { ...read, reportsSessionEnd: false },
      // Byte ranges go out as stored: a compressed range would no longer be the bytes asked for.
      compress: false,
      schema: {
        tags,
        summary: 'A PMTiles archive, in the byte ranges asked for (Range: bytes=a-b answers 206)',
        params: archiveParams,
        response: {
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          416: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = request.params.file.replace(/\.pmtiles$/, '');
      const archive = await archives.servable(auth.tenantId, requireTenant(request).name, id);
      return sendArchive(request, reply, archive);
    },
  );

  app.get(
    '/basemaps/:layer/:z/:x/:y',
    {
      // Fetched by the map library: a revoked session is refused without using up its one notice.
      config: { ...read, reportsSessionEnd: false },
      schema: {
        tags,
        summary: "A tile of one of the council's base maps (OS, satellite imagery, terrain)",
        params,
        response: {
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { layer, z: zoom, x, y } = request.params;
      const source = (await councilBaseMaps(app.database.db, requireAuth(request).tenantId))[layer];
      if (!source) throw notFound(basemapMessages.notConfigured);
      const template = source.tiles.replaceAll('{key}', encodeURIComponent(source.key ?? ''));
      // Set up with the council by whoever runs the platform: it may be on their own network.
      return proxyTile(request, reply, tileUrl(template, zoom, x, y), { publicOnly: false });
    },
  );
};

/** Only z, x and y, checked as numbers, go into a provider's address (the key is in already). */
function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
}

/** A provider's tile passed on, 204 where it has none, 502 when it answers with anything else. */
async function proxyTile(
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  options: { publicOnly: boolean },
) {
  const upstream = await fetchUpstreamTile(url, options);
  if (upstream.kind === 'none') return sendTile(reply, null, '');
  if (upstream.kind === 'bad') {
    request.log.warn({ reason: upstream.reason }, 'base map provider answered badly');
    throw new HttpError(502, basemapMessages.providerFailed);
  }
  return sendTile(reply, upstream.body, upstream.type);
}

/**
 * The archive, whole or the one byte range asked for: 206 with Content-Range, 416 for a range
 * outside it, 304 when the browser's copy is current (ETag), and If-Range honoured.
 */
function sendArchive(request: FastifyRequest, reply: FastifyReply, archive: ServableArchive) {
  const etag = `"${archive.etag}"`;
  reply.header('ETag', etag);
  reply.header('Accept-Ranges', 'bytes');
  // Revalidated each time (cheap with the ETag): a replaced archive shows at once.
  reply.header('Cache-Control', 'private, no-cache');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  // If-Range naming another version: the client's earlier bytes are stale, so it gets them all.
  const ifRange = request.headers['if-range'];
  const range =
    ifRange !== undefined && ifRange !== etag ? null : parseRange(request.headers.range, archive.size);
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${archive.size}`);
    throw new HttpError(416, basemapMessages.badRange);
  }
  reply.type('application/vnd.pmtiles');
  if (!range) {
    reply.header('Content-Length', archive.size);
    return reply.send(createReadStream(archive.filePath));
  }
  reply.header('Content-Range', `bytes ${range.start}-${range.end}/${archive.size}`);
  reply.header('Content-Length', range.end - range.start + 1);
  return reply.status(206).send(createReadStream(archive.filePath, { start: range.start, end: range.end }));
}

/** A tile as the provider sent it, or 204 where it has none (outside its coverage). */
function sendTile(reply: FastifyReply, body: Buffer | null, type: string) {
  // Imagery changes rarely; the council's staff may keep it for a day.
  reply.header('Cache-Control', 'private, max-age=86400');
  if (!body) return reply.status(204).send();
  return reply.type(type).send(body);
}
