import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkReviewResultSchema,
  bulkReviewSchema,
  callAnalyticsSchema,
  cfsMessages,
  cfsSubmissionMessages,
  cfsDeleteMessages,
  featureAccess,
  submissionsByUsersSchema,
  submissionsChangedSchema,
  mergeSubmissionSchema,
  rejectSubmissionSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewSubmissionSchema,
  serverMessages,
  siteSubmissionsSchema,
  submitterLookupQuerySchema,
  submitterLookupSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { contentDisposition } from '../../lib/content-disposition';
import { recordAudit } from '../audit/audit.record';
import { exportSubmissions } from './cfs.export';
import { decisionMail, mailSubmitter } from './cfs.receipt';
import {
  acceptSubmission,
  bulkReview,
  callAnalytics,
  DECISION_JOB,
  markInReview,
  setSubmissionsDeleted,
  mergeSubmissionSite,
  rejectSubmission,
  reviewQueue,
  reviewSubmission,
} from './cfs.review';
import { findSubmitters, siteSubmissions } from './cfs.review.lookups';
import { readSubmissionById } from './cfs.submissions';

const tags = ['cfs'];
const submissionParams = z.object({ id: z.uuid(cfsSubmissionMessages.submissionNotFound) });

/**
 * Issue 27 point 4: officers with the cfs grant review submitted submissions (the submitters'
 * details included), take them into review, accept them (sites) or reject them with a reason;
 * the submitter is emailed the decision by a job queued with it.
 */
