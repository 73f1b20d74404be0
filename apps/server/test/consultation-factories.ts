import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  docFromPlainText,
  plainTextOf,
  publicTextOf,
  type EditorNode,
  type OrganisationType,
  type RepresentationStatus,
} from '@planning/shared';
import type { Database } from '../src/db/schema';
import { withTenant } from '../src/db/tenant-transaction';
import { nextReference } from '../src/modules/representations/representations.references';

/**
 * The representation manager's records for tests, written straight to the database (the routes
 * are what the tests exercise; these only set the scene). Each takes the council's id and fills
 * in what it is not given.
 */
const suffix = () => randomBytes(3).toString('hex');

export async function buildEvent(
  db: Kysely<Database>,
  tenantId: string,
  overrides: {
    name?: string;
    startsOn?: string;
    endsOn?: string;
    cancelled?: boolean;
    documentId?: string;
  } = {},
) {
  return withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('consultation_events')
      .values({
        tenant_id: tenantId,
        name: overrides.name ?? `Event ${suffix()}`,
        starts_on: overrides.startsOn ?? '2020-01-01',
        ends_on: overrides.endsOn ?? '2999-12-31',
        cancelled: overrides.cancelled ?? false,
        document_id: overrides.documentId ?? null,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow(),
  );
}

export async function buildOrganisation(
  db: Kysely<Database>,
  tenantId: string,
  overrides: {
    name?: string;
    organisationType?: OrganisationType;
    email?: string;
    postcode?: string;
    town?: string;
  } = {},
) {
  return withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('organisations')
      .values({
        tenant_id: tenantId,
        name: overrides.name ?? `Organisation ${suffix()}`,
        organisation_type: overrides.organisationType ?? 'Community group',
        email: overrides.email ?? null,
        phone_number: null,
        address_line1: null,
        address_line2: null,
        town: overrides.town ?? null,
        country: null,
        postcode: overrides.postcode ?? null,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow(),
  );
}

export async function buildContact(
  db: Kysely<Database>,
  tenantId: string,
  overrides: {
    firstName?: string;
    lastName?: string;
    contactType?: 'individual' | 'organisation' | 'agent';
    organisationId?: string | null;
    email?: string | null;
    phoneNumber?: string | null;
    postcode?: string | null;
    jobTitle?: string | null;
  } = {},
) {
  return withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('contacts')
      .values({
        tenant_id: tenantId,
        contact_type: overrides.contactType ?? 'individual',
        title: null,
        first_name: overrides.firstName ?? 'Pat',
        last_name: overrides.lastName ?? `Person-${suffix()}`,
        job_title: overrides.jobTitle ?? (overrides.contactType === 'agent' ? 'Planning consultant' : null),
        email: overrides.email ?? null,
        phone_number: overrides.phoneNumber ?? null,
        organisation_id: overrides.organisationId ?? null,
        address_line1: null,
        address_line2: null,
        town: null,
        country: null,
        postcode: overrides.postcode ?? null,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow(),
  );
}

/**
 * A live representation: by default from a new private individual to a new live event, received
 * today, with a short letter. `content` (a document with marks) wins over `text`.
 */
export async function buildRepresentation(
  db: Kysely<Database>,
  tenantId: string,
  overrides: {
    eventId?: string;
    contactId?: string;
    organisationId?: string;
    agentContactId?: string;
    text?: string;
    content?: EditorNode;
    status?: RepresentationStatus;
    attitude?: 'Support' | 'Neutral' | 'Oppose' | null;
    receivedDate?: string;
    topicIds?: string[];
  } = {},
) {
  const eventId = overrides.eventId ?? (await buildEvent(db, tenantId)).id;
  const contactId =
    overrides.contactId ?? (overrides.organisationId ? undefined : (await buildContact(db, tenantId)).id);
  const content = overrides.content ?? docFromPlainText(overrides.text ?? 'I object to the plan.');
  return withTenant(db, tenantId, async (trx) => {
    const reference = await nextReference(trx, tenantId);
    const row = await trx
      .insertInto('representations')
      .values({
        tenant_id: tenantId,
        reference,
        consultation_event_id: eventId,
        correspondence_type: 'Email',
        received_date: overrides.receivedDate ?? new Date().toISOString().slice(0, 10),
        status: overrides.status ?? 'Received',
        attitude: overrides.attitude === undefined ? 'Oppose' : overrides.attitude,
        representee_type: overrides.organisationId ? 'organisation' : 'privateIndividual',
        organisation_id: overrides.organisationId ?? null,
        contact_id: contactId ?? null,
        agent_contact_id: overrides.agentContactId ?? null,
        original_text: overrides.text ?? plainTextOf(content),
        content: JSON.stringify(content),
        plain_text: plainTextOf(content),
        public_text: publicTextOf(content),
      })
      .returning(['id', 'reference'])
      .executeTakeFirstOrThrow();
    if (overrides.topicIds?.length) {
      await trx
        .insertInto('representation_topics')
        .values(
          overrides.topicIds.map((topicId) => ({
            tenant_id: tenantId,
            representation_id: row.id,
            topic_id: topicId,
          })),
        )
        .execute();
    }
    return row;
  });
}

/** A part of a representation, numbered as the officer split it out (its own text, Received). */
export async function buildSubRepresentation(
  db: Kysely<Database>,
  tenantId: string,
  representationId: string,
  overrides: { sequentialId: number; text?: string; status?: RepresentationStatus },
) {
  const content = docFromPlainText(overrides.text ?? 'A part of the letter.');
  return withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('sub_representations')
      .values({
        tenant_id: tenantId,
        representation_id: representationId,
        sequential_id: overrides.sequentialId,
        content: JSON.stringify(content),
        plain_text: plainTextOf(content),
        public_text: publicTextOf(content),
        status: overrides.status ?? 'Received',
      })
      .returning(['id', 'sequential_id'])
      .executeTakeFirstOrThrow(),
  );
}

/** A letter of one paragraph with `secret` under a redaction mark of these attributes. */
export const letterRedacting = (
  before: string,
  secret: string,
  after: string,
  attrs: Record<string, unknown>,
): EditorNode => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: before },
        { type: 'text', text: secret, marks: [{ type: 'redaction', attrs } as never] },
        { type: 'text', text: after },
      ],
    },
  ],
});
