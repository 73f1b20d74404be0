import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analysisQuerySchema,
  analysisSchema,
  publicRepresentationsQuerySchema,
  publicRepresentationsSchema,
  statementQuerySchema,
} from '@planning/shared';
import { contentDisposition } from '../../lib/content-disposition';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { consultationsGrant, inConsultationsTenant } from './consultation-analysis.access';
import { publishedRepresentations } from './consultation-analysis.public';
import { analyse, analysisCsv } from './consultation-analysis.service';
import { buildStatement } from './consultation-analysis.statement';
import { recordAudit } from '../audit/audit.record';

const tags = ['consultation analysis'];
const errors = errorResponses(400, 401, 403, 404);
const eventParams = z.object({ id: z.uuid('A consultation event id') });
const CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

/**
 * Spec 02 §2 /document/response-analysis (the `analysisPage` flag) and issue 15 point 7: the
 * counts of a document's answers and of an event's representations, the answers as CSV, the
 * consultation statement as Word or PDF, and the published (redacted) representations of a closed
 * consultation for anyone to read.
 */
export const consultationAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consultations/analysis',
    {
      config: consultationsGrant('read'),
      schema: {
        tags,
        summary:
          "A document's answers counted per question (options, latest texts, sites, days) and an event's representations by attitude, status and topic",
        querystring: analysisQuerySchema,
        response: { 200: analysisSchema, ...errors },
      },
    },
    async (request) =>
      inConsultationsTenant(request, ['consultationsPages', 'analysisPage'])((trx) =>
        analyse(trx, request.query),
      ),
  );

  app.get(
    '/consultations/analysis/export.csv',
    {
      config: consultationsGrant('read'),
      schema: {
        tags,
        summary:
          'The answers as CSV, one row per answer, respondents by number (the same filters; formulas neutralised)',
        querystring: analysisQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { csv, title } = await inConsultationsTenant(request, ['consultationsPages', 'analysisPage'])(
        async (trx) => {
          const file = await analysisCsv(trx, request.query);
          await recordAudit(trx, requireAuth(request).tenantId, request, {
            action: 'export.analysis',
            targetType: request.query.eventId ? 'consultation-event' : 'document',
            targetId: request.query.eventId ?? request.query.documentId ?? null,
            summary: `Exported the answers to '${file.title}' as CSV`,
            details: { filter: request.query },
          });
          return file;
        },
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`${title} - answers.csv`))
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/consultations/events/:id/statement',
    {
      config: consultationsGrant('read'),
      schema: {
        tags,
        summary:
          'The consultation statement (Regulation 22(1)(c)) of an event as Word or PDF: who made representations, how many, the main issues by topic and the responses; public text only',
        params: eventParams,
        querystring: statementQuerySchema,
        response: { 200: z.unknown().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const { format } = request.query;
      const statement = await inConsultationsTenant(request, ['consultationsPages'])(async (trx) => {
        const built = await buildStatement(trx, tenantId, request.params.id, format);
        await recordAudit(trx, tenantId, request, {
          action: 'export.statement',
          targetType: 'consultation-event',
          targetId: request.params.id,
          summary: `Exported the consultation statement as ${format === 'docx' ? 'Word' : 'PDF'} (${built.fileName})`,
          details: { format },
        });
        return built;
      });
      // The writers (docx, pdfkit) load with the first statement, not with the server.
      const file =
        format === 'docx'
          ? await (await import('./consultation-analysis.docx')).statementDocx(statement)
          : await (await import('./consultation-analysis.pdf')).statementPdf(statement);
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', contentDisposition(statement.fileName))
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  app.get(
    '/public/consultations/events/:id/representations',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "A closed consultation's representations as published: reference, organisation (never a person's name), attitude, topics, the public text, its parts and the responses sent",
        params: eventParams,
        querystring: publicRepresentationsQuerySchema,
        response: { 200: publicRepresentationsSchema, ...errors },
      },
    },
    async (request) =>
      inConsultationsTenant(request, ['consultationsPages'])((trx) =>
        publishedRepresentations(trx, request.params.id, request.query.page, request.query.pageSize),
      ),
  );
};
