import { sql } from 'kysely';
import {
  RESPONSE_LIST_MAX,
  REPRESENTATION_LIMITS as L,
  htmlPlainText,
  representationMessages as m,
  representationReference,
  representationStatuses,
  responseManagerMessages,
  subRepresentationReference,
  type ConsultationResponse,
  type RepresentationStatus,
} from '@planning/shared';
import type { z } from 'zod';
import type { responseListQuerySchema, upsertResponsesBodySchema } from '@planning/shared';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Actor, Trx } from '../consultations/consultations.access';
import { sanitiseResponseHtml } from './responses.sanitise';

type ListQuery = z.output<typeof responseListQuerySchema>;
type UpsertBody = z.output<typeof upsertResponsesBodySchema>;

/** What a response is written for: a representation, one of its parts, or nothing (a template). */
type Target =
  | { kind: 'representation'; id: string; representationId: string; status: RepresentationStatus }
  | { kind: 'subRepresentation'; id: string; representationId: string; status: RepresentationStatus }
  | { kind: 'none' };

const DRAFTED: RepresentationStatus = 'Response drafted';
const isBefore = (status: RepresentationStatus, than: RepresentationStatus) =>
  representationStatuses.indexOf(status) < representationStatuses.indexOf(than);
const statusesBefore = (than: RepresentationStatus) =>
  representationStatuses.filter((status) => isBefore(status, than));

/** Escapes LIKE's wildcards, so a search for '50%' finds '50%'. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function baseQuery(trx: Trx) {
  return trx
    .selectFrom('consultation_responses as r')
    .leftJoin('representations as rep', 'rep.id', 'r.representation_id')
    .leftJoin('sub_representations as sub', 'sub.id', 'r.sub_representation_id')
    .leftJoin('representations as parent', 'parent.id', 'sub.representation_id')
    .select([
      'r.id',
      'r.description',
      'r.text',
      'r.use_as_template',
      'r.representation_id',
      'r.sub_representation_id',
      'r.created_by_name',
      'r.created_at',
      'r.updated_at',
      'r.deleted_at',
      'rep.reference as representation_reference',
      'parent.reference as parent_reference',
      'sub.sequential_id',
    ]);
}
type ResponseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

/** The allow-listed shape that leaves the server (responseSchema). */
function present(row: ResponseRow): ConsultationResponse {
  const target =
    row.representation_reference !== null
      ? representationReference(row.representation_reference)
      : row.parent_reference !== null && row.sequential_id !== null
        ? subRepresentationReference(row.parent_reference, row.sequential_id)
        : null;
  return {
    id: row.id,
    description: row.description,
    text: row.text,
    useAsTemplate: row.use_as_template,
    representationId: row.representation_id,
    subRepresentationId: row.sub_representation_id,
    target,
    createdByName: row.created_by_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deleted: row.deleted_at !== null,
  };
}

