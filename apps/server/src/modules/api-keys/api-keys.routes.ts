import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  errorBodySchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { recordAudit } from '../audit/audit.record';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import { errorResponses } from '../../lib/route-helpers';

const errors = errorResponses(400, 401, 403, 404);
// Keys are for staff who open the council's data in QGIS: the placemaker's read grant.
const staff = { access: [{ unit: 'placemaker', action: 'read' }] } as const;
const tags = ['api-keys'];

/**
 * Personal API keys (issue 13 point 6): each user makes, lists and revokes their own. These
 * routes take a session only; a key itself is accepted on the /ogc routes alone.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api-keys',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Your API keys (never the keys themselves)',
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const keys = await withTenant(app.database.db, tenantId, (trx) =>
        listApiKeys(trx, userId, requireTenant(request).name),
      );
      return { keys };
    },
  );

  app.post(
    '/api-keys',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Make a read-only key for the OGC API; the key is in this answer only',
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = requireAuth(request);
      const tenantName = requireTenant(request).name;
      const created = await withTenant(app.database.db, tenantId, async (trx) => {
        const key = await createApiKey(trx, { tenantId, tenantName, userId }, request.body);
        await recordAudit(trx, tenantId, request, {
          action: 'api-key.create',
          targetType: 'api-key',
          targetId: key.id,
          summary: `Created API key '${key.name}' (${key.prefix})`,
          details: { name: key.name, prefix: key.prefix, expiresAt: key.expiresAt },
        });
        return key;
      });
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Revoke one of your keys: it is refused from the next call on',
        params: apiKeyIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = requireAuth(request);
      await withTenant(app.database.db, tenantId, async (trx) => {
        const key = await revokeApiKey(trx, userId, request.params.id);
        await recordAudit(trx, tenantId, request, {
          action: 'api-key.revoke',
          targetType: 'api-key',
          targetId: request.params.id,
          summary: `Revoked API key '${key.name}' (pk_${requireTenant(request).name}_${key.prefix})`,
        });
      });
      return reply.status(204).send(null);
    },
  );
};
