import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkTagAnswerSchema,
  bulkTagBodySchema,
  createTagBodySchema,
  deleteTagBodySchema,
  tagListSchema,
  tagSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth } from '../../lib/request-context';
import { addTag, allTags, removeTag, tagSites } from './tags.service';
import { errorResponses } from '../../lib/route-helpers';

const siteParams = z.object({ siteId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const errors = errorResponses(400, 401, 403, 404);
const read = [{ unit: 'sites', action: 'read' }] as const;
const write = [{ unit: 'sites', action: 'write' }] as const;

/** Spec 01 §7 "Sites": the council's tags, and tags on sites (spec 01 §4, §5 for the rules). */
export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tag',
    {
      config: { access: [...read] },
      schema: {
        tags: ['tags'],
        summary: "The council's tags, by name",
        response: { 200: tagListSchema, ...errors },
      },
    },
    async (request) => ({
      tags: await withTenant(app.database.db, requireAuth(request).tenantId, allTags),
    }),
  );

  app.post(
    '/tag/:siteId',
    {
      config: { access: [...write] },
      schema: {
        tags: ['tags'],
        summary:
          'Puts a tag on a site (trimmed, spaces to hyphens, lower case; made when the council has none)',
        params: siteParams,
        body: createTagBodySchema,
        response: { 200: tagSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return withTenant(app.database.db, tenantId, (trx) =>
        addTag(trx, tenantId, request.params.siteId, request.body.created_tag_name),
      );
    },
  );

  app.delete(
    '/tag/:siteId',
    {
      config: { access: [...write] },
      schema: {
        tags: ['tags'],
        summary: 'Takes a tag off a site',
        params: siteParams,
        body: deleteTagBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await withTenant(app.database.db, requireAuth(request).tenantId, (trx) =>
        removeTag(trx, request.params.siteId, request.body.deleted_tag_name),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/tag/bulk',
    {
      config: { access: [...write] },
      schema: {
        tags: ['tags'],
        summary: 'Puts one tag on many sites (up to 10,000) at once',
        body: bulkTagBodySchema,
        response: { 200: bulkTagAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return withTenant(app.database.db, tenantId, (trx) =>
        tagSites(trx, tenantId, request.body.ids, request.body.tag),
      );
    },
  );
};
