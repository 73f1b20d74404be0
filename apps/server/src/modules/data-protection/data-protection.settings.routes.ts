import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allowListInputSchema,
  allowListSchema,
  allowListValuesSchema,
  currentPrivacyNoticeSchema,
  featureAccess,
  privacyNoticeInputSchema,
  privacyNoticeParamsSchema,
  privacyNoticeSchema,
  privacyNoticeVersionsSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import {
  allowListValues,
  currentNotice,
  noticeVersion,
  noticeVersions,
  publishNotice,
  readAllowList,
  saveAllowList,
} from './data-protection.settings';

const read = { access: featureAccess.dataProtection } as const;
const write = { access: featureAccess.dataProtectionSettings } as const;
// The representation editor's officers propose redactions: they read the list's values, not who
// changed it or its notes.
const redacting = { access: [{ unit: 'consultations', action: 'read' }] } as const;
const errors = errorResponses(400, 401, 403, 404);
const tags = ['data protection'];

/** Issue 26 points 2 and 6: the allow list and the privacy notice's versions. */
export const dataProtectionSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const inTenant = <T>(tenantId: string, work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(db, tenantId, work);

  app.get(
    '/data-protection/allow-list',
    {
      config: read,
      schema: {
        tags,
        summary: "The council's allow list: contacts public in their role, never proposed for redaction",
        response: { 200: allowListSchema, ...errors },
      },
    },
    async (request) => inTenant(requireAuth(request).tenantId, readAllowList),
  );

  app.put(
    '/data-protection/allow-list',
    {
      config: write,
      schema: {
        tags,
        summary: 'Replaces the allow list (data-protection write); recorded in the audit log',
        body: allowListInputSchema,
        response: { 200: allowListSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return inTenant(tenantId, (trx) => saveAllowList(trx, tenantId, request, request.body));
    },
  );

  app.get(
    '/data-protection/allow-list/values',
    {
      config: redacting,
      schema: {
        tags,
        summary: "The allow list's entries as the redaction proposals use them (consultations read)",
        response: { 200: allowListValuesSchema, ...errors },
      },
    },
    async (request) => ({
      entries: await inTenant(requireAuth(request).tenantId, allowListValues),
    }),
  );

  app.get(
    '/data-protection/privacy-notices',
    {
      config: read,
      schema: {
        tags,
        summary: "Every version of the council's privacy notice, newest first, with who published it",
        response: { 200: privacyNoticeVersionsSchema, ...errors },
      },
    },
    async (request) => ({
      versions: await inTenant(requireAuth(request).tenantId, noticeVersions),
    }),
  );

  app.post(
    '/data-protection/privacy-notices',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Publishes a new version of the privacy notice (data-protection write); earlier versions are kept; recorded in the audit log',
        body: privacyNoticeInputSchema,
        response: { 201: privacyNoticeVersionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const versions = await inTenant(tenantId, (trx) =>
        publishNotice(trx, tenantId, request, request.body.text),
      );
      return reply.status(201).send({ versions });
    },
  );

  app.get(
    '/public/privacy-notice',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The council's current privacy notice, shown on its public forms (null: none yet)",
        response: { 200: currentPrivacyNoticeSchema, ...errors },
      },
    },
    async (request) => ({ notice: await inTenant(requireTenant(request).id, currentNotice) }),
  );

  app.get(
    '/public/privacy-notice/:version',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'One version of the privacy notice: what a person who answered under it was shown',
        params: privacyNoticeParamsSchema,
        response: { 200: privacyNoticeSchema, ...errors },
      },
    },
    async (request) =>
      inTenant(requireTenant(request).id, (trx) => noticeVersion(trx, request.params.version)),
  );
};
