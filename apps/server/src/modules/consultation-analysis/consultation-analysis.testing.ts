import { randomUUID } from 'node:crypto';
import { docFromPlainText, plainTextOf, publicTextOf, type EditorNode } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { letterRedacting } from '../../../test/consultation-factories';
import { todayInEngland } from './consultation-analysis.access';

/** The consultation that has closed, the one still open, and one that was cancelled. */
export type Events = { closed: string; live: string; cancelled: string };

// What must never leave the staff screens: redacted words, contact details, the text as received.
export const PHONE = '07700 900123';
export const EMAIL = 'alice.smith@example.com';
export const SECRETARY = 'secretary@riverside.test';
export const SECRETS = [
  PHONE,
  EMAIL,
  SECRETARY,
  'Alice',
  'Smith',
  'Bob Jones',
  'eve.officer@environment-agency.test',
  'Eve Officer',
];
export const CAMPAIGN = 'The roads cannot take more traffic.';

export const day = (offset: number) => {
  const date = new Date(`${todayInEngland()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

/** A paragraph with one run under a redaction mark. */
export const redacted = (
  before: string,
  secret: string,
  after: string,
  type: 'telephone number' | 'email address',
) => letterRedacting(before, secret, after, { redactionType: type, docId: randomUUID() });

/**
 * A council's consultation as the representation manager leaves it: organisations, people,
 * topics, representations (one deleted), parts and responses, with the texts worked out from the
 * editor's document as the server does (plain and public).
 */
export async function seedConsultation(
  db: Parameters<typeof withTenant>[0],
  tenantId: string,
  siteIds: string[],
  events: Events,
) {
  return withTenant(db, tenantId, async (trx) => {
    const event = (name: string, startsOn: string, endsOn: string, cancelled = false) =>
      trx
        .insertInto('consultation_events')
        .values({ tenant_id: tenantId, name, starts_on: startsOn, ends_on: endsOn, cancelled })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    events.closed = await event('Regulation 18 consultation', day(-60), day(-10));
    events.live = await event('Regulation 19 consultation', day(-5), day(20));
    events.cancelled = await event('Withdrawn consultation', day(-40), day(-20), true);

    const organisation = (name: string, type: string) =>
      trx
        .insertInto('organisations')
        .values({ tenant_id: tenantId, name, organisation_type: type, email: 'info@org.test' })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const agency = await organisation('Environment Agency', 'Statutory authority');
    const residents = await organisation('Riverside Residents Association', 'Residents association');
    const builder = await organisation('Acme Homes Ltd', 'Business');
    const contact = (first: string, last: string, email: string, organisationId: string | null = null) =>
      trx
        .insertInto('contacts')
        .values({
          tenant_id: tenantId,
          contact_type: organisationId ? 'organisation' : 'individual',
          first_name: first,
          last_name: last,
          email,
          phone_number: PHONE,
          organisation_id: organisationId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const alice = await contact('Alice', 'Smith', EMAIL);
    const bob = await contact('Bob', 'Jones', 'bob@example.com');
    const eve = await contact('Eve', 'Officer', 'eve.officer@environment-agency.test', agency);
    const topic = (name: string) =>
      trx
        .insertInto('consultation_topics')
        .values({ tenant_id: tenantId, name })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const housing = await topic('Housing');
    const transport = await topic('Transport');
    const greenBelt = await topic('Green belt');

    let reference = 0;
    const representation = async (input: {
      event?: string;
      type: 'organisation' | 'privateIndividual';
      organisationId?: string;
      contactId: string;
      correspondence: string;
      attitude: string | null;
      status?: string;
      content: EditorNode;
      original: string;
      topics: string[];
      siteIds?: string[];
      deleted?: boolean;
    }) => {
      reference += 1;
      const row = await trx
        .insertInto('representations')
        .values({
          tenant_id: tenantId,
          reference,
          consultation_event_id: input.event ?? events.closed,
          correspondence_type: input.correspondence,
          received_date: day(-30 + reference),
          status: input.status ?? 'Received',
          attitude: input.attitude,
          representee_type: input.type,
          organisation_id: input.organisationId ?? null,
          contact_id: input.contactId,
          original_text: input.original,
          content: JSON.stringify(input.content),
          plain_text: plainTextOf(input.content),
          public_text: publicTextOf(input.content),
          site_ids: input.siteIds ?? [],
          deleted_at: input.deleted ? new Date() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const topicId of input.topics)
        await trx
          .insertInto('representation_topics')
          .values({ tenant_id: tenantId, representation_id: row.id, topic_id: topicId })
          .execute();
      return row.id;
    };
    const agencyLetter = `Please call me on ${PHONE} to discuss the green belt. The green belt boundary must stay where it is.`;
    const r1 = await representation({
      type: 'organisation',
      organisationId: agency,
      contactId: eve,
      correspondence: 'Email',
      attitude: 'Oppose',
      status: 'Response sent',
      content: redacted(
        'Please call me on ',
        PHONE,
        ' to discuss the green belt. The green belt boundary must stay where it is.',
        'telephone number',
      ),
      original: agencyLetter,
      topics: [greenBelt],
    });
    await representation({
      type: 'privateIndividual',
      contactId: alice,
      correspondence: 'Letter',
      attitude: 'Support',
      content: redacted(
        'I support new homes near the station. Write to me at ',
        EMAIL,
        ' please.',
        'email address',
      ),
      original: `I support new homes near the station. Write to me at ${EMAIL} please. Alice Smith`,
      topics: [housing],
      siteIds: [siteIds[0]!],
    });
    const r3 = await representation({
      type: 'privateIndividual',
      contactId: bob,
      correspondence: 'Online form',
      attitude: 'Oppose',
      status: 'In review',
      // Not redacted yet: the sign-off still names the writer.
      content: docFromPlainText(
        `${CAMPAIGN} Too many homes are planned for the valley.\n\nYours sincerely,\nBob Jones`,
      ),
      original: `${CAMPAIGN} Too many homes are planned for the valley. Bob Jones`,
      topics: [housing, transport],
    });
    await representation({
      type: 'organisation',
      organisationId: residents,
      contactId: eve,
      correspondence: 'Email',
      attitude: 'Oppose',
      content: docFromPlainText(
        `${CAMPAIGN} The bus service should come first. Write to ${SECRETARY} for more.`,
      ),
      original: `${CAMPAIGN} The bus service should come first.`,
      topics: [transport],
    });
    await representation({
      type: 'organisation',
      organisationId: builder,
      contactId: eve,
      correspondence: 'Email',
      attitude: null,
      content: docFromPlainText('We would like our land at Mill Lane to be considered.'),
      original: 'We would like our land at Mill Lane to be considered.',
      topics: [],
    });
    await representation({
      type: 'privateIndividual',
      contactId: alice,
      correspondence: 'Email',
      attitude: 'Support',
      content: docFromPlainText('A withdrawn letter.'),
      original: 'A withdrawn letter.',
      topics: [housing],
      deleted: true,
    });
    await representation({
      event: events.live,
      type: 'privateIndividual',
      contactId: bob,
      correspondence: 'Email',
      attitude: 'Neutral',
      content: docFromPlainText('Still thinking about it.'),
      original: 'Still thinking about it.',
      topics: [housing],
    });

    const sub = async (
      representationId: string,
      sequentialId: number,
      text: string,
      extra: { topicId?: string; status?: string; deleted?: boolean },
    ) =>
      (
        await trx
          .insertInto('sub_representations')
          .values({
            tenant_id: tenantId,
            representation_id: representationId,
            sequential_id: sequentialId,
            content: JSON.stringify(docFromPlainText(text)),
            plain_text: text,
            public_text: text,
            topic_id: extra.topicId ?? null,
            status: extra.status ?? 'Received',
            is_deleted: extra.deleted ?? false,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const part = await sub(r1, 1, 'The green belt boundary must stay where it is.', {
      topicId: greenBelt,
      status: 'Response sent',
    });
    await sub(r1, 2, 'A part split out by mistake.', { deleted: true });

    const response = (
      description: string,
      target: { representationId?: string; subId?: string },
      deleted = false,
    ) =>
      trx
        .insertInto('consultation_responses')
        .values({
          tenant_id: tenantId,
          description,
          text: `<p>${description}: our answer.</p>`,
          plain_text: `${description}: our answer.`,
          representation_id: target.representationId ?? null,
          sub_representation_id: target.subId ?? null,
          deleted_at: deleted ? new Date() : null,
        })
        .execute();
    await response('Green belt boundary retained', { representationId: r1 });
    await response('Boundary review', { subId: part });
    await response('Traffic assessment updated', { representationId: r3 });
    await response('A deleted draft', { representationId: r1 }, true);
  });
}
