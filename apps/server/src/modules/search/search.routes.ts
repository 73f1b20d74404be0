import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boundariesQuerySchema,
  hasGrants,
  errorBodySchema,
  extentParamsSchema,
  extentQuerySchema,
  extentResponseSchema,
  featureCollectionSchema,
  flexibleSearchRequestSchema,
  flexibleSearchResponseSchema,
  searchOptionsQuerySchema,
  searchOptionsResponseSchema,
  searchTemplateInputSchema,
  searchTemplateSchema,
  siteGeometriesQuerySchema,
  siteIdsRequestSchema,
  siteIdsResponseSchema,
  siteLookupQuerySchema,
  siteLookupResponseSchema,
} from '@planning/shared';
import { requireAuth } from '../../lib/request-context';
import { grantsOf } from '../access/access.guard';
import { boundaries, lookupSites, searchOptions, siteExtent, siteGeometries } from './search.lookups';
import { flexibleSearch, matchingSiteIds } from './search.service';
import { availableTemplates, createTemplate, updateTemplate } from './search.templates';
import { errorResponses } from '../../lib/route-helpers';

// Spec 01 §6: searching needs read on sites.
const readSites = { access: [{ unit: 'sites' as const, action: 'read' as const }] };
const errors = errorResponses(400, 401, 403);
// Spec 01 §6 names no grant for templates. Saving one's own search is reading (a read-only user
// may keep theirs); sharing one with colleagues, or changing a shared one, is writing on sites.
const shareSites = [{ unit: 'sites' as const, action: 'write' as const }];
const sharing = async (request: FastifyRequest) => ({
  canShare: hasGrants(await grantsOf(request), shareSites),
});

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // POST rather than GET: a filter list with drawn areas outgrows an address (decision 0004).
  app.post(
    '/search/site/flexible',
    {
      config: readSites,
      schema: {
        tags: ['search'],
        summary: 'Sites matching a filter list (spec 03 §3.8), one page plus the total',
        body: flexibleSearchRequestSchema,
        response: { 200: flexibleSearchResponseSchema, ...errors },
      },
    },
    async (request) => flexibleSearch(db, requireAuth(request).tenantId, request.body),
  );

  app.post(
    '/search/site/ids',
    {
      config: readSites,
      schema: {
        tags: ['search'],
        summary: 'Every id the search matches, for select all and export',
        body: siteIdsRequestSchema,
        response: { 200: siteIdsResponseSchema, ...errors },
      },
    },
    async (request) => matchingSiteIds(db, requireAuth(request).tenantId, request.body),
  );

  app.get(
    '/search/site',
    {
      config: readSites,
      schema: {
        tags: ['search'],
        summary: 'Sites whose name, HELAA reference or id contains the text',
        querystring: siteLookupQuerySchema,
        response: { 200: siteLookupResponseSchema, ...errors },
      },
    },
    async (request) => lookupSites(db, requireAuth(request).tenantId, request.query),
  );

  app.get(
    '/search/sites/geometries',
    {
      config: readSites,
      schema: {
        tags: ['search'],
        summary: 'Site outlines in WGS84 as GeoJSON, by id',
        querystring: siteGeometriesQuerySchema,
        response: { 200: featureCollectionSchema, ...errors },
      },
    },
    async (request) => siteGeometries(db, requireAuth(request).tenantId, request.query.ids),
  );

  app.get(
    '/search/extent/:id',
    {
      config: readSites,
      schema: {
        tags: ['search'],
        summary: "A site's extent in EPSG:27700, or 4326 when asked",
        params: extentParamsSchema,
        querystring: extentQuerySchema,
        response: { 200: extentResponseSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) =>
      siteExtent(db, requireAuth(request).tenantId, request.params.id, request.query.projection),
  );

  app.get(
    '/search/search-options',
    {
      config: readSites,
      schema: {
        tags: ['search'],
        summary: 'Distinct values of the named fields, for filter lists',
        querystring: searchOptionsQuerySchema,
        response: { 200: searchOptionsResponseSchema, ...errors },
      },
    },
    async (request) => searchOptions(db, requireAuth(request).tenantId, request.query),
  );

  app.get(
    '/search/boundaries',
    {
      // Fetched by the map library, which cannot pass 'Session terminated' on to the user.
      config: { ...readSites, reportsSessionEnd: false },
      schema: {
        tags: ['search'],
        summary: 'District, ward, parish and neighbourhood boundaries in WGS84',
        querystring: boundariesQuerySchema,
        response: { 200: featureCollectionSchema, ...errors },
      },
    },
    async (request) => boundaries(db, requireAuth(request).tenantId, request.query.kind),
  );

  app.get(
    '/search/site-search-templates/available',
    {
      config: readSites,
      schema: {
        tags: ['search'],
        summary: "The user's saved searches and those colleagues shared",
        response: { 200: z.array(searchTemplateSchema), ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return availableTemplates(db, auth.tenantId, auth.userId);
    },
  );

  app.post(
    '/search/site-search-templates',
    {
      config: readSites,
      schema: {
        tags: ['search'],
        summary:
          'Save the current filters as a named search template: private with read on sites, shared (shared: true) only with write on sites',
        body: searchTemplateInputSchema,
        response: { 201: searchTemplateSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const template = await createTemplate(
        db,
        auth.tenantId,
        auth.userId,
        request.body,
        await sharing(request),
      );
      return reply.status(201).send(template);
    },
  );

  app.put(
    '/search/site-search-templates/:id',
    {
      config: readSites,
      schema: {
        tags: ['search'],
        summary:
          'Rename or replace the filters of your own template; sharing it, or changing a shared one, needs write on sites',
        params: z.object({ id: z.uuid() }),
        body: searchTemplateInputSchema,
        response: { 200: searchTemplateSchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return updateTemplate(
        db,
        auth.tenantId,
        auth.userId,
        request.params.id,
        request.body,
        await sharing(request),
      );
    },
  );
};
