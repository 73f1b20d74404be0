import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import {
  adminContentMessages as M,
  answerableQuestions,
  applyRedactionSpans,
  detectPersonalData,
  type AllowListValues,
  normaliseSpans,
  submissionFieldLabels,
  type DocumentEntity,
  type RedactionSpan,
  type RedactSubmission,
  type Submission,
  type SubmissionField,
  type submissionQuerySchema,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { allowListValues } from '../data-protection/data-protection.settings';
import { recordAudit } from '../audit/audit.record';

type Trx = Transaction<Database>;
type SubmissionQuery = z.output<typeof submissionQuerySchema>;

/** How many of the newest texts the findings filter reads (the detector runs here, not in SQL). */
export const SUBMISSION_SCAN_MAX = 5000;

type TextRow = {
  answer_id: string;
  field: SubmissionField;
  text: string;
  document_id: string;
  document_title: string;
  question_id: string;
  site_name: string | null;
  answered_at: Date;
  redacted_text: string | null;
  spans: RedactionSpan[] | null;
  redacted_at: Date | null;
  redacted_by_name: string | null;
};

/**
 * Every live free-text field of the council's answers, newest first, with the redaction that still
 * matches it. The text here is as the resident wrote it: this is the administrator's view.
 */
const textsQuery = (where: ReturnType<typeof sql>, limit: number, offset = 0) => sql<
  TextRow & { total: number }
>`
  with texts as (
    select a.id as answer_id, 'answer' as field, a.value #>> '{}' as text, r.document_id, a.question_id,
      a.related_site_name, a.updated_at
      from document_answers a join document_responses r on r.id = a.response_id
      where a.deleted_at is null and a.question_type = 'textQuestion' and jsonb_typeof(a.value) = 'string'
    union all
    select a.id, 'conditional', a.conditional, r.document_id, a.question_id, a.related_site_name, a.updated_at
      from document_answers a join document_responses r on r.id = a.response_id
      where a.deleted_at is null and nullif(trim(a.conditional), '') is not null
    union all
    select a.id, 'siteComment', a.related_site_comment, r.document_id, a.question_id, a.related_site_name, a.updated_at
      from document_answers a join document_responses r on r.id = a.response_id
      where a.deleted_at is null and nullif(trim(a.related_site_comment), '') is not null)
  select t.answer_id, t.field, t.text, t.document_id, d.title as document_title, t.question_id,
    t.related_site_name as site_name, t.updated_at as answered_at,
    x.redacted_text, x.spans, x.redacted_at, x.redacted_by_name, count(*) over ()::int as total
  from texts t
    join documents d on d.id = t.document_id and d.deleted_at is null
    left join answer_redactions x on x.answer_id = t.answer_id and x.field = t.field and x.original_text = t.text
  where nullif(trim(t.text), '') is not null and ${where}
  order by t.updated_at desc, t.answer_id, t.field
  limit ${limit} offset ${offset}`;

async function questionTitles(trx: Trx, documentIds: string[]) {
  const titles = new Map<string, string>();
  if (documentIds.length === 0) return titles;
  const documents = await trx
    .selectFrom('documents')
    .select(['id', 'config'])
    .where('id', 'in', [...new Set(documentIds)])
    .execute();
  for (const document of documents) {
    const entities = (document.config as { entities?: Record<string, DocumentEntity> }).entities ?? {};
    for (const [id, question] of answerableQuestions(entities))
      titles.set(`${document.id}:${id}`, question.title);
  }
  return titles;
}

function presentRows(rows: TextRow[], titles: Map<string, string>, allow: AllowListValues): Submission[] {
  return rows.map((row) => ({
    answerId: row.answer_id,
    field: row.field,
    documentId: row.document_id,
    documentTitle: row.document_title,
    questionId: row.question_id,
    questionTitle: titles.get(`${row.document_id}:${row.question_id}`) ?? row.question_id,
    siteName: row.site_name,
    text: row.text,
    redactedText: row.redacted_text,
    spans: row.spans ?? [],
    findings: detectPersonalData(row.text, { allow }),
    answeredAt: new Date(row.answered_at).toISOString(),
    redactedAt: row.redacted_at ? new Date(row.redacted_at).toISOString() : null,
    redactedBy: row.redacted_by_name,
  }));
}

/** A finding the administrator has not yet covered with a redacted part. */
const uncovered = (submission: Submission) =>
  submission.findings.some(
    (finding) => !submission.spans.some((span) => span.from <= finding.from && span.to >= finding.to),
  );

export async function listSubmissions(trx: Trx, query: SubmissionQuery) {
  const where = query.documentId ? sql`t.document_id = ${query.documentId}` : sql`true`;
  const offset = (query.page - 1) * query.pageSize;
  if (query.withFindings === 'true') {
    // The detector runs in JavaScript: read the newest texts, keep those it still finds something in.
    const { rows } = await textsQuery(where, SUBMISSION_SCAN_MAX).execute(trx);
    const found = presentRows(rows, new Map(), await allowListValues(trx)).filter(uncovered);
    const page = found.slice(offset, offset + query.pageSize);
    const titles = await questionTitles(
      trx,
      page.map((row) => row.documentId),
    );
    return {
      submissions: page.map((row) => ({
        ...row,
        questionTitle: titles.get(`${row.documentId}:${row.questionId}`) ?? row.questionId,
      })),
      count: found.length,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
  const { rows } = await textsQuery(where, query.pageSize, offset).execute(trx);
  const titles = await questionTitles(
    trx,
    rows.map((row) => row.document_id),
  );
  let count = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const { rows: all } = await textsQuery(where, 1).execute(trx);
    count = all[0]?.total ?? 0;
  }
  return {
    submissions: presentRows(rows, titles, await allowListValues(trx)),
    count: Number(count),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The field's current text, as the resident wrote it. */
async function currentText(trx: Trx, answerId: string, field: SubmissionField) {
  const row = await trx
    .selectFrom('document_answers as a')
    .innerJoin('document_responses as r', 'r.id', 'a.response_id')
    .innerJoin('documents as d', 'd.id', 'r.document_id')
    .select(['a.value', 'a.question_type', 'a.conditional', 'a.related_site_comment', 'd.deleted_at'])
    .where('a.id', '=', answerId)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.deleted_at) return null;
  if (field === 'answer')
    return row.question_type === 'textQuestion' && typeof row.value === 'string' ? row.value : null;
  return field === 'conditional' ? row.conditional : row.related_site_comment;
}

/**
 * Redacts parts of one free-text field (or, with no parts, removes its redaction). The text the
 * screen showed must still be the answer's: a resident who changed it meanwhile is not redacted blind.
 */
export async function redactSubmission(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  input: RedactSubmission,
) {
  const text = await currentText(trx, input.answerId, input.field);
  if (text === null || text === undefined) throw notFound(M.submissionNotFound);
  if (text !== input.original) throw conflict(M.submissionChanged);
  const spans = normaliseSpans(text, input.spans);
  if ('error' in spans) throw badRequest(spans.error, [{ path: 'body.spans', message: spans.error }]);
  const userId = request.auth?.userId ?? null;
  const user = userId
    ? await trx.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst()
    : undefined;
  const name = user?.name || user?.email || null;
  if (spans.length === 0) {
    await trx
      .deleteFrom('answer_redactions')
      .where('answer_id', '=', input.answerId)
      .where('field', '=', input.field)
      .execute();
  } else {
    const values = {
      original_text: text,
      redacted_text: applyRedactionSpans(text, spans),
      spans: JSON.stringify(spans),
      redacted_by: userId,
      redacted_by_name: name,
      redacted_at: new Date(),
    };
    await trx
      .insertInto('answer_redactions')
      .values({ tenant_id: tenantId, answer_id: input.answerId, field: input.field, ...values })
      .onConflict((oc) => oc.columns(['answer_id', 'field']).doUpdateSet(values))
      .execute();
  }
  // What was hidden is never written to the log: only how many parts and of what kind.
  await recordAudit(trx, tenantId, request, {
    action: 'suggestion.redact',
    targetType: 'answer',
    targetId: input.answerId,
    summary:
      spans.length === 0
        ? `Redaction removed from a submission (${submissionFieldLabels[input.field].toLowerCase()})`
        : `${spans.length} part${spans.length === 1 ? '' : 's'} of a submission redacted (${submissionFieldLabels[input.field].toLowerCase()})`,
    details: { field: input.field, parts: spans.length, kinds: spans.map((span) => span.kind ?? 'other') },
  });
  const { rows } = await textsQuery(
    sql`t.answer_id = ${input.answerId} and t.field = ${input.field}`,
    1,
  ).execute(trx);
  const titles = await questionTitles(
    trx,
    rows.map((row) => row.document_id),
  );
  return presentRows(rows, titles, await allowListValues(trx))[0]!;
}
