import { sql } from 'kysely';
import type { z } from 'zod';
import type { consultationEventInputSchema } from '@planning/shared';
import {
  attitudes,
  consultationMessages,
  correspondenceTypes,
  eventStateAt,
  representationMessages,
  representationStatuses,
  salutations,
  statusColours,
  type ConsultationEvent,
  type ConsultationSettings,
} from '@planning/shared';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import type { Trx } from './consultations.access';

type EventRow = {
  id: string;
  name: string;
  description: string | null;
  starts_on: string;
  ends_on: string;
  cancelled: boolean;
  document_id: string | null;
  representation_count: number;
  starts_at: Date;
  ends_at: Date;
  now: Date;
};

const eventQuery = (where = sql`true`) => sql<EventRow>`
  select e.id, e.name, e.description, e.starts_on::text as starts_on, e.ends_on::text as ends_on,
    e.cancelled, e.document_id,
    (select count(*)::int from representations r
      where r.consultation_event_id = e.id and r.deleted_at is null) as representation_count,
    e.starts_at, e.ends_at, now() as now
  from consultation_events e
  where ${where}
  order by e.starts_on desc, e.name, e.id`;

function presentEvent(row: EventRow): ConsultationEvent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    // Issue 16 gave events times (migration 0030): one written with dates runs from the start of
    // its first day to the end of its last day in England, so the state is the same as by days.
    state: eventStateAt({ startsAt: row.starts_at, endsAt: row.ends_at, cancelled: row.cancelled }, row.now),
    documentId: row.document_id,
    representationCount: row.representation_count,
  };
}

export async function listEvents(trx: Trx): Promise<ConsultationEvent[]> {
  const { rows } = await eventQuery().execute(trx);
  return rows.map(presentEvent);
}

export async function oneEvent(trx: Trx, id: string): Promise<ConsultationEvent> {
  const { rows } = await eventQuery(sql`e.id = ${id}`).execute(trx);
  if (!rows[0]) throw notFound(representationMessages.eventNotFound);
  return presentEvent(rows[0]);
}

export async function createEvent(
  trx: Trx,
  tenantId: string,
  input: z.output<typeof consultationEventInputSchema>,
): Promise<ConsultationEvent> {
  if (input.documentId) {
    const document = await trx
      .selectFrom('documents')
      .select('id')
      .where('id', '=', input.documentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!document) throw badRequest(consultationMessages.documentNotFound);
  }
  const { id } = await trx
    .insertInto('consultation_events')
    .values({
      tenant_id: tenantId,
      name: input.name,
      description: input.description || null,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      document_id: input.documentId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return oneEvent(trx, id);
}

/** Topics by name, each with how many live representations are about it. */
export async function listTopics(trx: Trx) {
  const { rows } = await sql<{ id: string; name: string; representation_count: number }>`
    select t.id, t.name,
      (select count(*)::int from representation_topics rt
        join representations r on r.id = rt.representation_id and r.deleted_at is null
        where rt.topic_id = t.id) as representation_count
    from consultation_topics t
    order by lower(t.name), t.id`.execute(trx);
  return rows.map((row) => ({ id: row.id, name: row.name, representationCount: row.representation_count }));
}

export async function createTopic(trx: Trx, tenantId: string, name: string) {
  try {
    const row = await trx
      .insertInto('consultation_topics')
      .values({ tenant_id: tenantId, name })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, representationCount: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(consultationMessages.topicNameTaken);
    throw error;
  }
}

/** Spec 02 §4 "Consultation settings (status presets)": fixed today, one answer for every council. */
export const consultationSettings: ConsultationSettings = {
  statuses: representationStatuses.map((name) => ({ name, colour: statusColours[name] })),
  attitudes: [...attitudes],
  correspondenceTypes: [...correspondenceTypes],
};

export const salutationList = { salutations: [...salutations] };
