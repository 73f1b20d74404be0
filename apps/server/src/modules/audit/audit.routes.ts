import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditCsvFileName,
  auditLogFilterSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  featureAccess,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { contentDisposition } from '../../lib/content-disposition';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { recordAudit } from './audit.record';
import { auditLogCsv, listAuditLog, londonDate } from './audit.service';

const admin = { access: featureAccess.admin } as const;
const errors = errorResponses(400, 401, 403, 404);
const tags = ['audit log'];

/** Only the filters someone set, for the export's own audit row. */
const filterOf = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));

/**
 * Issue 16 point 5: the council's audit log for its administrators: filtered and paged, and as
 * CSV (the export is itself recorded). Rows are only ever added (migration 0026).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/audit-log',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "The council's audit log, newest first: filter by actions, actor (user id or part of an email), target, days (UK time) and words in the summary; 50 a page",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return withTenant(db, tenantId, (trx) => listAuditLog(trx, request.query));
    },
  );

  app.get(
    '/admin/audit-log/export.csv',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'The filtered audit log as CSV (newest first, formulas neutralised); the export is recorded in the log',
        querystring: auditLogFilterSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const council = requireTenant(request).name;
      const filter = filterOf(request.query);
      const { csv, rows } = await withTenant(db, tenantId, async (trx) => {
        const file = await auditLogCsv(trx, request.query);
        await recordAudit(trx, tenantId, request, {
          action: 'export.audit-log',
          targetType: 'audit-log',
          summary: `Exported ${file.rows} audit ${file.rows === 1 ? 'entry' : 'entries'} as CSV`,
          details: { filter, rows: file.rows },
        });
        return file;
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(auditCsvFileName(council, londonDate())))
        .header('cache-control', 'private, no-store')
        .header('x-export-count', String(rows))
        .send(csv);
    },
  );
};
