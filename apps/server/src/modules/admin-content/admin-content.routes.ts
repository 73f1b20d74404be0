import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEventInputSchema,
  adminEventListQuerySchema,
  adminEventListSchema,
  adminEventSchema,
  cancelEventSchema,
  councilLayoutInputSchema,
  councilLayoutSchema,
  documentActivityListSchema,
  featureAccess,
  liveConsultationListSchema,
  policyInputSchema,
  policyParamsSchema,
  policySchema,
  redactSubmissionSchema,
  submissionListSchema,
  submissionQuerySchema,
  submissionSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import {
  createAdminEvent,
  listAdminEvents,
  liveConsultations,
  oneAdminEvent,
  setEventCancelled,
  updateAdminEvent,
} from './admin-content.events';
import { readCouncilLayout, saveCouncilLayout } from './admin-content.layout';
import { readPolicy, savePolicy } from './admin-content.policies';
import { listSubmissions, redactSubmission } from './admin-content.redaction';
import { documentSummaries } from './admin-content.analytics';

const tags = ['admin-content'];
const errors = errorResponses(400, 401, 403, 404, 409);
const admin = { access: featureAccess.admin } as const;
const staff = { access: featureAccess.siteAssessmentMenu } as const;
const idParams = z.object({ id: z.uuid('An id') });

/**
 * Issue 16 point 3: the admin area's events (spec 03 §3.4, §4), the council's default site page
 * layout, its privacy policies and terms, the redaction of residents' free text, and the public
 * pages that read them (/consultations, /policy, /terms).
 */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const inTenant = <T>(
    request: Parameters<typeof requireAuth>[0],
    work: Parameters<typeof withTenant<T>>[2],
  ) => withTenant(db, requireAuth(request).tenantId, work);

  app.get(
    '/admin/events',
    {
      config: admin,
      schema: {
        tags,
        summary: "The council's events with their state and features, and how many are in each state",
        querystring: adminEventListQuerySchema,
        response: { 200: adminEventListSchema, ...errors },
      },
    },
    async (request) => inTenant(request, (trx) => listAdminEvents(trx, request.query.state)),
  );

  app.post(
    '/admin/events',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Creates an event: name, start and end time, its document, the features it runs with their configs',
        body: adminEventInputSchema,
        response: { 201: adminEventSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const event = await inTenant(request, (trx) => createAdminEvent(trx, tenantId, request, request.body));
      return reply.status(201).send(event);
    },
  );

  app.get(
    '/admin/events/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One event',
        params: idParams,
        response: { 200: adminEventSchema, ...errors },
      },
    },
    async (request) => inTenant(request, (trx) => oneAdminEvent(trx, request.params.id)),
  );

  app.put(
    '/admin/events/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Changes an event and the features it runs',
        params: idParams,
        body: adminEventInputSchema,
        response: { 200: adminEventSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return inTenant(request, (trx) =>
        updateAdminEvent(trx, tenantId, request, request.params.id, request.body),
      );
    },
  );

  app.post(
    '/admin/events/:id/cancel',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Cancels an event ({ cancelled: true }) or reinstates it ({ cancelled: false })',
        params: idParams,
        body: cancelEventSchema,
        response: { 200: adminEventSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return inTenant(request, (trx) =>
        setEventCancelled(trx, tenantId, request, request.params.id, request.body.cancelled),
      );
    },
  );

  app.get(
    '/events',
    {
      config: staff,
      schema: {
        tags,
        summary: "Staff: the council's events by state, read-only",
        querystring: adminEventListQuerySchema,
        response: { 200: adminEventListSchema, ...errors },
      },
    },
    async (request) => inTenant(request, (trx) => listAdminEvents(trx, request.query.state)),
  );

  app.get(
    '/public/consultations/live',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The council's consultations open now, each with its published document",
        response: { 200: liveConsultationListSchema, ...errors },
      },
    },
    async (request) => ({
      consultations: await withTenant(db, requireTenant(request).id, liveConsultations),
    }),
  );

  app.get(
    '/public/policies/:kind',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The council's privacy policy of an application, or its terms of use (sanitised HTML)",
        params: policyParamsSchema,
        response: { 200: policySchema, ...errors },
      },
    },
    async (request) =>
      withTenant(db, requireTenant(request).id, (trx) => readPolicy(trx, request.params.kind)),
  );

  app.put(
    '/admin/policies/:kind',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Saves a privacy policy or the terms of use (rich text, sanitised before it is kept)',
        params: policyParamsSchema,
        body: policyInputSchema,
        response: { 200: policySchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return inTenant(request, (trx) =>
        savePolicy(trx, tenantId, request, request.params.kind, request.body.html),
      );
    },
  );

  app.get(
    '/site-layout/default',
    {
      config: staff,
      schema: {
        tags,
        summary: "The council's default site page layout (null: the built-in one)",
        response: { 200: councilLayoutSchema, ...errors },
      },
    },
    async (request) => inTenant(request, readCouncilLayout),
  );

  app.put(
    '/admin/site-layout',
    {
      config: admin,
      schema: {
        tags,
        summary: "Saves the council's default site page layout; null puts the built-in one back",
        body: councilLayoutInputSchema,
        response: { 200: councilLayoutSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return inTenant(request, (trx) => saveCouncilLayout(trx, tenantId, request, request.body.layouts));
    },
  );

  app.get(
    '/admin/submissions',
    {
      config: admin,
      schema: {
        tags,
        summary: "Residents' free-text answers, newest first, with the personal data the detector finds",
        querystring: submissionQuerySchema,
        response: { 200: submissionListSchema, ...errors },
      },
    },
    async (request) => inTenant(request, (trx) => listSubmissions(trx, request.query)),
  );

  app.post(
    '/admin/submissions/redact',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Redacts parts of a free-text answer for every reader but its author (no parts: removes it)',
        body: redactSubmissionSchema,
        response: { 200: submissionSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return inTenant(request, (trx) => redactSubmission(trx, tenantId, request, request.body));
    },
  );

  app.get(
    '/admin/analytics/documents',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Per document: respondents, answers and the last response',
        response: { 200: documentActivityListSchema, ...errors },
      },
    },
    async (request) => ({ documents: await inTenant(request, documentSummaries) }),
  );
};
