import { sql } from 'kysely';
import type { z } from 'zod';
import {
  representationMessages,
  subRepresentationReference,
  type createSubRepresentationBodySchema,
  staffRedactedDocOf,
  type EditorNode,
  type SubRepresentation,
  type updateSubRepresentationBodySchema,
} from '@planning/shared';
import { forbidden, notFound } from '../../lib/errors';
import { iso, type Trx } from '../consultations/consultations.access';
import { requireSites, requireTopics } from './representations.checks';
import { editorContent } from './representations.marks';
import type { ChangeContext } from './representations.service';
import { record, type TimelineEntry } from './representations.timeline';

type CreateBody = z.output<typeof createSubRepresentationBodySchema>;
type UpdateBody = z.output<typeof updateSubRepresentationBodySchema>;

type SubRow = {
  id: string;
  representation_id: string;
  reference: number;
  sequential_id: number;
  content: EditorNode | null;
  plain_text: string;
  public_text: string;
  comment: string | null;
  status: SubRepresentation['status'];
  attitude: SubRepresentation['attitude'];
  topic_id: string | null;
  site_ids: string[];
  is_deleted: boolean;
  created_at: Date;
  updated_at: Date;
};

const SUB_SELECT = sql`s.id, s.representation_id, r.reference, s.sequential_id, s.content, s.plain_text,
  s.public_text,
  s.comment, s.status, s.attitude, s.topic_id, s.site_ids::text[] as site_ids, s.is_deleted, s.created_at,
  s.updated_at`;

const EMPTY_DOC: EditorNode = { type: 'doc', content: [{ type: 'paragraph' }] };

/**
 * A part as the reader may see it: without the personal-data grant its text is redacted
 * (issue 25 point 3), with the marks kept so the screens still show tags and map marks.
 */
