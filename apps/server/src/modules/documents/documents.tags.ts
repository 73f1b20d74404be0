import type { Transaction } from 'kysely';
import {
  documentMessages,
  normaliseResponseTags,
  questionsOfEntity,
  responseTagMessages,
  responseTagsProblem,
  type QuestionTags,
  type ResponseTagPolicy,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { SessionContext } from '../auth/auth.session';
import { isConsultationAccount } from './documents.access';
import { answersOpen, type DocumentRow } from './documents.service';

type Trx = Transaction<Database>;

/**
 * Spec 02 §6: tagging waits for the consultation's end date. A document with no end date never
 * ends, so it is never tagged; answering and tagging never overlap.
 */
export const taggingOpen = (document: DocumentRow, now = new Date()): boolean =>
  document.is_published && document.answers_open_until !== null && !answersOpen(document, now);

export function tagPolicy(auth: SessionContext | null, document: DocumentRow): ResponseTagPolicy {
  if (!isConsultationAccount(auth))
    return { canTag: false, reason: documentMessages.consultationAccountOnly };
  if (!taggingOpen(document)) return { canTag: false, reason: responseTagMessages.taggingDisabled };
  return { canTag: true, reason: null };
}

/**
 * The questions My responses lists (one per question block or poll), each with the questions
 * whose answers count as answering it: its own, or for a map-linked question those under its map.
 */
function taggableQuestions(document: DocumentRow): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const entity of Object.values(document.config.entities)) {
    const [question] = questionsOfEntity(entity);
    if (!question || found.has(question.id)) continue;
    found.set(
      question.id,
      question.type === 'mapLinkedQuestion' ? question.questions.map((child) => child.id) : [question.id],
    );
  }
  return found;
}

/** The resident's tags by document (one document, or every one), per question that has any. */
export async function tagsOf(trx: Trx, userId: string, documentId?: string) {
  let query = trx
    .selectFrom('document_response_tags')
    .select(['document_id', 'question_id', 'tags'])
    .where('user_id', '=', userId)
    .orderBy('document_id')
    .orderBy('question_id');
  if (documentId !== undefined) query = query.where('document_id', '=', documentId);
  const byDocument = new Map<string, QuestionTags[]>();
  for (const row of await query.execute()) {
    const list = byDocument.get(row.document_id) ?? [];
    list.push({ questionId: row.question_id, tags: row.tags });
    byDocument.set(row.document_id, list);
  }
  return byDocument;
}

/**
 * Keeps the resident's tags on one question (spec 02 §2 My responses), replacing those it had: only
 * once the consultation has ended (403), on a question of the document (404) they answered (400),
 * by the shared rule (400 with its words). No tags: the row goes.
 */
export async function saveTags(
  trx: Trx,
  owner: { tenantId: string; userId: string },
  document: DocumentRow,
  questionId: string,
  tags: readonly string[],
): Promise<QuestionTags> {
  if (!taggingOpen(document)) throw forbidden(responseTagMessages.taggingDisabled);
  const answeredBy = taggableQuestions(document).get(questionId);
  if (!answeredBy) throw notFound(documentMessages.questionNotFound);
  const problem = responseTagsProblem(tags);
  if (problem) throw badRequest(problem, [{ path: 'body.tags', message: problem }]);

  const answered =
    answeredBy.length > 0 &&
    (await trx
      .selectFrom('document_answers as a')
      .innerJoin('document_responses as r', 'r.id', 'a.response_id')
      .select('a.id')
      .where('r.document_id', '=', document.id)
      .where('r.user_id', '=', owner.userId)
      .where('a.deleted_at', 'is', null)
      .where('a.question_id', 'in', answeredBy)
      .limit(1)
      .executeTakeFirst()) !== undefined;
  if (!answered) throw badRequest(responseTagMessages.answerFirst);

  const kept = normaliseResponseTags(tags);
  if (kept.length === 0) {
    await trx
      .deleteFrom('document_response_tags')
      .where('document_id', '=', document.id)
      .where('user_id', '=', owner.userId)
      .where('question_id', '=', questionId)
      .execute();
  } else {
    await trx
      .insertInto('document_response_tags')
      .values({
        tenant_id: owner.tenantId,
        document_id: document.id,
        user_id: owner.userId,
        question_id: questionId,
        tags: kept,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['document_id', 'user_id', 'question_id'])
          .doUpdateSet((eb) => ({ tags: eb.ref('excluded.tags') })),
      )
      .execute();
  }
  return { questionId, tags: kept };
}
