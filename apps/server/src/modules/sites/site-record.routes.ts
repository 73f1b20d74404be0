import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkDeleteAnswerSchema,
  bulkSiteIdsSchema,
  childSitesSchema,
  createdSiteSchema,
  customSiteBodySchema,
  geometryBodySchema,
  noteBodySchema,
  noteSchema,
  notesSchema,
  relatedSiteBodySchema,
  relatedSitesSchema,
  siteRecordSchema,
  sitePageSchema,
  siteScenariosSchema,
  siteUpdateAnswerSchema,
  siteUpdateBodySchema,
  timelineQuerySchema,
  timelineSchema,
  versionBodySchema,
  visibilityBodySchema,
} from '@planning/shared';
import { requireAuth } from '../../lib/request-context';
import {
  createCustomSite,
  readSite,
  requireLiveSite,
  revertOverride,
  siteIdInScenario,
  timeline,
  updateGeometry,
  updateSite,
  type Editor,
} from './site-record.service';
import { deleteSites, siteScenarios, updateVisibility } from './site-status.service';
import { addNote, deleteNote, editNote, listNotes } from './site-notes.service';
import { childSites, relatedSites, removeRelatedSite, saveRelatedSite } from './site-relations.service';
import { errorResponses, signedInTenant } from '../../lib/route-helpers';

const id = z.string().regex(/^\d{1,18}$/, 'A site id is a number');
const siteParams = z.object({ id });
const noteParams = z.object({ id, noteId: id });
const relatedParams = z.object({ id, relatedId: id });
const errors = errorResponses(400, 401, 403, 404, 409, 428);
const read = { access: [{ unit: 'sites', action: 'read' }] } as const;
const write = { access: [{ unit: 'sites', action: 'write' }] } as const;
const remove = { access: [{ unit: 'sites', action: 'delete' }] } as const;
const tags = ['site'];

/** The version a client read: `version` in the body, else an If-Match ETag ("12", W/"12" or 12). */
function editVersion(request: FastifyRequest, bodyVersion: number | undefined): number | undefined {
  if (bodyVersion !== undefined) return bodyVersion;
  const header = request.headers['if-match'];
  const match = typeof header === 'string' ? /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim()) : null;
  return match ? Number(match[1]) : undefined;
}

const etag = (reply: FastifyReply, version: number) => reply.header('etag', `"${version}"`);

