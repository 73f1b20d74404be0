import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCallInputSchema,
  adminCallListQuerySchema,
  adminCallListSchema,
  adminCallSchema,
  cfsMessages,
  featureAccess,
  publicCallListSchema,
  publicCallSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import {
  createCall,
  listAdminCalls,
  oneAdminCall,
  onePublicCall,
  publicCalls,
  updateCall,
} from './cfs.calls';

const tags = ['cfs'];
const errors = errorResponses(400, 401, 403, 404, 409);
const admin = { access: featureAccess.admin } as const;
const open = { public: true } as const;
const idParams = z.object({ id: z.uuid(cfsMessages.callNotFound) });

/**
 * Issue 27 point 1: calls for sites. Administrators open them (an event running the
 * call-for-sites feature, with guidance and the public layers submitters see); anyone reads the
 * council's open and upcoming calls without signing in. Cancelling is the event's own route.
 */
export const cfsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const inTenant = <T>(
    request: Parameters<typeof requireAuth>[0],
    work: Parameters<typeof withTenant<T>>[2],
  ) => withTenant(db, requireAuth(request).tenantId, work);
  const inCouncil = <T>(
    request: Parameters<typeof requireTenant>[0],
    work: Parameters<typeof withTenant<T>>[2],
  ) => withTenant(db, requireTenant(request).id, work);

  app.get(
    '/admin/cfs/calls',
    {
      config: admin,
      schema: {
        tags,
        summary: "The council's calls for sites with their state, and how many are in each state",
        querystring: adminCallListQuerySchema,
        response: { 200: adminCallListSchema, ...errors },
      },
    },
    async (request) => inTenant(request, (trx) => listAdminCalls(trx, request.query.state)),
  );

  app.post(
    '/admin/cfs/calls',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Opens a call for sites: name, times, questionnaire, guidance and the layers submitters see',
        body: adminCallInputSchema,
        response: { 201: adminCallSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const call = await inTenant(request, (trx) => createCall(trx, tenantId, request, request.body));
      return reply.status(201).send(call);
    },
  );

  app.get(
    '/admin/cfs/calls/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One call for sites',
        params: idParams,
        response: { 200: adminCallSchema, ...errors },
      },
    },
    async (request) => inTenant(request, (trx) => oneAdminCall(trx, request.params.id)),
  );

  app.put(
    '/admin/cfs/calls/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: "Changes a call for sites; its event's other features and document stay",
        params: idParams,
        body: adminCallInputSchema,
        response: { 200: adminCallSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return inTenant(request, (trx) => updateCall(trx, tenantId, request, request.params.id, request.body));
    },
  );

  app.get(
    '/public/cfs/calls',
    {
      config: open,
      schema: {
        tags,
        summary: "The council's open calls for sites (closing soonest first) and upcoming ones (no sign-in)",
        response: { 200: publicCallListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => inCouncil(request, (trx) => publicCalls(trx)),
  );

  app.get(
    '/public/cfs/calls/:id',
    {
      config: open,
      schema: {
        tags,
        summary: 'One call for sites as the public reads it: open, upcoming or closed (no sign-in)',
        params: idParams,
        response: { 200: publicCallSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => inCouncil(request, (trx) => onePublicCall(trx, request.params.id)),
  );
};
