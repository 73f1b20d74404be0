import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactListSchema,
  contactSchema,
  createContactsBodySchema,
  organisationInputSchema,
  organisationSchema,
  tableQuerySchema,
  tableResultSchema,
  updateContactBodySchema,
  updateOrganisationBodySchema,
  type TableQueryValues,
} from '@planning/shared';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { consultationGrant, inConsultations, type Trx } from '../consultations/consultations.access';
import { customValueRoute } from '../consultations/consultations.columns.routes';
import {
  createOrganisation,
  deleteOrganisation,
  oneOrganisation,
  searchOrganisations,
  updateOrganisation,
} from './contacts.organisations';
import { createContacts, deleteContact, oneContact, searchContacts, updateContact } from './contacts.service';

const tags = ['consultations'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.uuid('An id') });

type App = Parameters<FastifyPluginAsyncZod>[0];
type InContacts = ReturnType<typeof inConsultations>;
type RecordSchema = typeof contactSchema | typeof organisationSchema;

/**
 * What the contacts and the organisations have alike, for one of them: the table (search), one
 * record, delete and custom values. Creating and changing differ, and stand in the plugin.
 */
function addressBookRoutes(
  app: App,
  inContacts: (request: FastifyRequest) => InContacts,
  book: {
    path: '/consultations/contacts' | '/consultations/organisations';
    table: 'contacts' | 'organisations';
    schema: RecordSchema;
    summaries: { search: string; one: string; delete: string };
    search: (
      trx: Trx,
      query: TableQueryValues,
    ) => Promise<z.infer<ReturnType<typeof tableResultSchema<RecordSchema>>>>;
    one: (trx: Trx, id: string) => Promise<z.infer<RecordSchema>>;
    remove: (trx: Trx, id: string) => Promise<void>;
  },
) {
  app.post(
    `${book.path}/search`,
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: book.summaries.search,
        body: tableQuerySchema,
        response: { 200: tableResultSchema(book.schema), ...errors },
      },
    },
    async (request) => inContacts(request)((trx) => book.search(trx, request.body)),
  );

  app.get(
    `${book.path}/:id`,
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: book.summaries.one,
        params: idParams,
        response: { 200: book.schema, ...errors },
      },
    },
    async (request) => inContacts(request)((trx) => book.one(trx, request.params.id)),
  );

  app.delete(
    `${book.path}/:id`,
    {
      config: consultationGrant('delete'),
      schema: {
        tags,
        summary: book.summaries.delete,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inContacts(request)((trx) => book.remove(trx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  customValueRoute(app, {
    path: `${book.path}/:id`,
    table: book.table,
    params: idParams,
    inTenant: inContacts,
  });
}

/**
 * Spec 02 §2 the contacts and organisations tabs, §7 "Organisations and contacts": search, create,
 * read, change, delete and custom values. A consultations grant, the consultations-pages flag and
 * the contact-management flag (off: 404).
 */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const inContacts = (request: FastifyRequest) => inConsultations(request, { contacts: true });

  addressBookRoutes(app, inContacts, {
    path: '/consultations/contacts',
    table: 'contacts',
    schema: contactSchema,
    summaries: {
      search:
        'The contacts table: filters, sort, groups, search (name, email, phone, address, postcode), a page',
      one: 'One contact',
      delete: 'Deletes a contact (409 while a representation names it as representee or agent)',
    },
    search: searchContacts,
    one: oneContact,
    remove: deleteContact,
  });

  app.post(
    '/consultations/contacts',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: 'Creates contacts (a list; the phone number as contactNumber)',
        body: createContactsBodySchema,
        response: { 201: contactListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const contacts = await inContacts(request)((trx) =>
        createContacts(trx, tenantId, request.body.contacts),
      );
      return reply.status(201).send({ contacts });
    },
  );

  app.patch(
    '/consultations/contacts/:id',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: "Changes a contact: the fields sent, checked with the contact's others by the create rules",
        params: idParams,
        body: updateContactBodySchema,
        response: { 200: contactSchema, ...errors },
      },
    },
    async (request) => inContacts(request)((trx) => updateContact(trx, request.params.id, request.body)),
  );

  addressBookRoutes(app, inContacts, {
    path: '/consultations/organisations',
    table: 'organisations',
    schema: organisationSchema,
    summaries: {
      search:
        'The organisations table: filters, sort, groups, search (name, email, phone, address, postcode), a page',
      one: 'One organisation with its agents',
      delete: 'Deletes an organisation (409 while a representation has it as representee)',
    },
    search: searchOrganisations,
    one: oneOrganisation,
    remove: deleteOrganisation,
  });

  app.post(
    '/consultations/organisations',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: 'Creates an organisation (organisationName, type, contact details, address, agents)',
        body: organisationInputSchema,
        response: { 201: organisationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const organisation = await inContacts(request)((trx) =>
        createOrganisation(trx, tenantId, request.body),
      );
      return reply.status(201).send(organisation);
    },
  );

  app.patch(
    '/consultations/organisations/:id',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary:
          'Changes an organisation: the fields sent, checked with its others; agentContactIds replaces the agents',
        params: idParams,
        body: updateOrganisationBodySchema,
        response: { 200: organisationSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      return inContacts(request)((trx) => updateOrganisation(trx, tenantId, request.params.id, request.body));
    },
  );
};