/** Spec 01 §7 "Sites": the site record, its history and notes, its relations, drawn sites. */
export const siteRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const inTenant = signedInTenant(app.database.db);
  const editorOf = (request: FastifyRequest): Editor => {
    const auth = requireAuth(request);
    return { tenantId: auth.tenantId, userId: auth.userId };
  };

  app.get(
    '/site/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'A site: its fields, tags, outlines (WGS84) and version',
        params: siteParams,
        response: { 200: siteRecordSchema, ...errors },
      },
    },
    async (request, reply) => {
      const site = await inTenant(request, (trx) => readSite(trx, request.params.id));
      etag(reply, site.version);
      return site;
    },
  );

  app.get(
    '/site/v2/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "A site (in another scenario's row with ?scenario) with the first page of its history",
        params: siteParams,
        querystring: z.object({ scenario: z.string().min(1).max(100).optional() }),
        response: { 200: sitePageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await inTenant(request, async (trx) => {
        const siteId = request.query.scenario
          ? await siteIdInScenario(trx, request.params.id, request.query.scenario)
          : request.params.id;
        const site = await readSite(trx, siteId);
        return { site, history: await timeline(trx, siteId, { limit: 20 }) };
      });
      etag(reply, page.site.version);
      return page;
    },
  );

  app.put(
    '/site/:id',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Changes one field (spec 01 §3 Site update payload), refused with 409 when the site changed since read',
        params: siteParams,
        body: siteUpdateBodySchema,
        response: { 200: siteUpdateAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await inTenant(request, (trx) =>
        updateSite(
          trx,
          editorOf(request),
          request.params.id,
          request.body,
          editVersion(request, request.body.version),
        ),
      );
      etag(reply, answer.site.version);
      return answer;
    },
  );

  app.delete(
    '/site/:id/overrides/:field',
    {
      config: write,
      schema: {
        tags,
        summary: "Ends an officer's override: the value the council calculated comes back",
        params: z.object({ id, field: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/) }),
        body: versionBodySchema.optional(),
        response: { 200: siteUpdateAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await inTenant(request, (trx) =>
        revertOverride(
          trx,
          editorOf(request),
          request.params.id,
          request.params.field,
          editVersion(request, request.body?.version),
        ),
      );
      etag(reply, answer.site.version);
      return answer;
    },
  );

  app.delete(
    '/site/:id',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Deletes a site (kept, marked deleted)',
        params: siteParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inTenant(request, (trx) => deleteSites(trx, [Number(request.params.id)]));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/site',
    {
      config: remove,
      schema: {
        tags,
        summary: 'Deletes many sites at once (up to 10,000)',
        body: bulkSiteIdsSchema,
        response: { 200: bulkDeleteAnswerSchema, ...errors },
      },
    },
    async (request) => ({ deleted: await inTenant(request, (trx) => deleteSites(trx, request.body.ids)) }),
  );

  app.get(
    '/site/:id/timeline',
    {
      config: read,
      schema: {
        tags,
        summary: 'History, newest first: edits, notes and files (cursor, limit, type)',
        params: siteParams,
        querystring: timelineQuerySchema,
        response: { 200: timelineSchema, ...errors },
      },
    },
    async (request) => inTenant(request, (trx) => timeline(trx, request.params.id, request.query)),
  );

  app.get(
    '/site/:id/notes',
    {
      config: read,
      schema: {
        tags,
        summary: "The site's notes, newest first",
        params: siteParams,
        response: { 200: notesSchema, ...errors },
      },
    },
    async (request) => ({ notes: await inTenant(request, (trx) => listNotes(trx, request.params.id)) }),
  );

  app.post(
    '/site/:id/notes',
    {
      config: write,
      schema: {
        tags,
        summary: 'Adds a note (more than 2 characters) by the signed-in user',
        params: siteParams,
        body: noteBodySchema,
        response: { 201: noteSchema, ...errors },
      },
    },
    async (request, reply) => {
      const note = await inTenant(request, (trx) =>
        addNote(trx, editorOf(request), request.params.id, request.body.note_content),
      );
      return reply.status(201).send(note);
    },
  );

  app.put(
    '/site/:id/notes/:noteId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Edits a note; only its author may',
        params: noteParams,
        body: noteBodySchema,
        response: { 200: noteSchema, ...errors },
      },
    },
    async (request) =>
      inTenant(request, (trx) =>
        editNote(trx, editorOf(request), request.params.id, request.params.noteId, request.body.note_content),
      ),
  );

  app.delete(
    '/site/:id/notes/:noteId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Deletes a note; only its author may',
        params: noteParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inTenant(request, (trx) =>
        deleteNote(trx, editorOf(request), request.params.id, request.params.noteId),
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/site/:id/scenarios',
    {
      config: read,
      schema: {
        tags,
        summary: "The site's rows in each scenario and which are public",
        params: siteParams,
        response: { 200: siteScenariosSchema, ...errors },
      },
    },
    async (request) => ({
      scenarios: await inTenant(request, (trx) => siteScenarios(trx, request.params.id)),
    }),
  );

  app.put(
    '/site/:id/visibility',
    {
      config: write,
      schema: {
        tags,
        summary: 'Shows or hides the site (or chosen scenarios of it) on the public map',
        params: siteParams,
        body: visibilityBodySchema,
        response: { 200: siteRecordSchema, ...errors },
      },
    },
    async (request, reply) => {
      const site = await inTenant(request, (trx) =>
        updateVisibility(
          trx,
          editorOf(request),
          request.params.id,
          request.body,
          editVersion(request, request.body.version),
        ),
      );
      etag(reply, site.version);
      return site;
    },
  );

  app.put(
    '/site/:id/geometry',
    {
      config: write,
      schema: {
        tags,
        summary: "Replaces the site's boundary (WGS84 GeoJSON polygon); its area follows",
        params: siteParams,
        body: geometryBodySchema,
        response: { 200: siteUpdateAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await inTenant(request, (trx) =>
        updateGeometry(
          trx,
          editorOf(request),
          request.params.id,
          request.body.wkbGeometry,
          editVersion(request, request.body.version),
        ),
      );
      etag(reply, answer.site.version);
      return answer;
    },
  );

  app.post(
    '/site/custom',
    {
      config: write,
      schema: {
        tags,
        summary: 'Creates a drawn site (custom_site_name, custom_site_poly in WGS84)',
        body: customSiteBodySchema,
        response: { 201: createdSiteSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await inTenant(request, (trx) =>
        createCustomSite(trx, editorOf(request), request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/site/:id/children',
    {
      config: read,
      schema: {
        tags,
        summary: 'Sites drawn inside this one',
        params: siteParams,
        response: { 200: childSitesSchema, ...errors },
      },
    },
    async (request) => ({ children: await inTenant(request, (trx) => childSites(trx, request.params.id)) }),
  );

  app.post(
    '/site/:id/children',
    {
      config: write,
      schema: {
        tags,
        summary: 'Creates a child site drawn inside this one',
        params: siteParams,
        body: customSiteBodySchema,
        response: { 201: createdSiteSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await inTenant(request, async (trx) => {
        const parent = await requireLiveSite(trx, request.params.id);
        return createCustomSite(
          trx,
          editorOf(request),
          { ...request.body, scenario: request.body.scenario ?? parent.scenario_name },
          parent,
        );
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/site/:id/related-sites',
    {
      config: read,
      schema: {
        tags,
        summary: 'Related sites (isPrimary, comment)',
        params: siteParams,
        response: { 200: relatedSitesSchema, ...errors },
      },
    },
    async (request) => ({ related: await inTenant(request, (trx) => relatedSites(trx, request.params.id)) }),
  );

  app.put(
    '/site/:id/related-sites/:relatedId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Relates a site to this one, or changes the relation',
        params: relatedParams,
        body: relatedSiteBodySchema,
        response: { 200: relatedSitesSchema, ...errors },
      },
    },
    async (request) => ({
      related: await inTenant(request, (trx) =>
        saveRelatedSite(trx, editorOf(request), request.params.id, request.params.relatedId, request.body),
      ),
    }),
  );

  app.delete(
    '/site/:id/related-sites/:relatedId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Removes a related site',
        params: relatedParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inTenant(request, (trx) => removeRelatedSite(trx, request.params.id, request.params.relatedId));
      return reply.status(204).send(null);
    },
  );
};
