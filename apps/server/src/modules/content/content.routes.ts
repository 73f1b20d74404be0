import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  configResponseSchema,
  configTypeSchema,
  errorBodySchema,
  featureAccess,
  layerConfigTypeSchema,
} from '@planning/shared';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { getConfig, getPublicLayerConfig, saveLayerConfig } from './content.service';
import { errorResponses } from '../../lib/route-helpers';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec 03 §7.2: configs by type with a tenant-only setting (site search, site card, layers order).
  app.get(
    '/configs/:type',
    {
      config: { access: [{ unit: 'sites', action: 'read' }] },
      schema: {
        tags: ['content'],
        summary:
          "The council's configuration document of a type (the layer configs' defaults while it has none)",
        params: z.object({ type: configTypeSchema }),
        response: { 200: configResponseSchema, ...errors },
      },
    },
    async (request) => getConfig(app.database.db, requireAuth(request).tenantId, request.params.type),
  );

  // The admin config editors (spec 03 §2 map-info-card, layer-tree-tooltips, geodata layers order):
  // the placemaker and consultations admin screens both save the council's one document.
  app.put(
    '/configs/:type',
    {
      config: { access: featureAccess.admin },
      schema: {
        tags: ['content'],
        summary:
          "Replaces the council's Map metadata card, Layers order or Layer tree tooltips document; every layer it names must exist",
        params: z.object({ type: layerConfigTypeSchema }),
        // Checked against the type's own schema in the service, so the problems name its fields.
        body: z.record(z.string(), z.unknown()).describe('The config document of the type'),
        response: { 200: configResponseSchema, ...errors },
      },
    },
    async (request) =>
      saveLayerConfig(
        app.database.db,
        requireAuth(request).tenantId,
        request,
        request.params.type,
        request.body,
      ),
  );

  // The public web map (residents on public consultation documents, no sign-in) applies the same
  // layer configs, cut down to the layers shown there.
  app.get(
    '/public/configs/:type',
    {
      config: { public: true },
      schema: {
        tags: ['content'],
        summary:
          "The council's layer config of a type, for the layers on the public web map only (no sign-in)",
        params: z.object({ type: layerConfigTypeSchema }),
        response: {
          200: configResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => getPublicLayerConfig(app.database.db, requireTenant(request).id, request.params.type),
  );
};
