import { sql } from 'kysely';
import type { z } from 'zod';
import {
  consultationMessages,
  docFromPlainText,
  plainTextOf,
  publicTextOf,
  staffRedactedDocOf,
  representationMessages,
  representationReference,
  type createRepresentationBodySchema,
  type EditorNode,
  type Representation,
  type RepresentationStatus,
  type updateRepresentationBodySchema,
} from '@planning/shared';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { consentColumns } from '../data-protection/data-protection.settings';
import type { Actor, ConsultationPolicy, Trx } from '../consultations/consultations.access';
import { editorContent, type RedactionChanges } from './representations.marks';
import { requireSites, requireTopics } from './representations.checks';
import { nextReference } from './representations.references';
import { subRepresentationsOf } from './representations.subs';
import { REPRESENTATIONS_FROM, presentRow, rowSelect, type RowRecord } from './representations.table';
import { record, type TimelineEntry } from './representations.timeline';

type CreateBody = z.output<typeof createRepresentationBodySchema>;
type UpdateBody = z.output<typeof updateRepresentationBodySchema>;

/** What a change needs besides its transaction: who makes it, and the campaigns to work out again. */
export type ChangeContext = {
  actor: Actor;
  /** Whether the user reads texts as received (personal-data read); if not, answers are redacted. */
  seesOriginal: boolean;
  /** Called with the events whose letters changed, in the same transaction. */
  campaigns: (trx: Trx, eventIds: string[]) => Promise<void>;
};

/** The whole representation for its detail view and the editor (staff only). */
export async function oneRepresentation(
  trx: Trx,
  id: string,
  policy: ConsultationPolicy,
): Promise<Representation> {
  const { rows } = await sql<
    RowRecord & {
      original_text: string;
      content: EditorNode | null;
      public_text: string;
      notice_version: number | null;
      publish_name: boolean;
      contact_for_updates: boolean;
      consented_at: Date | null;
    }
  >`
    select ${rowSelect(sql`, r.original_text, r.content, r.public_text, r.notice_version, r.publish_name, r.contact_for_updates, r.consented_at`)}
    from ${REPRESENTATIONS_FROM}
    where r.id = ${id} and r.deleted_at is null`.execute(trx);
  const row = rows[0];
  if (!row) throw notFound(representationMessages.notFound);
  const content = row.content ?? docFromPlainText(row.original_text);
  const seesOriginal = policy.canSeeOriginal;
  return {
    ...presentRow(row, seesOriginal),
    // Issue 25 point 3: without the personal-data grant, the redacted text in every field.
    originalText: seesOriginal ? row.original_text : row.public_text,
    content: seesOriginal ? content : staffRedactedDocOf(content),
    publicText: row.public_text,
    subRepresentations: await subRepresentationsOf(trx, row.id, seesOriginal),
    consent: {
      noticeVersion: row.notice_version,
      publishName: row.publish_name,
      contactForUpdates: row.contact_for_updates,
      consentedAt: row.consented_at ? new Date(row.consented_at).toISOString() : null,
    },
    policy,
  };
}