function presentSub(row: SubRow, seesOriginal: boolean): SubRepresentation {
  const content = row.content ?? EMPTY_DOC;
  return {
    id: row.id,
    representationId: row.representation_id,
    sequentialId: row.sequential_id,
    reference: subRepresentationReference(row.reference, row.sequential_id),
    content: seesOriginal ? content : staffRedactedDocOf(content),
    plainText: seesOriginal ? row.plain_text : row.public_text,
    comment: row.comment,
    status: row.status,
    attitude: row.attitude,
    topicId: row.topic_id,
    siteIds: row.site_ids,
    isDeleted: row.is_deleted,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A representation's parts in their order, deleted ones included (marked: numbers are never reused). */
export async function subRepresentationsOf(trx: Trx, representationId: string, seesOriginal: boolean) {
  const { rows } = await sql<SubRow>`select ${SUB_SELECT}
    from sub_representations s join representations r on r.id = s.representation_id
    where s.representation_id = ${representationId}
    order by s.sequential_id`.execute(trx);
  return rows.map((row) => presentSub(row, seesOriginal));
}

/** One part of a live representation, or 404. */
export async function oneSubRepresentation(
  trx: Trx,
  id: string,
  seesOriginal: boolean,
  lock = false,
): Promise<SubRepresentation> {
  const { rows } = await sql<SubRow>`select ${SUB_SELECT}
    from sub_representations s join representations r on r.id = s.representation_id and r.deleted_at is null
    where s.id = ${id} ${lock ? sql`for update of s` : sql``}`.execute(trx);
  if (!rows[0]) throw notFound(representationMessages.subRepresentationNotFound);
  return presentSub(rows[0], seesOriginal);
}

/**
 * Spec 02 §3 Sub-representation: the next number within the representation (the representation's
 * row is locked, so two officers splitting at once take turns), its text checked and stamped.
 */
export async function createSubRepresentation(
  trx: Trx,
  context: ChangeContext,
  representationId: string,
  body: CreateBody,
): Promise<SubRepresentation> {
  const { actor } = context;
  if (body.content !== undefined && !context.seesOriginal)
    throw forbidden(representationMessages.textRedactedForYou);
  const parent = await trx
    .selectFrom('representations')
    .select(['id', 'reference'])
    .where('id', '=', representationId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!parent) throw notFound(representationMessages.notFound);
  await requireTopics(trx, body.topicId ? [body.topicId] : []);
  const siteIds = await requireSites(trx, body.siteIds);
  const content = editorContent(body.content ?? EMPTY_DOC, null, {
    by: actor.name,
    at: new Date().toISOString(),
  });
  const { rows } = await sql<{ next: number }>`select coalesce(max(sequential_id), 0)::int + 1 as next
    from sub_representations where representation_id = ${representationId}`.execute(trx);
  const sequentialId = rows[0]!.next;
  const { id } = await trx
    .insertInto('sub_representations')
    .values({
      tenant_id: actor.tenantId,
      representation_id: representationId,
      sequential_id: sequentialId,
      content: JSON.stringify(content.doc),
      plain_text: content.plain,
      public_text: content.public,
      comment: body.comment || null,
      attitude: body.attitude ?? null,
      topic_id: body.topicId ?? null,
      site_ids: siteIds,
      created_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reference = subRepresentationReference(parent.reference, sequentialId);
  await record(trx, actor, [
    { representationId, action: 'sub-representation created', detail: { reference } },
    ...content.changes.added.map((redactionType) => ({
      representationId,
      action: 'redaction added' as const,
      detail: { redactionType, subRepresentation: reference },
    })),
  ]);
  return oneSubRepresentation(trx, id, context.seesOriginal);
}

/**
 * Spec 02 §7 "Update a sub-representation (isDeleted or other fields); returns representationId".
 * A deleted part keeps its number; deleting it again, or restoring, is allowed.
 */
export async function updateSubRepresentation(
  trx: Trx,
  context: ChangeContext,
  id: string,
  body: UpdateBody,
) {
  const { actor } = context;
  if (body.content !== undefined && !context.seesOriginal)
    throw forbidden(representationMessages.textRedactedForYou);
  const current = await oneSubRepresentation(trx, id, true, true);
  const changes: Record<string, unknown> = {};
  const entries: TimelineEntry[] = [];
  const representationId = current.representationId;
  const reference = current.reference;
  if (body.comment !== undefined) changes.comment = body.comment || null;
  if (body.attitude !== undefined) changes.attitude = body.attitude;
  if (body.topicId !== undefined) {
    await requireTopics(trx, body.topicId ? [body.topicId] : []);
    changes.topic_id = body.topicId;
  }
  if (body.siteIds !== undefined) changes.site_ids = await requireSites(trx, body.siteIds);
  if (body.status !== undefined && body.status !== current.status) {
    changes.status = body.status;
    entries.push({
      representationId,
      action: 'status changed',
      detail: { from: current.status, to: body.status, subRepresentation: reference },
    });
  }
  if (body.content !== undefined) {
    const content = editorContent(body.content, current.content as EditorNode, {
      by: actor.name,
      at: new Date().toISOString(),
    });
    changes.content = JSON.stringify(content.doc);
    changes.plain_text = content.plain;
    changes.public_text = content.public;
    for (const redactionType of content.changes.added)
      entries.push({
        representationId,
        action: 'redaction added',
        detail: { redactionType, subRepresentation: reference },
      });
    for (const redactionType of content.changes.removed)
      entries.push({
        representationId,
        action: 'redaction removed',
        detail: { redactionType, subRepresentation: reference },
      });
  }
  if (body.isDeleted !== undefined && body.isDeleted !== current.isDeleted) {
    changes.is_deleted = body.isDeleted;
    entries.push({
      representationId,
      action: body.isDeleted ? 'sub-representation deleted' : 'sub-representation restored',
      detail: { reference },
    });
  }
  if (Object.keys(changes).length > 0)
    await trx.updateTable('sub_representations').set(changes).where('id', '=', id).execute();
  await record(trx, actor, entries);
  return { representationId, subRepresentation: await oneSubRepresentation(trx, id, context.seesOriginal) };
}
