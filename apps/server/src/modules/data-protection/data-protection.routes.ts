import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { featureAccess, registerCsvFileName, registerSchema } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { contentDisposition } from '../../lib/content-disposition';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { londonDate } from '../audit/audit.service';
import { personalDataRegister, registerCsv } from './register.service';

const dataProtection = { access: featureAccess.dataProtection } as const;
const errors = errorResponses(401, 403, 404);
const tags = ['data protection'];

/** Issue 26: the data protection officer's tools (data-protection grant). */
export const dataProtectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/data-protection/register',
    {
      config: dataProtection,
      schema: {
        tags,
        summary:
          'The register of personal data the platform holds for the council: each table, its fields, whose data, purpose, lawful basis, retention and how many records',
        response: { 200: registerSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const council = requireTenant(request).name;
      return withTenant(db, tenantId, (trx) => personalDataRegister(trx, tenantId, council));
    },
  );

  app.get(
    '/data-protection/register.csv',
    {
      config: dataProtection,
      schema: {
        tags,
        summary: 'The register as CSV, for the council’s record of processing activities',
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const council = requireTenant(request).name;
      const register = await withTenant(db, tenantId, (trx) => personalDataRegister(trx, tenantId, council));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(registerCsvFileName(council, londonDate())))
        .header('cache-control', 'private, no-store')
        .send(registerCsv(register));
    },
  );
};
