import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCallInputSchema,
  API_BASE_PATH,
  BOUNDARY_FILE_LIMITS,
  boundaryFileResultSchema,
  adminCallListQuerySchema,
  adminCallListSchema,
  adminCallSchema,
  cfsMessages,
  cfsSubmissionMessages,
  cfsSubmissionSchema,
  featureAccess,
  myCfsSubmissionListSchema,
  publicCallListSchema,
  publicCallSchema,
  submissionDraftInputSchema,
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
import {
  deleteDraft,
  mySubmissions,
  readOwnSubmission,
  requireSubmitter,
  saveDraft,
  startSubmission,
  RECEIPT_JOB,
  requireOwnAttachable,
  requireSubmitted,
  submissionAttachments,
  submissionForReceipt,
  submitSubmission,
  withdrawSubmission,
} from './cfs.submissions';
import { statementPdf } from '../consultation-analysis/consultation-analysis.pdf';
import { mailSubmitter, receiptMail, receiptStatement } from './cfs.receipt';
import { cfsReviewRoutes } from './cfs.review.routes';
import { readBoundaryFile } from './cfs.boundaries';
import { attachmentRoutes } from '../files/files.attachments.routes';

const tags = ['cfs'];
const errors = errorResponses(400, 401, 403, 404, 409);
const admin = { access: featureAccess.admin } as const;
const open = { public: true } as const;
const idParams = z.object({ id: z.uuid(cfsMessages.callNotFound) });
const submissionParams = z.object({ id: z.uuid(cfsSubmissionMessages.submissionNotFound) });
const submitterErrors = errorResponses(400, 401, 403, 404, 409);

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

  // Issue 27 point 2: the receipt, queued with the submission (cfs.submissions.ts).
  app.jobs.define<{ submissionId: string }>(RECEIPT_JOB, {
    payload: z.object({ submissionId: z.uuid() }),
    maxAttempts: 5,
    handler: async (context) => {
      const { submission, topics } = await context.inTenant((trx) =>
        submissionForReceipt(trx, context.payload.submissionId),
      );
      await mailSubmitter(app, context.job.tenantId, async (council, pageUrl) =>
        receiptMail(
          submission,
          council,
          await statementPdf(receiptStatement(submission, council, topics)),
          pageUrl(`/calls-for-sites/${submission.callId}`),
        ),
      );
      return { sentTo: 'submitter' };
    },
  });

  // Issue 27 point 4: officers' review of the submissions.
  await app.register(cfsReviewRoutes);

  // A consultation account's own submissions (no access config: a session is needed;
  // requireSubmitter refuses staff accounts). Another's submission reads as missing.
  const asSubmitter = <T>(
    request: Parameters<typeof requireSubmitter>[0],
    work: (
      trx: Parameters<Parameters<typeof withTenant<T>>[2]>[0],
      auth: ReturnType<typeof requireSubmitter>,
    ) => Promise<T>,
  ) => {
    const auth = requireSubmitter(request);
    return withTenant(db, auth.tenantId, (trx) => work(trx, auth));
  };

  app.post(
    '/public/cfs/calls/:id/submissions',
    {
      schema: {
        tags,
        summary: 'Starts a draft submission to an open call for sites (consultation accounts only)',
        params: idParams,
        response: { 201: cfsSubmissionSchema, ...submitterErrors },
      },
    },
    async (request, reply) => {
      const draft = await asSubmitter(request, (trx, auth) =>
        startSubmission(trx, auth, request.params.id, request.ip),
      );
      return reply.status(201).send(draft);
    },
  );

  app.get(
    '/public/cfs/submissions',
    {
      schema: {
        tags,
        summary: "The signed-in submitter's own submissions, latest first",
        response: { 200: myCfsSubmissionListSchema, ...submitterErrors },
      },
    },
    async (request) => asSubmitter(request, (trx, auth) => mySubmissions(trx, auth.userId)),
  );

  app.get(
    '/public/cfs/submissions/:id',
    {
      schema: {
        tags,
        summary: 'One of my submissions with its sites, boundaries and answers',
        params: submissionParams,
        response: { 200: cfsSubmissionSchema, ...submitterErrors },
      },
    },
    async (request) =>
      asSubmitter(request, (trx, auth) => readOwnSubmission(trx, auth.userId, request.params.id)),
  );

  app.put(
    '/public/cfs/submissions/:id',
    {
      schema: {
        tags,
        summary:
          'Saves a draft whole while its call is open (Save and come back later); boundaries checked on arrival',
        params: submissionParams,
        body: submissionDraftInputSchema,
        response: { 200: cfsSubmissionSchema, ...submitterErrors },
      },
    },
    async (request) =>
      asSubmitter(request, (trx, auth) => saveDraft(trx, auth, request.params.id, request.body)),
  );

  app.post(
    '/public/cfs/submissions/:id/submit',
    {
      schema: {
        tags,
        summary: 'Submits a complete draft: every problem at once (400), or its reference',
        params: submissionParams,
        response: { 200: cfsSubmissionSchema, ...submitterErrors },
      },
    },
    async (request) =>
      asSubmitter(request, (trx, auth) => submitSubmission(trx, auth, request.params.id, app.jobs)),
  );

  app.post(
    '/public/cfs/submissions/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraws one of my submissions awaiting review',
        params: submissionParams,
        response: { 200: cfsSubmissionSchema, ...submitterErrors },
      },
    },
    async (request) => asSubmitter(request, (trx, auth) => withdrawSubmission(trx, auth, request.params.id)),
  );

  // Multipart for this route only (its own scope): one file, no other fields.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: BOUNDARY_FILE_LIMITS.maxMb * 1024 * 1024 + 1,
        files: 1,
        fields: 0,
        parts: 1,
        headerPairs: 50,
      },
    });
    scope.post(
      '/public/cfs/boundaries',
      {
        // One boundary file and its multipart framing; anything much larger is refused unread.
        bodyLimit: BOUNDARY_FILE_LIMITS.maxMb * 1024 * 1024 + 64 * 1024,
        schema: {
          tags,
          summary:
            "Reads a site's boundary from a file (zipped shapefile, GeoPackage, KML or KMZ, GeoJSON): every area joined, in WGS84, with its area; nothing kept",
          consumes: ['multipart/form-data'],
          response: {
            200: boundaryFileResultSchema,
            413: submitterErrors[400],
            415: submitterErrors[400],
            ...submitterErrors,
          },
        },
      },
      async (request) => {
        requireSubmitter(request);
        return readBoundaryFile(db, request);
      },
    );
  });

  app.delete(
    '/public/cfs/submissions/:id',
    {
      schema: {
        tags,
        summary: 'Deletes one of my drafts',
        params: submissionParams,
        response: { 204: z.null(), ...submitterErrors },
      },
    },
    async (request, reply) => {
      await asSubmitter(request, (trx, auth) => deleteDraft(trx, auth, request.params.id));
      return reply.status(204).send(null);
    },
  );

  // Documents the submitter attaches (scanned like every upload), and the same files for review.
  await app.register(
    attachmentRoutes({
      path: '/public/cfs/submissions/:id',
      record: 'submission',
      holder: submissionAttachments,
      tags,
      // A session; requireOwnAttachable refuses staff accounts and others' submissions.
      grant: () => ({ access: [] }),
      inTenant: (request) => (work) => withTenant(db, requireSubmitter(request).tenantId, work),
      requireRecord: requireOwnAttachable,
      canWrite: async () => true,
      downloadPath: (id, fileId) =>
        `${API_BASE_PATH}/public/cfs/submissions/${id}/attachments/${fileId}/download`,
    }),
  );
  await app.register(
    attachmentRoutes({
      path: '/cfs/submissions/:id',
      record: 'submission',
      holder: submissionAttachments,
      tags,
      // Staff read them; adding or removing a submitter's document is an administrator's (cfs delete).
      grant: (action) => ({ access: action === 'read' ? featureAccess.cfsReview : featureAccess.cfsDelete }),
      inTenant: (request) => (work) => withTenant(db, requireAuth(request).tenantId, work),
      requireRecord: (trx, id) => requireSubmitted(trx, id),
      canWrite: async () => false,
      downloadPath: (id, fileId) => `${API_BASE_PATH}/cfs/submissions/${id}/attachments/${fileId}/download`,
    }),
  );
};
