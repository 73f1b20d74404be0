import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authMessages,
  hasGrants,
  layerGroupedSchema,
  layerListSchema,
  layerSchema,
  layerThemeInputSchema,
  layerThemeListSchema,
  layerThemeSchema,
  layerThemeUpdateSchema,
  layerUpdateSchema,
} from '@planning/shared';
import { forbidden } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { grantsOf } from '../access/access.guard';
import {
  createTheme,
  deleteLayer,
  deleteTheme,
  groupedLayers,
  listLayers,
  listThemes,
  readLayer,
  type LayerSet,
  updateLayer,
  updateTheme,
} from './layers.service';
import { errorResponses, signedInTenant } from '../../lib/route-helpers';
import { changedFields } from '../audit/audit.changes';
import { recordAudit } from '../audit/audit.record';

const errors = errorResponses(400, 401, 403, 404, 409);
// Layers are read by every staff map (like the lead's tiles: read on sites); they are managed
// by placemaker admins (spec 03 §2 /admin/placemaker/geodata/layers).
const read = { access: [{ unit: 'sites', action: 'read' }] } as const;
const write = { access: [{ unit: 'placemaker', action: 'write' }] } as const;
const remove = { access: [{ unit: 'placemaker', action: 'delete' }] } as const;
const tags = ['layers'];
const idParams = z.object({ id: z.string().uuid() });
const themeParams = z.object({ themeId: z.string().uuid() });
const listQuery = z.object({
  /** 'admin': every layer, hidden ones too (placemaker write); 'map' (default): the audience's layer set. */
  scope: z.enum(['map', 'admin']).default('map'),
  /**
   * Spec 03 §6: whose map the set is for: the staff maps (placemaker visibility, the default) or
   * the public web map (public visibility), say for an officer preparing a consultation's map.
   */
  audience: z.enum(['placemaker', 'public']).default('placemaker'),
});

/** Spec 01 §7 and spec 03 §7.3 "/layers CRUD; layers metadata and grouped by theme". */
export const layersRoutes: FastifyPluginAsyncZod = async (app) => {
  const inTenant = signedInTenant(app.database.db);
  /** Hidden layers only for those who manage layers; asking for them otherwise is refused. */
  const scopeOf = async (
    request: FastifyRequest,
    { scope, audience }: z.infer<typeof listQuery>,
  ): Promise<{ set: LayerSet }> => {
    if (scope === 'map') return { set: audience };
    if (!hasGrants(await grantsOf(request), write.access)) throw forbidden(authMessages.notAuthorized);
    return { set: 'all' };
  };

  app.get(
    '/layers',
    {
      config: read,
      schema: {
        tags,
        summary:
          "The council's layers with theme, style and visibility (the audience's set, or every one with scope=admin)",
        querystring: listQuery,
        response: { 200: layerListSchema, ...errors },
      },
    },
    async (request) => {
      const options = await scopeOf(request, request.query);
      return { layers: await inTenant(request, (trx) => listLayers(trx, options)) };
    },
  );

  app.get(
    '/layers/grouped',
    {
      config: read,
      schema: {
        tags,
        summary: 'The layer tree: layers grouped by theme, themes in order, then layers without a theme',
        querystring: listQuery,
        response: { 200: layerGroupedSchema, ...errors },
      },
    },
    async (request) => {
      const options = await scopeOf(request, request.query);
      return inTenant(request, (trx) => groupedLayers(trx, options));
    },
  );

  app.get(
    '/layers/themes',
    {
      config: read,
      schema: { tags, summary: 'Layer themes in order', response: { 200: layerThemeListSchema, ...errors } },
    },
    async (request) => ({ themes: await inTenant(request, listThemes) }),
  );

  app.post(
    '/layers/themes',
    {
      config: write,
      schema: {
        tags,
        summary: 'Adds a layer theme',
        body: layerThemeInputSchema,
        response: { 201: layerThemeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const theme = await inTenant(request, async (trx) => {
        const created = await createTheme(trx, tenantId, request.body);
        await recordAudit(trx, tenantId, request, {
          action: 'layer-theme.create',
          targetType: 'layer-theme',
          targetId: created.id,
          summary: `Created layer theme '${created.name}'`,
        });
        return created;
      });
      return reply.status(201).send(theme);
    },
  );

  app.put(
    '/layers/themes/:themeId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Changes a layer theme',
        params: themeParams,
        body: layerThemeUpdateSchema,
        response: { 200: layerThemeSchema, ...errors },
      },
    },
    async (request) =>
      inTenant(request, async (trx) => {
        const before = (await listThemes(trx)).find((theme) => theme.id === request.params.themeId);
        const theme = await updateTheme(trx, request.params.themeId, request.body);
        await recordAudit(trx, requireAuth(request).tenantId, request, {
          action: 'layer-theme.update',
          targetType: 'layer-theme',
          targetId: theme.id,
          summary: `Changed layer theme '${theme.name}'`,
          details: changedFields(before ?? {}, theme, Object.keys(request.body)),
        });
        return theme;
      }),
  );

  app.delete(
    '/layers/themes/:themeId',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Deletes a layer theme (its layers stay, without a theme)',
        params: themeParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inTenant(request, async (trx) => {
        const theme = (await listThemes(trx)).find((entry) => entry.id === request.params.themeId);
        await deleteTheme(trx, request.params.themeId);
        await recordAudit(trx, requireAuth(request).tenantId, request, {
          action: 'layer-theme.delete',
          targetType: 'layer-theme',
          targetId: request.params.themeId,
          summary: `Deleted layer theme '${theme?.name ?? request.params.themeId}'`,
        });
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/layers/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "A layer's metadata",
        params: idParams,
        response: { 200: layerSchema, ...errors },
      },
    },
    async (request) => inTenant(request, (trx) => readLayer(trx, request.params.id)),
  );

  app.put(
    '/layers/:id',
    {
      config: write,
      schema: {
        tags,
        summary: "Changes a layer's metadata or style (spec 03 §3.6); bumps its version",
        params: idParams,
        body: layerUpdateSchema,
        response: { 200: layerSchema, ...errors },
      },
    },
    async (request) =>
      inTenant(request, async (trx) => {
        const before = await readLayer(trx, request.params.id);
        const layer = await updateLayer(trx, request.params.id, request.body);
        await recordAudit(trx, requireAuth(request).tenantId, request, {
          action: 'layer.update',
          targetType: 'layer',
          targetId: layer.id,
          summary: `Changed layer '${layer.title}'`,
          details: changedFields(before, layer, Object.keys(request.body)),
        });
        return layer;
      }),
  );

  app.delete(
    '/layers/:id',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Deletes a layer and its features',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inTenant(request, async (trx) => {
        const layer = await readLayer(trx, request.params.id);
        await deleteLayer(trx, request.params.id);
        await recordAudit(trx, requireAuth(request).tenantId, request, {
          action: 'layer.delete',
          targetType: 'layer',
          targetId: layer.id,
          summary: `Deleted layer '${layer.title}' (${layer.layerName})`,
          details: { layerName: layer.layerName, title: layer.title, featureCount: layer.featureCount },
        });
      });
      return reply.status(204).send(null);
    },
  );
};
