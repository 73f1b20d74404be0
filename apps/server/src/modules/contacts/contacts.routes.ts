import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactListSchema,
  contactSchema,
  createContactsBodySchema,
  customValueBodySchema,
  customValuesSchema,
  organisationInputSchema,
  organisationSchema,
  tableQuerySchema,
  tableResultSchema,
  updateContactBodySchema,
  updateOrganisationBodySchema,
} from '@planning/shared';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { consultationGrant, inConsultations } from '../consultations/consultations.access';
import { setCustomValue } from '../consultations/consultations.columns';
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

/**
 * Spec 02 §2 the contacts and organisations tabs, §7 "Organisations and contacts": search, create,
 * read, change, delete and custom values. A consultations grant, the consultations-pages flag and
 * the contact-management flag (off: 404).
 */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const inContacts = (request: Parameters<typeof inConsultations>[0]) =>
    inConsultations(request, { contacts: true });

  app.post(
    '/consultations/contacts/search',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary:
          'The contacts table: filters, sort, groups, search (name, email, phone, address, postcode), a page',
        body: tableQuerySchema,
        response: { 200: tableResultSchema(contactSchema), ...errors },
      },
    },
    async (request) => inContacts(request)((trx) => searchContacts(trx, request.body)),
  );

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

  app.get(
    '/consultations/contacts/:id',
    {
      config: consultationGrant('read'),
      schema: { tags, summary: 'One contact', params: idParams, response: { 200: contactSchema, ...errors } },
    },
    async (request) => inContacts(request)((trx) => oneContact(trx, request.params.id)),
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

  app.delete(
    '/consultations/contacts/:id',
    {
      config: consultationGrant('delete'),
      schema: {
        tags,
        summary: 'Deletes a contact (409 while a representation names it as representee or agent)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inContacts(request)((trx) => deleteContact(trx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/consultations/contacts/:id/custom',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: "Sets one custom column's value (null clears it); the answer is every custom value",
        params: idParams,
        body: customValueBodySchema,
        response: { 200: customValuesSchema, ...errors },
      },
    },
    async (request) =>
      inContacts(request)((trx) => setCustomValue(trx, 'contacts', request.params.id, request.body)),
  );

  app.post(
    '/consultations/organisations/search',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary:
          'The organisations table: filters, sort, groups, search (name, email, phone, address, postcode), a page',
        body: tableQuerySchema,
        response: { 200: tableResultSchema(organisationSchema), ...errors },
      },
    },
    async (request) => inContacts(request)((trx) => searchOrganisations(trx, request.body)),
  );

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

  app.get(
    '/consultations/organisations/:id',
    {
      config: consultationGrant('read'),
      schema: {
        tags,
        summary: 'One organisation with its agents',
        params: idParams,
        response: { 200: organisationSchema, ...errors },
      },
    },
    async (request) => inContacts(request)((trx) => oneOrganisation(trx, request.params.id)),
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

  app.delete(
    '/consultations/organisations/:id',
    {
      config: consultationGrant('delete'),
      schema: {
        tags,
        summary: 'Deletes an organisation (409 while a representation has it as representee)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await inContacts(request)((trx) => deleteOrganisation(trx, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/consultations/organisations/:id/custom',
    {
      config: consultationGrant('write'),
      schema: {
        tags,
        summary: "Sets one custom column's value (null clears it); the answer is every custom value",
        params: idParams,
        body: customValueBodySchema,
        response: { 200: customValuesSchema, ...errors },
      },
    },
    async (request) =>
      inContacts(request)((trx) => setCustomValue(trx, 'organisations', request.params.id, request.body)),
  );
};
