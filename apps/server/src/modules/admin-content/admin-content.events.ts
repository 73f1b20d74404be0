import { sql, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  adminContentMessages as M,
  eventFeatures,
  eventStateAt,
  type AdminEvent,
  type AdminEventList,
  type adminEventInputSchema,
  type EventFeature,
  type EventState,
  type LiveConsultation,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.record';

type Trx = Transaction<Database>;
type EventInput = z.output<typeof adminEventInputSchema>;

type EventRow = {
  id: string;
  name: string;
  description: string | null;
  starts_at: Date;
  ends_at: Date;
  cancelled: boolean;
  document_id: string | null;
  document_title: string | null;
  document_published: boolean | null;
  representation_count: number;
  updated_at: Date;
  now: Date;
};

const eventQuery = (where = sql`true`) => sql<EventRow>`
  select e.id, e.name, e.description, e.starts_at, e.ends_at, e.cancelled, e.document_id,
    d.title as document_title, d.is_published as document_published,
    (select count(*)::int from representations r
      where r.consultation_event_id = e.id and r.deleted_at is null) as representation_count,
    e.updated_at, now() as now
  from consultation_events e
    left join documents d on d.id = e.document_id and d.deleted_at is null
  where ${where}
  order by e.starts_at desc, e.name, e.id`;

async function featuresOf(trx: Trx, eventIds: string[]) {
  if (eventIds.length === 0) return new Map<string, AdminEvent['features']>();
  const rows = await trx
    .selectFrom('event_features as f')
    .innerJoin('configs as c', 'c.id', 'f.config_id')
    .select(['f.event_id', 'f.feature', 'f.config_id', 'c.label'])
    .where('f.event_id', 'in', eventIds)
    .orderBy('f.feature')
    .execute();
  const byEvent = new Map<string, AdminEvent['features']>();
  for (const row of rows) {
    const feature = row.feature as EventFeature;
    const list = byEvent.get(row.event_id) ?? [];
    list.push({
      feature,
      featureLabel: eventFeatures[feature]?.label ?? row.feature,
      configId: row.config_id,
      configLabel: row.label,
    });
    byEvent.set(row.event_id, list);
  }
  return byEvent;
}

async function present(trx: Trx, rows: EventRow[]): Promise<AdminEvent[]> {
  const features = await featuresOf(
    trx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    cancelled: row.cancelled,
    state: eventStateAt(
      { startsAt: row.starts_at, endsAt: row.ends_at, cancelled: row.cancelled },
      new Date(row.now),
    ),
    documentId: row.document_id,
    documentTitle: row.document_title,
    documentPublished: row.document_published === true,
    representationCount: Number(row.representation_count),
    features: features.get(row.id) ?? [],
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

/** Every event of the council with its state (spec 03 §4), the counts per state, one state's list. */
export async function listAdminEvents(trx: Trx, state?: EventState): Promise<AdminEventList> {
  const { rows } = await eventQuery().execute(trx);
  const all = await present(trx, rows);
  const counts = { upcoming: 0, live: 0, expired: 0, cancelled: 0 };
  for (const event of all) counts[event.state] += 1;
  // Upcoming soonest first; the others latest first.
  const events = state ? all.filter((event) => event.state === state) : all;
  if (state === 'upcoming') events.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return { events, counts };
}

export async function oneAdminEvent(trx: Trx, id: string): Promise<AdminEvent> {
  const { rows } = await eventQuery(sql`e.id = ${id}`).execute(trx);
  if (!rows[0]) throw notFound(M.eventNotFound);
  return (await present(trx, rows))[0]!;
}

async function checkDocument(trx: Trx, documentId: string | null | undefined) {
  if (!documentId) return;
  const document = await trx
    .selectFrom('documents')
    .select('id')
    .where('id', '=', documentId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!document)
    throw badRequest(M.documentNotFound, [{ path: 'body.documentId', message: M.documentNotFound }]);
}

/**
 * Each feature's config must be one of this council's live config documents of the feature's
 * type. Another council's id is invisible under row-level security, so it reads as missing.
 */
async function checkFeatures(trx: Trx, features: EventInput['features']) {
  if (features.length === 0) return;
  // `deleted_at` arrives with the config documents' migration: read through to_jsonb so this
  // check holds before and after it.
  const { rows } = await sql<{ id: string; config_type: string; deleted: boolean }>`
    select c.id, c.config_type, (to_jsonb(c) ->> 'deleted_at') is not null as deleted
    from configs c where c.id in (${sql.join(features.map((f) => f.configId))})`.execute(trx);
  const found = new Map(rows.map((row) => [row.id, row]));
  features.forEach((feature, index) => {
    const config = found.get(feature.configId);
    const path = `body.features.${index}.configId`;
    if (!config || config.deleted) throw badRequest(M.configNotFound, [{ path, message: M.configNotFound }]);
    const expected = eventFeatures[feature.feature];
    if (config.config_type !== expected.configType) {
      const message = M.configWrongType(expected.label, expected.configLabel);
      throw badRequest(message, [{ path, message }]);
    }
  });
}

async function writeFeatures(trx: Trx, tenantId: string, eventId: string, features: EventInput['features']) {
  await trx.deleteFrom('event_features').where('event_id', '=', eventId).execute();
  if (features.length === 0) return;
  await trx
    .insertInto('event_features')
    .values(
      features.map((f) => ({
        tenant_id: tenantId,
        event_id: eventId,
        feature: f.feature,
        config_id: f.configId,
      })),
    )
    .execute();
}

const auditShape = (event: AdminEvent) => ({
  name: event.name,
  startsAt: event.startsAt,
  endsAt: event.endsAt,
  cancelled: event.cancelled,
  documentId: event.documentId,
  features: event.features.map((f) => ({ feature: f.feature, configId: f.configId })),
});

/** The columns an admin writes, on creating an event and on changing it. */
const columnsOf = (input: EventInput) => ({
  name: input.name,
  description: input.description || null,
  starts_at: input.startsAt,
  ends_at: input.endsAt,
  document_id: input.documentId ?? null,
});

export async function createAdminEvent(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  input: EventInput,
): Promise<AdminEvent> {
  await checkDocument(trx, input.documentId);
  await checkFeatures(trx, input.features);
  const { id } = await trx
    .insertInto('consultation_events')
    .values({
      tenant_id: tenantId,
      ...columnsOf(input),
      // Filled again from the times by the trigger; the columns are not null.
      starts_on: input.startsAt.slice(0, 10),
      ends_on:
        input.endsAt.slice(0, 10) < input.startsAt.slice(0, 10)
          ? input.startsAt.slice(0, 10)
          : input.endsAt.slice(0, 10),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeFeatures(trx, tenantId, id, input.features);
  const event = await oneAdminEvent(trx, id);
  await recordAudit(trx, tenantId, request, {
    action: 'event.create',
    targetType: 'event',
    targetId: id,
    summary: `Event '${event.name}' created`,
    details: { after: auditShape(event) },
  });
  return event;
}

export async function updateAdminEvent(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  id: string,
  input: EventInput,
): Promise<AdminEvent> {
  const before = await oneAdminEvent(trx, id);
  await checkDocument(trx, input.documentId);
  await checkFeatures(trx, input.features);
  await trx.updateTable('consultation_events').set(columnsOf(input)).where('id', '=', id).execute();
  await writeFeatures(trx, tenantId, id, input.features);
  const after = await oneAdminEvent(trx, id);
  await recordAudit(trx, tenantId, request, {
    action: 'event.update',
    targetType: 'event',
    targetId: id,
    summary: `Event '${after.name}' changed`,
    details: { before: auditShape(before), after: auditShape(after) },
  });
  return after;
}

/** Cancels an event, or reinstates a cancelled one (its state then follows its times again). */
export async function setEventCancelled(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  id: string,
  cancelled: boolean,
): Promise<AdminEvent> {
  const before = await oneAdminEvent(trx, id);
  if (before.cancelled === cancelled) return before;
  await trx.updateTable('consultation_events').set({ cancelled }).where('id', '=', id).execute();
  const after = await oneAdminEvent(trx, id);
  await recordAudit(trx, tenantId, request, {
    action: cancelled ? 'event.cancel' : 'event.update',
    targetType: 'event',
    targetId: id,
    summary: cancelled ? `Event '${after.name}' cancelled` : `Event '${after.name}' reinstated`,
    details: { before: { cancelled: before.cancelled }, after: { cancelled } },
  });
  return after;
}

/** /consultations: events live now whose document is published, ending soonest first. */
export async function liveConsultations(trx: Trx): Promise<LiveConsultation[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    description: string | null;
    starts_at: Date;
    ends_at: Date;
    document_id: string;
    title: string;
  }>`
    select e.id, e.name, e.description, e.starts_at, e.ends_at, e.document_id, d.title
    from consultation_events e
      join documents d on d.id = e.document_id and d.deleted_at is null and d.is_published
    where not e.cancelled and e.starts_at <= now() and e.ends_at > now()
    order by e.ends_at, e.name, e.id`.execute(trx);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    documentId: row.document_id,
    documentTitle: row.title,
  }));
}
