import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  featureAccess,
  registerCsvFileName,
  registerSchema,
  SUBJECT_ACCESS_JOB,
  subjectAccessMessages,
  subjectAccessRequestSchema,
  subjectAccessResultSchema,
  subjectAccessStartedSchema,
  subjectAccessStatusSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { contentDisposition } from '../../lib/content-disposition';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { recordAudit } from '../audit/audit.record';
import { londonDate } from '../audit/audit.service';
import { downloadOf } from '../jobs/jobs.records';
import { notFound } from '../../lib/errors';
import { dataProtectionSettingsRoutes } from './data-protection.settings.routes';
import { personalDataRegister, registerCsv } from './register.service';
import { retentionRoutes } from './retention.routes';
import { runSubjectAccess, subjectAccessPayload, type SubjectAccessPayload } from './subject-access.job';

const dataProtection = { access: featureAccess.dataProtection } as const;
const errors = errorResponses(400, 401, 403, 404);
const jobParams = z.object({ id: z.uuid('A request id') });
const tags = ['data protection'];

/** Issue 26: the data protection officer's tools (data-protection grant). */
export const dataProtectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(dataProtectionSettingsRoutes);

  app.jobs.define<SubjectAccessPayload>(SUBJECT_ACCESS_JOB, {
    payload: subjectAccessPayload,
    handler: runSubjectAccess,
  });
  await app.register(retentionRoutes);

  app.post(
    '/data-protection/subject-access',
    {
      config: dataProtection,
      schema: {
        tags,
        summary:
          'Starts a subject access request: every record holding the email address, name or postcode (or linked to one that does), as a background job; recorded in the audit log',
        body: subjectAccessRequestSchema,
        response: { 202: subjectAccessStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = requireAuth(request);
      const council = requireTenant(request).name;
      const { email, name, postcode } = request.body;
      const { jobId } = await withTenant(db, tenantId, async (trx) => {
        const started = await app.jobs.enqueue(trx, {
          tenantId,
          userId,
          kind: SUBJECT_ACCESS_JOB,
          payload: { request: { email, name, postcode }, council },
          notify: { label: subjectAccessMessages.notificationLabel },
        });
        // The log names that a request was made and by whom, not whom it was about: the log is
        // read by every administrator, the request by the data protection officer.
        await recordAudit(trx, tenantId, request, {
          action: 'data-protection.subject-access',
          targetType: 'subject-access',
          targetId: started.jobId,
          summary: `Made a subject access request by ${[email && 'email address', name && 'name', postcode && 'postcode'].filter(Boolean).join(', ')}`,
          details: {},
        });
        return started;
      });
      return reply.status(202).send({ id: jobId, message: subjectAccessMessages.started });
    },
  );

  app.get(
    '/data-protection/subject-access/:id',
    {
      config: dataProtection,
      schema: {
        tags,
        summary: "A subject access request's progress, and what it found once done",
        params: jobParams,
        response: { 200: subjectAccessStatusSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const job = await app.jobs.read(tenantId, request.params.id);
      if (job.kind !== SUBJECT_ACCESS_JOB) throw notFound(subjectAccessMessages.notFound);
      const result = job.status === 'succeeded' ? subjectAccessResultSchema.safeParse(job.result) : null;
      return {
        id: job.id,
        status: job.status,
        progress: job.progress,
        result: result?.success ? result.data : null,
        error: job.error,
        // The file goes to whoever made the request (/jobs/{id}/download checks it).
        download: job.userId === userId ? (downloadOf(job.id, job.result)?.url ?? null) : null,
      };
    },
  );

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
