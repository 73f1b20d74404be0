import { sql, type Transaction } from 'kysely';
import {
  analysisMessages,
  representationReference,
  subRepresentationReference,
  type AllowListValues,
  type PublicRepresentation,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { allowListValues } from '../data-protection/data-protection.settings';
import { todayInEngland } from './consultation-analysis.access';
import { eventOf } from './consultation-analysis.service';
import { withheld as withheldText } from './consultation-analysis.withhold';

type Trx = Transaction<Database>;

type Row = {
  id: string;
  reference: number;
  representee_type: 'organisation' | 'privateIndividual';
  organisation_name: string | null;
  organisation_type: string | null;
  attitude: string | null;
  correspondence_type: string;
  received_date: string;
  status: string;
  public_text: string;
  /** Read to withhold them from the text; the writer's sent only with their consent. */
  contact_name: string | null;
  /** Issue 26 point 6: the writer agreed to their name being published. */
  publish_name: boolean;
  agent_name: string | null;
  total: number;
};

/**
 * GET /public/consultations/events/{id}/representations: a closed consultation's representations as
 * a council publishes them. Allow-listed to the bone: the public text (redactions replaced, and any
 * personal data still in it withheld: `withheld`), an organisation's name, a person's only with
 * their consent (issue 26 point 6), no
 * contact details, no text as received, no staff comments; the council's responses only once sent.
 * Columns that hold anything else are never selected (the writer's and agent's names only to
 * withhold them), so no presenter can let them through by mistake.
 */
export async function publishedRepresentations(
  trx: Trx,
  eventId: string,
  page: number,
  pageSize: number,
  today = todayInEngland(),
) {
  const event = await eventOf(trx, eventId);
  // Published once the consultation has closed (its last day over), never when it was cancelled.
  if (event.cancelled || event.ends_on >= today) throw notFound(analysisMessages.notPublishedYet);

  const { rows } = await sql<Row>`
    select r.id, r.reference, r.representee_type, o.name as organisation_name, o.organisation_type,
      r.attitude, r.correspondence_type, r.received_date::text as received_date, r.status, r.public_text,
      c.name as contact_name, a.name as agent_name, r.publish_name, count(*) over ()::int as total
    from representations r left join organisations o on o.id = r.organisation_id
      left join contacts c on c.id = r.contact_id left join contacts a on a.id = r.agent_contact_id
    where r.consultation_event_id = ${event.id} and r.deleted_at is null
    order by r.reference
    limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(trx);
  let count = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const counted = await sql<{ total: number }>`select count(*)::int as total from representations
      where consultation_event_id = ${event.id} and deleted_at is null`.execute(trx);
    count = Number(counted.rows[0]?.total ?? 0);
  }
  const ids = rows.map((row) => row.id);
  const topics =
    ids.length === 0
      ? []
      : await trx
          .selectFrom('representation_topics as rt')
          .innerJoin('consultation_topics as t', 't.id', 'rt.topic_id')
          .select(['rt.representation_id', 't.name'])
          .where('rt.representation_id', 'in', ids)
          .orderBy('t.name')
          .execute();
  const subs =
    ids.length === 0
      ? []
      : await trx
          .selectFrom('sub_representations as s')
          .leftJoin('consultation_topics as t', 't.id', 's.topic_id')
          .select([
            's.id',
            's.representation_id',
            's.sequential_id',
            's.attitude',
            's.status',
            's.public_text',
            't.name as topic',
          ])
          .where('s.representation_id', 'in', ids)
          .where('s.is_deleted', '=', false)
          .orderBy('s.sequential_id')
          .execute();
  // The council's answers, once sent: to a representation whose status is 'Response sent', or
  // to a part of it whose own status is.
  const sentTargets = [
    ...rows.filter((row) => row.status === 'Response sent').map((row) => row.id),
    ...subs.filter((sub) => sub.status === 'Response sent').map((sub) => sub.id),
  ];
  const responses =
    sentTargets.length === 0
      ? []
      : await trx
          .selectFrom('consultation_responses')
          .select(['description', 'plain_text', 'representation_id', 'sub_representation_id'])
          .where('deleted_at', 'is', null)
          .where((eb) =>
            eb.or([
              eb('representation_id', 'in', sentTargets),
              eb('sub_representation_id', 'in', sentTargets),
            ]),
          )
          .orderBy('created_at')
          .orderBy('seq')
          .execute();

  const allowList = await allowListValues(trx);
  const representations: PublicRepresentation[] = rows.map((row) => {
    const reference = representationReference(row.reference);
    // A private individual who agreed is published by name, and their name stays in their text;
    // without their word neither (issue 26 point 6). Contact details are withheld either way.
    const named =
      row.representee_type === 'privateIndividual' && row.publish_name && !!row.contact_name?.trim();
    const names = named ? [row.agent_name] : [row.contact_name, row.agent_name];
    const allow: AllowListValues = named
      ? [...allowList, { kind: 'name', value: row.contact_name! }]
      : allowList;
    const withheld = (text: string) => withheldText(text, names, allow);
    const parts = subs.filter((sub) => sub.representation_id === row.id);
    const partIds = new Map(
      parts.map((sub) => [sub.id, subRepresentationReference(row.reference, sub.sequential_id)]),
    );
    return {
      reference,
      representee:
        row.representee_type === 'organisation'
          ? (row.organisation_name ?? 'Organisation')
          : named
            ? row.contact_name!.trim()
            : 'Private individual',
      representeeType: row.representee_type,
      organisationType:
        row.representee_type === 'organisation'
          ? (row.organisation_type as PublicRepresentation['organisationType'])
          : null,
      attitude: row.attitude as PublicRepresentation['attitude'],
      correspondenceType: row.correspondence_type as PublicRepresentation['correspondenceType'],
      topics: topics.filter((topic) => topic.representation_id === row.id).map((topic) => topic.name),
      receivedDate: row.received_date,
      text: withheld(row.public_text),
      subRepresentations: parts.map((sub) => ({
        reference: partIds.get(sub.id)!,
        attitude: sub.attitude as PublicRepresentation['attitude'],
        topic: sub.topic,
        text: withheld(sub.public_text),
      })),
      responses: responses
        .filter((response) =>
          response.representation_id
            ? response.representation_id === row.id
            : partIds.has(response.sub_representation_id ?? ''),
        )
        // The representation's own answers first, then its parts' in order.
        .sort(
          (a, b) =>
            (a.sub_representation_id ? parts.findIndex((sub) => sub.id === a.sub_representation_id) + 1 : 0) -
            (b.sub_representation_id ? parts.findIndex((sub) => sub.id === b.sub_representation_id) + 1 : 0),
        )
        .map((response) => ({
          target: response.representation_id ? reference : partIds.get(response.sub_representation_id!)!,
          title: withheld(response.description),
          text: withheld(response.plain_text),
        })),
    };
  });
  return {
    event: { id: event.id, name: event.name, startsOn: event.starts_on, endsOn: event.ends_on },
    count,
    page,
    pageSize,
    representations,
  };
}