async function requireEvent(trx: Trx, eventId: string) {
  const event = await trx
    .selectFrom('consultation_events')
    .select('id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) throw badRequest(representationMessages.eventNotFound);
}

type Representee = CreateBody['representee'];

/**
 * The representee and agent as the database keeps them: an organisation (and optionally a person
 * there) or a private individual; an agent is a contact of type agent. Unknown ids are 400.
 */
async function checkPeople(trx: Trx, representee: Representee, agentContactId: string | null) {
  const contact = representee.contactId
    ? await trx
        .selectFrom('contacts')
        .select(['id', 'organisation_id'])
        .where('id', '=', representee.contactId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (representee.contactId && !contact) throw badRequest(representationMessages.contactNotFound);
  let organisationId: string | null = null;
  if (representee.type === 'organisation') {
    const organisation = await trx
      .selectFrom('organisations')
      .select('id')
      .where('id', '=', representee.organisationId!)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!organisation) throw badRequest(representationMessages.organisationNotFound);
    if (contact && contact.organisation_id !== organisation.id)
      throw badRequest(consultationMessages.contactNotInOrganisation);
    organisationId = organisation.id;
  }
  if (agentContactId) {
    const agent = await trx
      .selectFrom('contacts')
      .select('contact_type')
      .where('id', '=', agentContactId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!agent) throw badRequest(representationMessages.contactNotFound);
    if (agent.contact_type !== 'agent') throw badRequest(consultationMessages.agentMustBeAgent);
  }
  return {
    representee_type: representee.type,
    organisation_id: organisationId,
    contact_id: representee.contactId,
    agent_contact_id: agentContactId,
  };
}

async function setTopics(trx: Trx, tenantId: string, representationId: string, topicIds: string[]) {
  await trx.deleteFrom('representation_topics').where('representation_id', '=', representationId).execute();
  if (topicIds.length > 0)
    await trx
      .insertInto('representation_topics')
      .values(
        topicIds.map((topicId) => ({
          tenant_id: tenantId,
          representation_id: representationId,
          topic_id: topicId,
        })),
      )
      .execute();
}

/**
 * Spec 02 §7 "Create representation": the next reference of the council, the text as received
 * kept as it came, and the editor's document made from it (no marks yet, so the public text is
 * the whole text until an officer redacts it).
 */
export async function createRepresentation(
  trx: Trx,
  context: ChangeContext,
  body: CreateBody,
): Promise<string> {
  const { actor } = context;
  await requireEvent(trx, body.consultationEventId);
  const people = await checkPeople(trx, body.representee, body.agentContactId);
  const topicIds = await requireTopics(trx, body.topicIds);
  const siteIds = await requireSites(trx, body.siteIds);
  const content = docFromPlainText(body.originalText);
  const reference = await nextReference(trx, actor.tenantId);
  const { id } = await trx
    .insertInto('representations')
    .values({
      tenant_id: actor.tenantId,
      reference,
      consultation_event_id: body.consultationEventId,
      correspondence_type: body.correspondenceType,
      letter_date: body.letterDate,
      received_date: body.receivedDate,
      acknowledgement_date: body.acknowledgementDate,
      due_date: body.dueDate,
      attitude: body.attitude,
      ...people,
      original_text: body.originalText,
      content: JSON.stringify(content),
      plain_text: plainTextOf(content),
      public_text: publicTextOf(content),
      site_ids: siteIds,
      created_by: actor.userId,
      ...(await consentColumns(trx, body.consent)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setTopics(trx, actor.tenantId, id, topicIds);
  await record(trx, actor, [
    { representationId: id, action: 'created', detail: { reference: representationReference(reference) } },
  ]);
  await context.campaigns(trx, [body.consultationEventId]);
  return id;
}

/** Timeline entries for redactions that came and went (their types, never their text). */
export const redactionEntries = (
  representationId: string,
  changes: RedactionChanges,
  extra: Record<string, unknown> = {},
): TimelineEntry[] => [
  ...changes.added.map((redactionType) => ({
    representationId,
    action: 'redaction added' as const,
    detail: { redactionType, ...extra },
  })),
  ...changes.removed.map((redactionType) => ({
    representationId,
    action: 'redaction removed' as const,
    detail: { redactionType, ...extra },
  })),
];

/**
 * Spec 02 §7 "Update": any of the fields. The editor's document is checked, its new redactions
 * stamped, and the plain and public texts worked out again; the text as received never changes.
 */
export async function updateRepresentation(
  trx: Trx,
  context: ChangeContext,
  id: string,
  body: UpdateBody,
): Promise<void> {
  const { actor } = context;
  if (body.content !== undefined && !context.seesOriginal)
    throw forbidden(representationMessages.textRedactedForYou);
  const current = await trx
    .selectFrom('representations')
    .select([
      'id',
      'status',
      'content',
      'original_text',
      'plain_text',
      'consultation_event_id',
      'representee_type',
      'organisation_id',
      'contact_id',
      'agent_contact_id',
    ])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!current) throw notFound(representationMessages.notFound);
  const changes: Record<string, unknown> = {};
  const changed: string[] = [];
  const entries: TimelineEntry[] = [];
  const plain = (name: keyof UpdateBody, column: string) => {
    if (body[name] !== undefined) {
      changes[column] = body[name];
      changed.push(name);
    }
  };
  if (body.consultationEventId !== undefined) await requireEvent(trx, body.consultationEventId);
  plain('consultationEventId', 'consultation_event_id');
  plain('correspondenceType', 'correspondence_type');
  plain('letterDate', 'letter_date');
  plain('receivedDate', 'received_date');
  plain('acknowledgementDate', 'acknowledgement_date');
  plain('dueDate', 'due_date');
  plain('attitude', 'attitude');
  if (body.representee !== undefined || body.agentContactId !== undefined) {
    const representee: Representee = body.representee ?? {
      type: current.representee_type,
      organisationId: current.organisation_id,
      contactId: current.contact_id,
    };
    Object.assign(
      changes,
      await checkPeople(
        trx,
        representee,
        body.agentContactId === undefined ? current.agent_contact_id : body.agentContactId,
      ),
    );
    if (body.representee !== undefined) changed.push('representee');
    if (body.agentContactId !== undefined) changed.push('agentContactId');
  }
  if (body.siteIds !== undefined) {
    changes.site_ids = await requireSites(trx, body.siteIds);
    changed.push('siteIds');
  }
  if (body.status !== undefined && body.status !== current.status) {
    changes.status = body.status;
    entries.push({
      representationId: id,
      action: 'status changed',
      detail: { from: current.status, to: body.status },
    });
  }
  let textChanged = false;
  if (body.content !== undefined) {
    const content = editorContent(body.content, current.content as EditorNode | null, {
      by: actor.name,
      at: new Date().toISOString(),
    });
    changes.content = JSON.stringify(content.doc);
    changes.plain_text = content.plain;
    changes.public_text = content.public;
    textChanged = content.plain !== current.plain_text;
    if (textChanged) changed.push('text');
    entries.push(...redactionEntries(id, content.changes));
  }
  if (body.topicIds !== undefined) {
    await setTopics(trx, actor.tenantId, id, await requireTopics(trx, body.topicIds));
    changed.push('topicIds');
  }
  if (body.consent !== undefined) {
    Object.assign(changes, await consentColumns(trx, body.consent));
    changed.push('consent');
  }
  if (Object.keys(changes).length > 0)
    await trx.updateTable('representations').set(changes).where('id', '=', id).execute();
  else if (body.topicIds !== undefined)
    await trx.updateTable('representations').set({ updated_at: new Date() }).where('id', '=', id).execute();
  if (changed.length > 0)
    entries.unshift({ representationId: id, action: 'updated', detail: { fields: changed } });
  await record(trx, actor, entries);
  const events = new Set<string>();
  if (textChanged) events.add(current.consultation_event_id);
  if (body.consultationEventId && body.consultationEventId !== current.consultation_event_id) {
    events.add(current.consultation_event_id);
    events.add(body.consultationEventId);
  }
  if (events.size > 0) await context.campaigns(trx, [...events]);
}

/** Live representations with these ids, locked; any missing (or another council's): 404. */
async function liveRows(trx: Trx, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await trx
    .selectFrom('representations')
    .select(['id', 'reference', 'status', 'consultation_event_id'])
    .where('id', 'in', unique)
    .where('deleted_at', 'is', null)
    .orderBy('reference')
    .forUpdate()
    .execute();
  if (rows.length !== unique.length) throw notFound(representationMessages.notFound);
  return rows;
}

/**
 * Spec 02 §7 "Duplicate": each a copy with the next reference, back to Received, with its text,
 * marks, topics, sites and custom values (not its parts, responses or attachments).
 */
export async function duplicateRepresentations(trx: Trx, context: ChangeContext, ids: string[]) {
  const { actor } = context;
  const rows = await liveRows(trx, ids);
  let next = await nextReference(trx, actor.tenantId);
  const copies: { id: string; reference: string; duplicateOf: string }[] = [];
  const entries: TimelineEntry[] = [];
  for (const row of rows) {
    const reference = representationReference(next);
    const original = representationReference(row.reference);
    const { rows: inserted } = await sql<{ id: string }>`
      insert into representations (tenant_id, reference, consultation_event_id, correspondence_type,
        letter_date, received_date, acknowledgement_date, due_date, status, attitude, representee_type,
        organisation_id, contact_id, agent_contact_id, original_text, content, plain_text, public_text,
        site_ids, custom, created_by)
      select tenant_id, ${next}, consultation_event_id, correspondence_type, letter_date, received_date,
        acknowledgement_date, due_date, 'Received', attitude, representee_type, organisation_id, contact_id,
        agent_contact_id, original_text, content, plain_text, public_text, site_ids, custom, ${actor.userId}::uuid
      from representations where id = ${row.id}
      returning id`.execute(trx);
    const id = inserted[0]!.id;
    await sql`insert into representation_topics (tenant_id, representation_id, topic_id)
      select tenant_id, ${id}, topic_id from representation_topics where representation_id = ${row.id}`.execute(
      trx,
    );
    entries.push(
      { representationId: id, action: 'created', detail: { reference, duplicateOf: original } },
      { representationId: row.id, action: 'duplicated', detail: { copy: reference } },
    );
    copies.push({ id, reference, duplicateOf: original });
    next += 1;
  }
  await record(trx, actor, entries);
  await context.campaigns(trx, [...new Set(rows.map((row) => row.consultation_event_id))]);
  return copies;
}

/** Spec 02 §7 "Delete (ids)": soft; the references are never given again. */
export async function deleteRepresentations(trx: Trx, context: ChangeContext, ids: string[]): Promise<void> {
  const rows = await liveRows(trx, ids);
  await trx
    .updateTable('representations')
    .set({ deleted_at: new Date() })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  await context.campaigns(trx, [...new Set(rows.map((row) => row.consultation_event_id))]);
}

/** Spec 02 §4: a status for several at once; a timeline entry for each that changes. */
export async function setStatus(
  trx: Trx,
  context: ChangeContext,
  ids: string[],
  status: RepresentationStatus,
) {
  const rows = (await liveRows(trx, ids)).filter((row) => row.status !== status);
  if (rows.length === 0) return;
  await trx
    .updateTable('representations')
    .set({ status })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  await record(
    trx,
    context.actor,
    rows.map((row) => ({
      representationId: row.id,
      action: 'status changed',
      detail: { from: row.status, to: status },
    })),
  );
}
