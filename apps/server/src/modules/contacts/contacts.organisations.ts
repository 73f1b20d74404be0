import { sql } from 'kysely';
import {
  consultationMessages,
  organisationInputSchema,
  organisationTableFields,
  representationMessages,
  type Organisation,
  type OrganisationInput,
  type OrganisationValues,
  type TableQueryValues,
} from '@planning/shared';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { inPageOrder } from '../../lib/table-query';
import { iso, type Trx } from '../consultations/consultations.access';
import { invalidBody } from '../consultations/consultations.columns';
import { searchAddressBook } from './contacts.search';

type OrganisationRow = {
  id: string;
  name: string;
  organisation_type: Organisation['organisationType'];
  email: string | null;
  phone_number: string | null;
  address_line1: string | null;
  address_line2: string | null;
  town: string | null;
  country: string | null;
  postcode: string | null;
  custom: Record<string, unknown>;
  agents: { id: string; name: string; organisationName: string | null }[];
  contact_count: number;
  representation_count: number;
  created_at: Date;
  updated_at: Date;
};

function presentOrganisation(row: OrganisationRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    organisationType: row.organisation_type,
    email: row.email,
    phoneNumber: row.phone_number,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    town: row.town,
    country: row.country,
    postcode: row.postcode,
    agents: row.agents,
    contactCount: row.contact_count,
    representationCount: row.representation_count,
    custom: row.custom,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Live organisations by id, in the order given, with their agents (and each agent's own firm). */
export async function organisationsByIds(trx: Trx, ids: string[]): Promise<Organisation[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<OrganisationRow>`
    select o.id, o.name, o.organisation_type, o.email, o.phone_number, o.address_line1, o.address_line2,
      o.town, o.country, o.postcode, o.custom, o.created_at, o.updated_at,
      coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name, 'organisationName', firm.name)
          order by lower(a.last_name), lower(a.first_name), a.id)
        from organisation_agents oa join contacts a on a.id = oa.contact_id and a.deleted_at is null
        left join organisations firm on firm.id = a.organisation_id
        where oa.organisation_id = o.id), '[]') as agents,
      (select count(*)::int from contacts c where c.organisation_id = o.id and c.deleted_at is null) as contact_count,
      (select count(*)::int from representations r where r.organisation_id = o.id and r.deleted_at is null)
        as representation_count
    from organisations o
    where o.id = any(${ids}::uuid[]) and o.deleted_at is null`.execute(trx);
  return inPageOrder(ids, rows, presentOrganisation);
}

export async function oneOrganisation(trx: Trx, id: string): Promise<Organisation> {
  const [organisation] = await organisationsByIds(trx, [id]);
  if (!organisation) throw notFound(representationMessages.organisationNotFound);
  return organisation;
}

/** Spec 02 §3 Table query over the organisations tab: `organisationTableFields` and the custom columns. */
export const searchOrganisations = (trx: Trx, query: TableQueryValues) =>
  searchAddressBook(
    trx,
    {
      table: 'organisations',
      fields: organisationTableFields,
      own: {
        name: sql`o.name`,
        organisation_type: sql`o.organisation_type`,
        email: sql`o.email`,
        town: sql`o.town`,
        country: sql`o.country`,
        postcode: sql`o.postcode`,
        updated_at: sql`o.updated_at`,
      },
      custom: sql`o.custom`,
      from: sql`organisations o`,
      live: sql`o.deleted_at is null`,
      id: sql`o.id`,
      tieBreak: sql`lower(o.name), o.id`,
      search: {
        text: [
          sql`o.name`,
          sql`o.email`,
          sql`o.phone_number`,
          sql`o.address_line1`,
          sql`o.address_line2`,
          sql`o.town`,
          sql`o.postcode`,
        ],
        postcode: sql`o.postcode`,
        phone: sql`o.phone_number`,
      },
      rowsByIds: organisationsByIds,
    },
    query,
  );

/** Spec 02 §3 Organisation "a list of agent contacts": live contacts of type agent only (else 400). */
async function setAgents(trx: Trx, tenantId: string, organisationId: string, agentIds: string[]) {
  const unique = [...new Set(agentIds)];
  if (unique.length > 0) {
    const agents = await trx
      .selectFrom('contacts')
      .select('id')
      .where('id', 'in', unique)
      .where('contact_type', '=', 'agent')
      .where('deleted_at', 'is', null)
      .execute();
    if (agents.length !== unique.length) throw badRequest(consultationMessages.agentsMustBeAgents);
  }
  await trx.deleteFrom('organisation_agents').where('organisation_id', '=', organisationId).execute();
  if (unique.length > 0)
    await trx
      .insertInto('organisation_agents')
      .values(
        unique.map((contactId) => ({
          tenant_id: tenantId,
          organisation_id: organisationId,
          contact_id: contactId,
        })),
      )
      .execute();
}

const columnsOf = (values: OrganisationValues) => ({
  name: values.organisationName,
  organisation_type: values.organisationType,
  email: values.email,
  phone_number: values.phoneNumber,
  address_line1: values.addressLine1,
  address_line2: values.addressLine2,
  town: values.town,
  country: values.country,
  postcode: values.postcode,
});

/** Spec 02 §7 "Create organisation sends organisationName plus fields". */
export async function createOrganisation(
  trx: Trx,
  tenantId: string,
  values: OrganisationValues,
): Promise<Organisation> {
  const { id } = await trx
    .insertInto('organisations')
    .values({ tenant_id: tenantId, ...columnsOf(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setAgents(trx, tenantId, id, values.agentContactIds);
  return oneOrganisation(trx, id);
}

async function organisationAsInput(trx: Trx, id: string): Promise<OrganisationInput> {
  const row = await trx
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(representationMessages.organisationNotFound);
  const agents = await trx
    .selectFrom('organisation_agents')
    .select('contact_id')
    .where('organisation_id', '=', id)
    .execute();
  return {
    organisationName: row.name,
    organisationType: row.organisation_type as OrganisationInput['organisationType'],
    email: row.email,
    phoneNumber: row.phone_number,
    agentContactIds: agents.map((agent) => agent.contact_id),
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    town: row.town,
    country: row.country as OrganisationInput['country'],
    postcode: row.postcode,
  };
}

/** PATCH: the fields sent, checked with the organisation's others; agentContactIds replaces the agents. */
export async function updateOrganisation(
  trx: Trx,
  tenantId: string,
  id: string,
  body: Record<string, unknown>,
): Promise<Organisation> {
  const current = await organisationAsInput(trx, id);
  const parsed = organisationInputSchema.safeParse({ ...current, ...body });
  if (!parsed.success) throw invalidBody(parsed.error.issues);
  await trx.updateTable('organisations').set(columnsOf(parsed.data)).where('id', '=', id).execute();
  if ('agentContactIds' in body) await setAgents(trx, tenantId, id, parsed.data.agentContactIds);
  return oneOrganisation(trx, id);
}

/** Soft delete; refused (409) while a live representation has the organisation as representee. */
export async function deleteOrganisation(trx: Trx, id: string): Promise<void> {
  await organisationAsInput(trx, id);
  const used = await trx
    .selectFrom('representations')
    .select('id')
    .where('organisation_id', '=', id)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (used) throw conflict(representationMessages.organisationInUse);
  await trx.updateTable('organisations').set({ deleted_at: new Date() }).where('id', '=', id).execute();
}
