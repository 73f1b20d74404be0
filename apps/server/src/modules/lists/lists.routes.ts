import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSiteListBodySchema,
  renameSiteListBodySchema,
  siteListChangeSchema,
  siteListSchema,
  siteListSiteIdsSchema,
  siteListsOfSiteSchema,
  siteListsSchema,
  siteListSitesBodySchema,
} from '@planning/shared';
import { requireAuth } from '../../lib/request-context';
import {
  addSites,
  allLists,
  createList,
  deleteList,
  listSiteIds,
  listsOfSite,
  oneList,
  removeSites,
  renameList,
} from './lists.service';
import { errorResponses, signedInTenant } from '../../lib/route-helpers';

const listParams = z.object({ id: z.string().uuid('A list id') });
const siteParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'A site id is a number') });
const errors = errorResponses(400, 401, 403, 404, 409);
const grant = (action: 'read' | 'write' | 'delete') =>
  ({ access: [{ unit: 'site-lists', action }] }) as const;
const tags = ['lists'];

/** Spec 01 §7 "Lists": get all, create, rename, delete, add and remove sites, list sites. */
export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  const inTenant = signedInTenant(app.database.db);

  app.get(
    '/lists',
    {
      config: grant('read'),
      schema: {
        tags,
        summary: "The council's site lists, by name",
        response: { 200: siteListsSchema, ...errors },
      },
    },
    async (request) => ({
      lists: await inTenant(request, allLists),
    }),
  );

  app.post(
    '/lists',
    {
      config: grant('write'),
      schema: {
        tags,
        summary: 'Creates a list (name required, unique in the council)',
        body: createSiteListBodySchema,
        response: { 201: siteListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = requireAuth(request);
      return reply
        .status(201)
        .send(await inTenant(request, (trx) => createList(trx, { tenantId, userId }, request.body)));
    },
  );

  app.get(
    '/lists/:id',
    {
      config: grant('read'),
      schema: { tags, summary: 'One list', params: listParams, response: { 200: siteListSchema, ...errors } },
    },
    async (request) => inTenant(request, (trx) => oneList(trx, request.params.id)),
  );

  app.put(
    '/lists/:id',
    {
      config: grant('write'),
      schema: {
        tags,
        summary: 'Renames a list',
        params: listParams,
        body: renameSiteListBodySchema,
        response: { 200: siteListSchema, ...errors },
      },
    },
    async (request) => inTenant(request, (trx) => renameList(trx, request.params.id, request.body.listName)),
  );

  app.delete(
    '/lists/:id',
    {
      config: grant('delete'),
      schema: {
        tags,
        summary: 'Deletes a list (its sites stay)',
        params: listParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inTenant(request, (trx) => deleteList(trx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/lists/:id/sites',
    {
      config: grant('read'),
      schema: {
        tags,
        summary: "The list's sites, in the order added",
        params: listParams,
        response: { 200: siteListSiteIdsSchema, ...errors },
      },
    },
    async (request) => ({
      siteIds: await inTenant(request, (trx) => listSiteIds(trx, request.params.id)),
    }),
  );

  app.post(
    '/lists/:id/sites',
    {
      config: grant('write'),
      schema: {
        tags,
        summary: 'Adds sites (up to 10,000) to a list',
        params: listParams,
        body: siteListSitesBodySchema,
        response: { 200: siteListChangeSchema, ...errors },
      },
    },
    async (request) =>
      inTenant(request, (trx) =>
        addSites(trx, requireAuth(request).tenantId, request.params.id, request.body.siteIds),
      ),
  );

  app.delete(
    '/lists/:id/sites',
    {
      config: grant('write'),
      schema: {
        tags,
        summary: 'Removes sites from a list',
        params: listParams,
        body: siteListSitesBodySchema,
        response: { 200: siteListChangeSchema, ...errors },
      },
    },
    async (request) => inTenant(request, (trx) => removeSites(trx, request.params.id, request.body.siteIds)),
  );

  app.get(
    '/site/:id/lists',
    {
      config: grant('read'),
      schema: {
        tags,
        summary: 'The lists a site is on',
        params: siteParams,
        response: { 200: siteListsOfSiteSchema, ...errors },
      },
    },
    async (request) => ({
      lists: await inTenant(request, (trx) => listsOfSite(trx, request.params.id)),
    }),
  );
};
