import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFeatureFlagsSchema,
  COUNCIL_LIMITS,
  councilLogosSchema,
  councilMaintenanceSchema,
  councilSettingsPatchSchema,
  councilSettingsSchema,
  featureAccess,
  featureFlagsUpdateSchema,
  logoParamsSchema,
  publicLogoParamsSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { openPublicLogo, readUploadedLogo, replaceLogo } from './council-settings.logos';
import {
  getCouncilSettings,
  getMaintenance,
  listAdminFlags,
  updateCouncilSettings,
  updateFlags,
  updateMaintenance,
} from './council-settings.service';

const admin = { access: featureAccess.admin };
const errors = errorResponses(400, 401, 403, 404);
const tags = ['council-settings'];
// Settings are read and written by one administrator at a time; never from a cache.
const noStore = 'no-store';

/**
 * Council settings (issue 16 point 4, spec 03 §3.5, §3.7, §4): branding, emails, social links,
 * location, map licence, logos, feature flags and maintenance. Every change is audited in the
 * transaction that makes it, and `GET /tenants/current` reads it on the very next request.
 */
export const councilSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const inTenant = <T>(tenantId: string, work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(app.database.db, tenantId, work);

  app.get(
    '/admin/council',
    {
      config: admin,
      schema: {
        tags,
        summary: "The council's settings",
        response: { 200: councilSettingsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      reply.header('cache-control', noStore);
      return inTenant(tenantId, (trx) => getCouncilSettings(trx, tenantId));
    },
  );

  app.patch(
    '/admin/council',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Change names, colours, theme, emails, social links, location or map licence',
        body: councilSettingsPatchSchema,
        response: { 200: councilSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return inTenant(tenantId, (trx) => updateCouncilSettings(trx, tenantId, request, request.body));
    },
  );

  app.get(
    '/admin/council/flags',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every feature flag by application, with its description, value and default',
        response: { 200: adminFeatureFlagsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      reply.header('cache-control', noStore);
      return inTenant(tenantId, (trx) => listAdminFlags(trx));
    },
  );

  app.put(
    '/admin/council/flags',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Switch feature flags on or off ({ name: value, … }); the rest keep their values',
        body: featureFlagsUpdateSchema,
        response: { 200: adminFeatureFlagsSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return inTenant(tenantId, (trx) => updateFlags(trx, tenantId, request, request.body));
    },
  );

  app.get(
    '/admin/council/maintenance',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Global and per-page maintenance',
        response: { 200: councilMaintenanceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      reply.header('cache-control', noStore);
      return inTenant(tenantId, (trx) => getMaintenance(trx, tenantId));
    },
  );

  app.put(
    '/admin/council/maintenance',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Set global maintenance and replace the list of pages under maintenance',
        body: councilMaintenanceSchema,
        response: { 200: councilMaintenanceSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return inTenant(tenantId, (trx) => updateMaintenance(trx, tenantId, request, request.body));
    },
  );

  // Only the logo upload takes multipart bodies, in a plugin of its own.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: {
        fileSize: COUNCIL_LIMITS.logoMaxBytes + 1,
        files: 1,
        fields: 0,
        parts: 2,
        headerPairs: 50,
      },
    });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/admin/council/logos/:kind',
      {
        config: admin,
        // A logo and its multipart framing; anything much larger is refused unread.
        bodyLimit: COUNCIL_LIMITS.logoMaxBytes + 64 * 1024,
        schema: {
          tags,
          summary: 'Upload the logo or small logo: a PNG, JPEG or WebP checked by its content',
          consumes: ['multipart/form-data'],
          params: logoParamsSchema,
          response: { 200: councilLogosSchema, 413: errors[400], 415: errors[400], ...errors },
        },
      },
      async (request) => {
        const { tenantId } = requireAuth(request);
        const bytes = await readUploadedLogo(request);
        return replaceLogo(app, request, tenantId, request.params.kind, bytes);
      },
    );
  });

  app.delete(
    '/admin/council/logos/:kind',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Go back to no logo (or no small logo)',
        params: logoParamsSchema,
        response: { 200: councilLogosSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return replaceLogo(app, request, tenantId, request.params.kind, null);
    },
  );

  app.get(
    '/public/councils/:council/logos/:file',
    {
      // The tenant picker and the sign-in page show it before anyone has signed in or chosen.
      config: { tenant: false, public: true },
      schema: {
        tags,
        summary: "A council's current logo (each version has its own address, cached for good)",
        params: publicLogoParamsSchema,
        response: { 200: z.any(), 400: errors[400], 404: errors[404] },
      },
    },
    async (request, reply) => {
      const { body, contentType } = await openPublicLogo(app, request.params.council, request.params.file);
      return reply
        .header('content-type', contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
};