export const cfsReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const inTenant = <T>(
    request: Parameters<typeof requireAuth>[0],
    work: Parameters<typeof withTenant<T>>[2],
  ) => withTenant(db, requireAuth(request).tenantId, work);

  app.jobs.define<{ submissionId: string }>(DECISION_JOB, {
    payload: z.object({ submissionId: z.uuid() }),
    maxAttempts: 5,
    handler: async (context) => {
      const { submission, decision } = await context.inTenant(async (trx) => ({
        submission: await readSubmissionById(trx, context.payload.submissionId),
        decision: await trx
          .selectFrom('cfs_submissions')
          .select(['status', 'decision_reason'])
          .where('id', '=', context.payload.submissionId)
          .executeTakeFirstOrThrow(),
      }));
      if (decision.status !== 'accepted' && decision.status !== 'rejected') return { sent: false };
      await mailSubmitter(app, context.job.tenantId, (council) =>
        decisionMail(submission, council, {
          status: decision.status as 'accepted' | 'rejected',
          reason: decision.decision_reason,
        }),
      );
      return { sent: true };
    },
  });

  const review = { access: featureAccess.cfsReview } as const;
  const decideAccess = { access: featureAccess.cfsDecide } as const;
  const reviewErrors = errorResponses(400, 401, 403, 404, 409);

  app.get(
    '/cfs/submissions',
    {
      config: review,
      schema: {
        tags,
        summary:
          'Submitted call for sites submissions, newest first, by call and status, with counts per status',
        querystring: reviewListQuerySchema,
        response: { 200: reviewListSchema, ...reviewErrors },
      },
    },
    async (request) => inTenant(request, (trx) => reviewQueue(trx, request.query)),
  );

  app.get(
    '/cfs/submissions/:id',
    {
      config: review,
      schema: {
        tags,
        summary: 'One submission for review: submitter, client, sites with boundaries, answers and overlaps',
        params: submissionParams,
        response: { 200: reviewSubmissionSchema, ...reviewErrors },
      },
    },
    async (request) => inTenant(request, (trx) => reviewSubmission(trx, request.params.id)),
  );

  app.post(
    '/cfs/submissions/bulk',
    {
      config: decideAccess,
      schema: {
        tags,
        summary:
          'Takes several submissions into review, or rejects them with one reason (each submitter emailed); what became of each',
        body: bulkReviewSchema,
        response: { 200: bulkReviewResultSchema, ...reviewErrors },
      },
    },
    async (request) => bulkReview((work) => inTenant(request, work), request, request.body, app.jobs),
  );

  app.get(
    '/cfs/sites/:siteId/submissions',
    {
      config: review,
      schema: {
        tags,
        summary:
          'The submissions a site came from (accepted as it or merged into it), with the submitter and the answers',
        params: z.object({ siteId: z.string().regex(/^\d{1,18}$/, serverMessages.nonExistingId) }),
        response: { 200: siteSubmissionsSchema, ...reviewErrors },
      },
    },
    async (request) => inTenant(request, (trx) => siteSubmissions(trx, request.params.siteId)),
  );

  app.get(
    '/cfs/submitters',
    {
      config: { access: featureAccess.cfsDelete },
      schema: {
        tags,
        summary:
          'The consultation accounts with an email address (their own or their submissions’ contact), each with its submissions, to delete or restore',
        querystring: submitterLookupQuerySchema,
        response: { 200: submitterLookupSchema, ...reviewErrors },
      },
    },
    async (request) => inTenant(request, (trx) => findSubmitters(trx, request.query.email)),
  );

  app.post(
    '/cfs/submissions/:id/review',
    {
      config: decideAccess,
      schema: {
        tags,
        summary: 'Takes a new submission into review',
        params: submissionParams,
        response: { 200: reviewSubmissionSchema, ...reviewErrors },
      },
    },
    async (request) => inTenant(request, (trx) => markInReview(trx, request, request.params.id)),
  );

  app.post(
    '/cfs/submissions/:id/accept',
    {
      config: decideAccess,
      schema: {
        tags,
        summary:
          'Accepts a submission: each of its sites becomes a site, linked to it; the submitter is emailed',
        params: submissionParams,
        response: { 200: reviewSubmissionSchema, ...reviewErrors },
      },
    },
    async (request) =>
      inTenant(request, (trx) => acceptSubmission(trx, request, request.params.id, app.jobs)),
  );

  app.post(
    '/cfs/submissions/:id/reject',
    {
      config: decideAccess,
      schema: {
        tags,
        summary: 'Rejects a submission with the reason the submitter is emailed',
        params: submissionParams,
        body: rejectSubmissionSchema,
        response: { 200: reviewSubmissionSchema, ...reviewErrors },
      },
    },
    async (request) =>
      inTenant(request, (trx) =>
        rejectSubmission(trx, request, request.params.id, request.body.reason, app.jobs),
      ),
  );

  app.get(
    '/cfs/calls/:id/analytics',
    {
      config: review,
      schema: {
        tags,
        summary:
          "A call's submissions by status and by day, the sites, area, homes and floorspace put forward, and their outlines",
        params: z.object({ id: z.uuid(cfsMessages.callNotFound) }),
        response: { 200: callAnalyticsSchema, ...reviewErrors },
      },
    },
    async (request) => inTenant(request, (trx) => callAnalytics(trx, request.params.id)),
  );

  app.get(
    '/cfs/calls/:id/export',
    {
      config: review,
      schema: {
        tags,
        summary:
          "A call's submitted sites as CSV, or their boundaries as a GeoPackage (EPSG:27700), with the submitters' details",
        params: z.object({ id: z.uuid(cfsMessages.callNotFound) }),
        querystring: z.object({
          format: z.enum(['csv', 'gpkg'], 'The format is csv or gpkg').default('csv'),
        }),
        // The file itself (CSV text or GeoPackage bytes).
        response: { 200: z.any(), ...reviewErrors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const file = await inTenant(request, async (trx) => {
        const made = await exportSubmissions(trx, request.params.id, request.query.format);
        await recordAudit(trx, tenantId, request, {
          action: 'export.cfs-submissions',
          targetType: 'event',
          targetId: request.params.id,
          summary: `Call for sites submissions exported (${request.query.format}, ${made.rows} sites)`,
          details: { format: request.query.format, rows: made.rows },
        });
        return made;
      });
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/cfs/submissions/:id/merge',
    {
      config: decideAccess,
      schema: {
        tags,
        summary:
          'Merges one submitted site into an existing site (the same land); the submission is accepted once all its sites are added or merged',
        params: submissionParams,
        body: mergeSubmissionSchema,
        response: { 200: reviewSubmissionSchema, ...reviewErrors },
      },
    },
    async (request) =>
      inTenant(request, (trx) =>
        mergeSubmissionSite(trx, request, request.params.id, request.body, app.jobs),
      ),
  );

  for (const [path, deleted] of [
    ['/submissions/delete', true],
    ['/submissions/restore', false],
  ] as const) {
    app.post(
      path,
      {
        config: { access: featureAccess.cfsDelete },
        schema: {
          tags,
          summary: deleted
            ? "Deletes every call for sites submission of the accounts named (restorable), as spec 03 §7's /submissions delete"
            : 'Restores the deleted call for sites submissions of the accounts named',
          body: submissionsByUsersSchema,
          response: { 200: submissionsChangedSchema, ...reviewErrors },
        },
      },
      async (request) => {
        const submissions = await inTenant(request, (trx) =>
          setSubmissionsDeleted(trx, request, request.body.userIds, deleted),
        );
        return {
          submissions,
          message: deleted ? cfsDeleteMessages.deleted(submissions) : cfsDeleteMessages.restored(submissions),
        };
      },
    );
  }
};
