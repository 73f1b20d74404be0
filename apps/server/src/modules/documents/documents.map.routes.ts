import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentMapParamsSchema, documentSitesSchema, publicDocumentQuerySchema } from '@planning/shared';
import { requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { inDocumentsTenant } from './documents.access';
import { mapBlockSites } from './documents.map';
import { readableDocument } from './documents.service';

/**
 * Spec 02 §2 Document map block, read by the public page with no sign-in: the sites of one map
 * block of a published document (or one shared by ?share=token), in the council the request names.
 */
export const documentsMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/documents/:id/map/:blockId/sites',
    {
      config: { public: true },
      schema: {
        tags: ['public documents'],
        summary:
          "The sites of one map block of a published document: outline (WGS84), tags and the block's site info columns",
        params: documentMapParamsSchema,
        querystring: publicDocumentQuerySchema,
        response: { 200: documentSitesSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const tenantId = request.auth?.tenantId ?? requireTenant(request).id;
      const sites = await inDocumentsTenant(request)(async (trx) => {
        const row = await readableDocument(trx, request.params.id, request.query.share);
        return mapBlockSites(trx, tenantId, row.config, request.params.blockId);
      });
      return { sites };
    },
  );
};
