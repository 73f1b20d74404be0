import { sql } from 'kysely';
import {
  contactInputSchema,
  contactTableFields,
  initialsOf,
  representationMessages,
  tableIdFields,
  type Contact,
  type ContactInput,
  type ContactValues,
  type TableQueryValues,
} from '@planning/shared';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { inPageOrder } from '../../lib/table-query';
import { iso, type Trx } from '../consultations/consultations.access';
import { invalidBody } from '../consultations/consultations.columns';
import { searchAddressBook } from './contacts.search';

type ContactRow = {
  id: string;
  contact_type: Contact['contactType'];
  title: string | null;
  first_name: string;
  last_name: string;
  name: string;
  job_title: string | null;
  email: string | null;
  phone_number: string | null;
  address_line1: string | null;
  address_line2: string | null;
  town: string | null;
  country: string | null;
  postcode: string | null;
  organisation_id: string | null;
  organisation_name: string | null;
  is_primary: boolean;
  custom: Record<string, unknown>;
  representation_count: number;
  created_at: Date;
  updated_at: Date;
};

function presentContact(row: ContactRow): Contact {
  return {
    id: row.id,
    contactType: row.contact_type,
    title: row.title,
    firstName: row.first_name,
    lastName: row.last_name,
    name: row.name,
    initials: initialsOf(row.first_name, row.last_name),
    jobTitle: row.job_title,
    email: row.email,
    phoneNumber: row.phone_number,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    town: row.town,
    country: row.country,
    postcode: row.postcode,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    isPrimary: row.is_primary,
    custom: row.custom,
    representationCount: row.representation_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Live contacts by id, in the order given (a table page's order). */
export async function contactsByIds(trx: Trx, ids: string[]): Promise<Contact[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ContactRow>`
    select c.id, c.contact_type, c.title, c.first_name, c.last_name, c.name, c.job_title, c.email,
      c.phone_number, c.address_line1, c.address_line2, c.town, c.country, c.postcode,
      c.organisation_id, o.name as organisation_name, c.is_primary, c.custom, c.created_at, c.updated_at,
      (select count(*)::int from representations r where r.deleted_at is null
        and (r.contact_id = c.id or r.agent_contact_id = c.id)) as representation_count
    from contacts c left join organisations o on o.id = c.organisation_id
    where c.id = any(${ids}::uuid[]) and c.deleted_at is null`.execute(trx);
  return inPageOrder(ids, rows, presentContact);
}

export async function oneContact(trx: Trx, id: string): Promise<Contact> {
  const [contact] = await contactsByIds(trx, [id]);
  if (!contact) throw notFound(representationMessages.contactNotFound);
  return contact;
}

/** Spec 02 §3 Table query over the contacts tab: `contactTableFields` and the custom columns. */
export const searchContacts = (trx: Trx, query: TableQueryValues) =>
  searchAddressBook(
    trx,
    {
      table: 'contacts',
      fields: contactTableFields,
      own: {
        name: sql`c.name`,
        last_name: sql`c.last_name`,
        contact_type: sql`c.contact_type`,
        organisation_name: sql`o.name`,
        email: sql`c.email`,
        town: sql`c.town`,
        postcode: sql`c.postcode`,
        updated_at: sql`c.updated_at`,
        organisation_id: sql`c.organisation_id`,
      },
      idFields: tableIdFields.contacts,
      custom: sql`c.custom`,
      from: sql`contacts c left join organisations o on o.id = c.organisation_id and o.deleted_at is null`,
      live: sql`c.deleted_at is null`,
      id: sql`c.id`,
      tieBreak: sql`lower(c.last_name), lower(c.first_name), c.id`,
      search: {
        text: [
          sql`c.name`,
          sql`c.email`,
          sql`c.phone_number`,
          sql`c.address_line1`,
          sql`c.address_line2`,
          sql`c.town`,
          sql`c.postcode`,
          sql`c.job_title`,
          sql`o.name`,
        ],
        postcode: sql`c.postcode`,
        phone: sql`c.phone_number`,
      },
      rowsByIds: contactsByIds,
    },
    query,
  );

async function requireOrganisation(trx: Trx, organisationId: string | null) {
  if (!organisationId) return;
  const row = await trx
    .selectFrom('organisations')
    .select('id')
    .where('id', '=', organisationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw badRequest(representationMessages.organisationNotFound);
}

const columnsOf = (values: ContactValues) => ({
  contact_type: values.contactType,
  title: values.title,
  first_name: values.firstName,
  last_name: values.lastName,
  job_title: values.jobTitle,
  email: values.email,
  phone_number: values.phoneNumber ?? null,
  address_line1: values.addressLine1,
  address_line2: values.addressLine2,
  town: values.town,
  country: values.country,
  postcode: values.postcode,
  organisation_id: values.organisationId,
  is_primary: values.isPrimary,
});

/** Spec 02 §7 "Create contacts sends a list with contactNumber and organisationId". */
export async function createContacts(
  trx: Trx,
  tenantId: string,
  contacts: ContactValues[],
): Promise<Contact[]> {
  for (const contact of contacts) await requireOrganisation(trx, contact.organisationId);
  const rows = await trx
    .insertInto('contacts')
    .values(contacts.map((contact) => ({ tenant_id: tenantId, ...columnsOf(contact) })))
    .returning('id')
    .execute();
  return contactsByIds(
    trx,
    rows.map((row) => row.id),
  );
}

/** A contact's values as the create body takes them, to check a change with the rest. */
async function contactAsInput(trx: Trx, id: string): Promise<ContactInput> {
  const row = await trx
    .selectFrom('contacts')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(representationMessages.contactNotFound);
  return {
    contactType: row.contact_type,
    title: row.title,
    firstName: row.first_name,
    lastName: row.last_name,
    jobTitle: row.job_title,
    email: row.email,
    phoneNumber: row.phone_number,
    organisationId: row.organisation_id,
    isPrimary: row.is_primary,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    town: row.town,
    country: row.country as ContactInput['country'],
    postcode: row.postcode,
  };
}

/** PATCH: the fields sent, checked together with the contact's others by the create schema. */
export async function updateContact(trx: Trx, id: string, body: Record<string, unknown>): Promise<Contact> {
  const current = await contactAsInput(trx, id);
  // The number is sent as contactNumber (spec 02 §7) or phoneNumber: the one sent replaces it.
  const merged = { ...current, ...('contactNumber' in body ? { phoneNumber: undefined } : {}), ...body };
  const parsed = contactInputSchema.safeParse(merged);
  if (!parsed.success) throw invalidBody(parsed.error.issues);
  await requireOrganisation(trx, parsed.data.organisationId);
  await trx.updateTable('contacts').set(columnsOf(parsed.data)).where('id', '=', id).execute();
  return oneContact(trx, id);
}

/** Soft delete; refused (409) while a live representation names the contact as representee or agent. */
export async function deleteContact(trx: Trx, id: string): Promise<void> {
  await contactAsInput(trx, id);
  const { rows } = await sql<{ one: number }>`select 1 as one from representations
    where deleted_at is null and (contact_id = ${id} or agent_contact_id = ${id}) limit 1`.execute(trx);
  if (rows.length > 0) throw conflict(representationMessages.contactInUse);
  await trx.updateTable('contacts').set({ deleted_at: new Date() }).where('id', '=', id).execute();
  await trx.deleteFrom('organisation_agents').where('contact_id', '=', id).execute();
}
