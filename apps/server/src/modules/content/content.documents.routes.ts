import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  configAssignmentSchema,
  configDocumentDetailListSchema,
  configDocumentDetailSchema,
  configDocumentListQuerySchema,
  configDocumentListSchema,
  configDocumentMetaSchema,
  configDocumentsByIdsQuerySchema,
  configTemplateListQuerySchema,
  configTemplateListSchema,
  configTemplateSchema,
  configVersionDetailSchema,
  configVersionListSchema,
  createConfigDocumentBodySchema,
  createConfigTemplateBodySchema,
  featureAccess,
  rollbackConfigDocumentBodySchema,
  updateConfigDocumentBodySchema,
} from '@planning/shared';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import {
  createConfigDocument,
  deleteConfigDocument,
  getConfigDocument,
  getConfigDocumentMeta,
  getConfigDocumentsByAssignment,
  getConfigDocumentsByIds,
  getConfigVersion,
  listConfigDocuments,
  listConfigVersions,
  restoreConfigDocument,
  rollbackConfigDocument,
  updateConfigDocument,
} from './content.documents.service';
import { createConfigTemplate, deleteConfigTemplate, listConfigTemplates } from './content.templates.service';

const tags = ['config-documents'];
const admin = { access: featureAccess.admin };
const readErrors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.uuid() });

/**
 * Config documents for a council's administrators (issue 16 point 1; spec 03 §3, §7.2): list,
 * read (as stored, links resolved, validated), create, change, delete and restore, each change a
 * version that can be rolled back; templates to start new configs from.
 */
export const configDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/config-documents',
    {
      config: admin,
      schema: {
        tags,
        summary: "The council's configs (meta only), by type, table, assignment or tag",
        querystring: configDocumentListQuerySchema,
        response: { 200: configDocumentListSchema, ...readErrors },
      },
    },
    async (request) => listConfigDocuments(db, requireAuth(request).tenantId, request.query),
  );

  app.get(
    '/config-documents/by-ids',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Configs by ids, optionally of a table and a type (spec 03 §7.2), links resolved',
        querystring: configDocumentsByIdsQuerySchema,
        response: { 200: configDocumentDetailListSchema, ...readErrors },
      },
    },
    async (request) => getConfigDocumentsByIds(db, requireAuth(request).tenantId, request.query),
  );

  app.get(
    '/config-documents/assignment/:assignment',
    {
      config: admin,
      schema: {
        tags,
        summary: "The council's live configs with an assignment ('tenant': what its screens read)",
        params: z.object({ assignment: configAssignmentSchema }),
        response: { 200: configDocumentDetailListSchema, ...readErrors },
      },
    },
    async (request) =>
      getConfigDocumentsByAssignment(db, requireAuth(request).tenantId, request.params.assignment),
  );

  app.get(
    '/config-documents/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A config: its meta, its document as stored and with links resolved, and its validation',
        params: idParams,
        response: { 200: configDocumentDetailSchema, ...readErrors },
      },
    },
    async (request) => getConfigDocument(db, requireAuth(request).tenantId, request.params.id),
  );

  app.get(
    '/config-documents/:id/meta',
    {
      config: admin,
      schema: {
        tags,
        summary: "A config's metadata (spec 03 §3.4 config meta)",
        params: idParams,
        response: { 200: configDocumentMetaSchema, ...readErrors },
      },
    },
    async (request) => getConfigDocumentMeta(db, requireAuth(request).tenantId, request.params.id),
  );

  app.post(
    '/config-documents',
    {
      config: admin,
      schema: {
        tags,
        summary: "Creates a config from the document given, a template's, or the type's default",
        body: createConfigDocumentBodySchema,
        response: { 201: configDocumentDetailSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await createConfigDocument(db, requireAuth(request).tenantId, request, request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/config-documents/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Saves a config's document (links resolved, then validated) as its next version; 409 when another save came first",
        params: idParams,
        body: updateConfigDocumentBodySchema,
        response: { 200: configDocumentDetailSchema, ...writeErrors },
      },
    },
    async (request) =>
      updateConfigDocument(db, requireAuth(request).tenantId, request, request.params.id, request.body),
  );

  app.delete(
    '/config-documents/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a config (softly: it can be restored)',
        params: idParams,
        response: { 200: configDocumentDetailSchema, ...writeErrors },
      },
    },
    async (request) => deleteConfigDocument(db, requireAuth(request).tenantId, request, request.params.id),
  );

  app.post(
    '/config-documents/:id/restore',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Restores a deleted config',
        params: idParams,
        response: { 200: configDocumentDetailSchema, ...writeErrors },
      },
    },
    async (request) => restoreConfigDocument(db, requireAuth(request).tenantId, request, request.params.id),
  );

  app.get(
    '/config-documents/:id/versions',
    {
      config: admin,
      schema: {
        tags,
        summary: "A config's versions, newest first: who did what, when",
        params: idParams,
        response: { 200: configVersionListSchema, ...readErrors },
      },
    },
    async (request) => listConfigVersions(db, requireAuth(request).tenantId, request.params.id),
  );

  app.get(
    '/config-documents/:id/versions/:version',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One version of a config: the document before and after it, and what changed',
        params: idParams.extend({ version: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: configVersionDetailSchema, ...readErrors },
      },
    },
    async (request) =>
      getConfigVersion(db, requireAuth(request).tenantId, request.params.id, request.params.version),
  );

  app.post(
    '/config-documents/:id/rollback',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Puts back the document as it was after a version, as a new version',
        params: idParams,
        body: rollbackConfigDocumentBodySchema,
        response: { 200: configDocumentDetailSchema, ...writeErrors },
      },
    },
    async (request) =>
      rollbackConfigDocument(db, requireAuth(request).tenantId, request, request.params.id, request.body),
  );

  app.get(
    '/config-templates',
    {
      config: admin,
      schema: {
        tags,
        summary: "The council's config templates, of a type or all",
        querystring: configTemplateListQuerySchema,
        response: { 200: configTemplateListSchema, ...readErrors },
      },
    },
    async (request) => listConfigTemplates(db, requireAuth(request).tenantId, request.query.type),
  );

  app.post(
    '/config-templates',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Saves a template from a document, or from a config’s current document',
        body: createConfigTemplateBodySchema,
        response: { 201: configTemplateSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await createConfigTemplate(db, requireAuth(request).tenantId, request, request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/config-templates/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes a template (configs made from it keep their documents)',
        params: idParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteConfigTemplate(db, requireAuth(request).tenantId, request, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