async function findTarget(
  trx: Trx,
  ids: { representationId?: string | null; subRepresentationId?: string | null },
): Promise<Target> {
  if (ids.representationId) {
    const row = await trx
      .selectFrom('representations')
      .select(['id', 'status'])
      .where('id', '=', ids.representationId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound(m.notFound);
    return {
      kind: 'representation',
      id: row.id,
      representationId: row.id,
      status: row.status as RepresentationStatus,
    };
  }
  if (ids.subRepresentationId) {
    const row = await trx
      .selectFrom('sub_representations as sub')
      .innerJoin('representations as rep', 'rep.id', 'sub.representation_id')
      .select(['sub.id', 'sub.status', 'sub.representation_id'])
      .where('sub.id', '=', ids.subRepresentationId)
      .where('sub.is_deleted', '=', false)
      .where('rep.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound(m.subRepresentationNotFound);
    return {
      kind: 'subRepresentation',
      id: row.id,
      representationId: row.representation_id,
      status: row.status as RepresentationStatus,
    };
  }
  return { kind: 'none' };
}

/** Spec 02 §7 "Fetch responses and response templates". */
export async function listResponses(trx: Trx, query: ListQuery): Promise<ConsultationResponse[]> {
  const target = await findTarget(trx, query);
  let select = baseQuery(trx);
  if (target.kind === 'representation') select = select.where('r.representation_id', '=', target.id);
  if (target.kind === 'subRepresentation') select = select.where('r.sub_representation_id', '=', target.id);
  if (query.templates) select = select.where('r.use_as_template', '=', true);
  if (!query.includeDeleted) select = select.where('r.deleted_at', 'is', null);
  if (query.search) {
    const pattern = likePattern(query.search);
    select = select.where((eb) =>
      eb.or([
        eb('r.description', 'ilike', sql<string>`${pattern} escape '\\'`),
        eb('r.plain_text', 'ilike', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  // A target's responses in the order written; templates and searches the latest first.
  select =
    target.kind === 'none'
      ? select.orderBy('r.updated_at', 'desc').orderBy('r.seq', 'desc')
      : select.orderBy('r.created_at').orderBy('r.seq');
  return (await select.limit(RESPONSE_LIST_MAX).execute()).map(present);
}

async function oneResponse(trx: Trx, id: string): Promise<ConsultationResponse> {
  const row = await baseQuery(trx).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(m.responseNotFound);
  return present(row);
}

/** HTML through the allow-list, and the plain text spec 02 §5 counts (checked again once cleaned). */
function cleaned(html: string) {
  const text = sanitiseResponseHtml(html);
  const plainText = htmlPlainText(text);
  if (plainText.length === 0) throw badRequest(m.responseRequired);
  if (plainText.length > L.responseContentMax) throw badRequest(m.responseTooLong);
  return { text, plainText };
}

async function addEvent(
  trx: Trx,
  actor: Actor,
  timeline: Timeline,
  action: string,
  detail: Record<string, unknown>,
) {
  await trx
    .insertInto('representation_events')
    .values({
      tenant_id: actor.tenantId,
      representation_id: timeline.representationId,
      action,
      detail: JSON.stringify(detail),
      user_id: actor.userId,
      user_name: actor.name,
    })
    .execute();
}

/** Where a response's timeline entries go: its representation, and the part it answers if any. */
type Timeline = { representationId: string; subRepresentationId: string | null };
const timelineOfTarget = (target: Target): Timeline | null =>
  target.kind === 'none'
    ? null
    : {
        representationId: target.representationId,
        subRepresentationId: target.kind === 'subRepresentation' ? target.id : null,
      };

/** The event's detail names the response and its title, never its text. */
function eventDetail(timeline: Timeline, response: { id: string; description: string }) {
  return {
    responseId: response.id,
    title: response.description,
    ...(timeline.subRepresentationId ? { subRepresentationId: timeline.subRepresentationId } : {}),
  };
}

/**
 * Spec 02 §7 "Upsert responses: a list per representation or sub-representation": rows with an id
 * are changed (they must be live and belong to the same target), rows without one are added. A
 * representation (or part) not yet at 'Response drafted' moves there, and its timeline says so.
 */
export async function upsertResponses(
  trx: Trx,
  actor: Actor,
  body: UpsertBody,
): Promise<ConsultationResponse[]> {
  const target = await findTarget(trx, body);
  if (target.kind === 'none' && body.responses.some((response) => !response.useAsTemplate))
    throw badRequest(responseManagerMessages.targetRequired);
  const savedIds: string[] = [];
  for (const response of body.responses) {
    const { text, plainText } = cleaned(response.text);
    const values = {
      description: response.description,
      text,
      plain_text: plainText,
      use_as_template: response.useAsTemplate,
    };
    if (response.id) {
      let update = trx
        .updateTable('consultation_responses')
        .set(values)
        .where('id', '=', response.id)
        .where('deleted_at', 'is', null);
      update =
        target.kind === 'representation'
          ? update.where('representation_id', '=', target.id)
          : target.kind === 'subRepresentation'
            ? update.where('sub_representation_id', '=', target.id)
            : update.where('representation_id', 'is', null).where('sub_representation_id', 'is', null);
      const updated = await update.returning('id').executeTakeFirst();
      if (!updated) throw notFound(m.responseNotFound);
      savedIds.push(updated.id);
    } else {
      const row = {
        ...values,
        tenant_id: actor.tenantId,
        representation_id: target.kind === 'representation' ? target.id : null,
        sub_representation_id: target.kind === 'subRepresentation' ? target.id : null,
        created_by: actor.userId,
        created_by_name: actor.name,
      };
      const inserted = await trx
        .insertInto('consultation_responses')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      savedIds.push(inserted.id);
    }
  }
  const timeline = timelineOfTarget(target);
  if (timeline && target.kind !== 'none') {
    for (const [index, id] of savedIds.entries()) {
      const { description } = body.responses[index]!;
      await addEvent(trx, actor, timeline, 'response saved', eventDetail(timeline, { id, description }));
    }
    // Only forwards, and only from where it was still before: a status moved on meanwhile stays.
    if (savedIds.length > 0 && isBefore(target.status, DRAFTED)) {
      const before = statusesBefore(DRAFTED);
      const moved =
        target.kind === 'representation'
          ? await trx
              .updateTable('representations')
              .set({ status: DRAFTED })
              .where('id', '=', target.id)
              .where('status', 'in', before)
              .returning('id')
              .executeTakeFirst()
          : await trx
              .updateTable('sub_representations')
              .set({ status: DRAFTED })
              .where('id', '=', target.id)
              .where('status', 'in', before)
              .returning('id')
              .executeTakeFirst();
      if (moved)
        await addEvent(trx, actor, timeline, 'status changed', {
          from: target.status,
          to: DRAFTED,
          ...(timeline.subRepresentationId ? { subRepresentationId: timeline.subRepresentationId } : {}),
        });
    }
  }
  if (savedIds.length === 0) return [];
  const saved = await baseQuery(trx).where('r.id', 'in', savedIds).execute();
  const byId = new Map(saved.map((row) => [row.id, present(row)]));
  return savedIds.map((id) => byId.get(id)!);
}

/** A response's timeline (a deleted representation keeps its own, so a delete is recorded all the same). */
async function timelineOfResponse(trx: Trx, response: ConsultationResponse): Promise<Timeline | null> {
  if (response.representationId)
    return { representationId: response.representationId, subRepresentationId: null };
  if (!response.subRepresentationId) return null;
  const row = await trx
    .selectFrom('sub_representations')
    .select('representation_id')
    .where('id', '=', response.subRepresentationId)
    .executeTakeFirstOrThrow();
  return { representationId: row.representation_id, subRepresentationId: response.subRepresentationId };
}

/** Spec 02 §4 "Responses … can be soft-deleted and restored". */
export async function setDeleted(
  trx: Trx,
  actor: Actor,
  id: string,
  deleted: boolean,
): Promise<ConsultationResponse> {
  const current = await oneResponse(trx, id);
  if (deleted && current.deleted) throw notFound(m.responseNotFound);
  if (!deleted && !current.deleted) throw conflict(responseManagerMessages.notDeleted);
  await trx
    .updateTable('consultation_responses')
    .set({ deleted_at: deleted ? sql<Date>`now()` : null })
    .where('id', '=', id)
    .execute();
  const timeline = await timelineOfResponse(trx, current);
  if (timeline)
    await addEvent(
      trx,
      actor,
      timeline,
      deleted ? 'response deleted' : 'response restored',
      eventDetail(timeline, current),
    );
  return oneResponse(trx, id);
}
