import { sql, type Transaction } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import {
  answerableQuestions,
  answerProblem,
  documentMessages,
  noConsent,
  normaliseAnswer,
  questionMessages,
  type Answer,
  type AnswerInput,
  type Consent,
  type ConsentInput,
  type QuestionType,
  type ResponseRow,
  type ResponseSearchQuery,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { consentColumns } from '../data-protection/data-protection.settings';
import { isDocumentSite } from './documents.sites';
import { escapeLike, type DocumentRow } from './documents.service';

type Trx = Transaction<Database>;

type AnswerRow = {
  id: string;
  question_id: string;
  question_type: QuestionType;
  value: string | string[];
  conditional: string | null;
  related_site_id: string | null;
  related_site_name: string | null;
  related_site_comment: string | null;
  created_at: Date;
  updated_at: Date;
};

const ANSWER_COLUMNS = sql`a.id, a.question_id, a.question_type, a.value, a.conditional,
  a.related_site_id::text as related_site_id, a.related_site_name, a.related_site_comment,
  a.created_at, a.updated_at`;

const iso = (value: Date | string) => new Date(value).toISOString();

export const presentAnswer = (row: AnswerRow): Answer => ({
  id: row.id,
  questionId: row.question_id,
  questionType: row.question_type,
  value: row.value,
  conditional: row.conditional,
  relatedSiteId: row.related_site_id,
  relatedSiteName: row.related_site_name,
  siteName: row.related_site_name,
  relatedSiteComment: row.related_site_comment,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** The resident's response to the document (made by their first answer), or null. */
export async function responseOf(trx: Trx, documentId: string, userId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('document_responses')
    .select('id')
    .where('document_id', '=', documentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** My responses: the resident's live answers to one document, in the order they were first given. */
export async function myAnswers(trx: Trx, documentId: string, userId: string) {
  const responseId = await responseOf(trx, documentId, userId);
  if (!responseId) return { responseId: null, answers: [], consent: noConsent };
  const { rows } = await sql<AnswerRow>`select ${ANSWER_COLUMNS} from document_answers a
    where a.response_id = ${responseId} and a.deleted_at is null
    order by a.created_at, a.id`.execute(trx);
  return { responseId, answers: rows.map(presentAnswer), consent: await consentOf(trx, responseId) };
}

/** Issue 26 point 6: what the resident agreed to on this document, and under which notice. */
export async function consentOf(trx: Trx, responseId: string): Promise<Consent> {
  const row = await trx
    .selectFrom('document_responses')
    .select(['notice_version', 'publish_name', 'contact_for_updates', 'consented_at'])
    .where('id', '=', responseId)
    .executeTakeFirstOrThrow();
  return {
    noticeVersion: row.notice_version,
    publishName: row.publish_name,
    contactForUpdates: row.contact_for_updates,
    consentedAt: row.consented_at ? new Date(row.consented_at).toISOString() : null,
  };
}

/** Changes the resident's choices on a document they have answered (withdrawing is as easy as giving). */
export async function updateConsent(trx: Trx, documentId: string, userId: string, input: ConsentInput) {
  const responseId = await responseOf(trx, documentId, userId);
  if (!responseId) throw notFound(documentMessages.answerNotFound);
  const consent = await consentColumns(trx, input);
  await trx.updateTable('document_responses').set(consent!).where('id', '=', responseId).execute();
  return consentOf(trx, responseId);
}

/** The documents a resident has answered, newest answer first. */
export async function myResponses(trx: Trx, userId: string) {
  const { rows } = await sql<{ document_id: string; title: string; answer_count: number; updated_at: Date }>`
    select r.document_id, d.title,
      (select count(*)::int from document_answers a where a.response_id = r.id and a.deleted_at is null)
        as answer_count,
      greatest(r.updated_at, coalesce((select max(a.updated_at) from document_answers a
        where a.response_id = r.id), r.updated_at)) as updated_at
    from document_responses r join documents d on d.id = r.document_id and d.deleted_at is null
    where r.user_id = ${userId}
    order by 4 desc, r.document_id`.execute(trx);
  return rows.map((row) => ({
    documentId: row.document_id,
    title: row.title,
    answerCount: Number(row.answer_count),
    updatedAt: iso(row.updated_at),
  }));
}

/**
 * Keeps one answer (spec 02 §5): the question must be in the document, the answer must pass the
 * rule the form applies (400 with its message), a site must be one the document shows (its name is
 * read here, never taken from the caller). It replaces the live answer to the same question (and site):
 * the last one counts.
 */
export async function submitAnswer(
  trx: Trx,
  owner: { tenantId: string; userId: string },
  document: DocumentRow,
  input: AnswerInput,
): Promise<Answer> {
  const question = answerableQuestions(document.config.entities).get(input.questionId);
  if (!question) throw badRequest(documentMessages.questionNotFound);
  const problem = answerProblem(question, input);
  if (problem) throw badRequest(problem, [{ path: 'body', message: problem }]);
  const answer = normaliseAnswer(question, input);

  let siteName: string | null = null;
  if (answer.relatedSiteId !== null) {
    // Only a site the document shows (its map blocks' sites) may be answered about.
    if (!(await isDocumentSite(trx, owner.tenantId, document.config, String(answer.relatedSiteId))))
      throw badRequest(questionMessages.siteNotFound);
    const site = await trx
      .selectFrom('sites')
      .select(['site_name', 'helaa_reference'])
      .where('id', '=', answer.relatedSiteId as never)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!site) throw badRequest(questionMessages.siteNotFound);
    siteName = site.site_name ?? site.helaa_reference ?? `Site ${answer.relatedSiteId}`;
  }

  const { rows: responses } = await sql<{ id: string }>`
    insert into document_responses (tenant_id, document_id, user_id)
    values (${owner.tenantId}, ${document.id}, ${owner.userId})
    on conflict (document_id, user_id) do update set updated_at = now()
    returning id`.execute(trx);
  const responseId = responses[0]!.id;
  // Issue 26 point 6: the latest choices count, with the notice they were made under.
  const consent = await consentColumns(trx, input.consent);
  if (consent)
    await trx.updateTable('document_responses').set(consent).where('id', '=', responseId).execute();

  // One statement: two submissions at once still leave one live answer, the later one.
  const { rows } = await sql<AnswerRow>`
    insert into document_answers as a (tenant_id, response_id, question_id, question_type, value,
      conditional, related_site_id, related_site_name, related_site_comment)
    values (${owner.tenantId}, ${responseId}, ${input.questionId}, ${question.type},
      ${JSON.stringify(answer.value)}::jsonb, ${answer.conditional}, ${answer.relatedSiteId}::bigint,
      ${siteName}, ${answer.relatedSiteComment})
    on conflict (response_id, question_id, (coalesce(related_site_id, 0))) where deleted_at is null
    do update set question_type = excluded.question_type, value = excluded.value,
      conditional = excluded.conditional, related_site_name = excluded.related_site_name,
      related_site_comment = excluded.related_site_comment
    returning ${ANSWER_COLUMNS}`.execute(trx);
  return presentAnswer(rows[0]!);
}

/** Deletes one of the resident's own answers (kept, marked deleted); another's is 404. */
export async function deleteAnswer(trx: Trx, documentId: string, userId: string, answerId: string) {
  const { rows } = await sql<{ id: string }>`
    update document_answers a set deleted_at = now()
    from document_responses r
    where a.id = ${answerId} and a.deleted_at is null and r.id = a.response_id
      and r.document_id = ${documentId} and r.user_id = ${userId}
    returning a.id`.execute(trx);
  if (rows.length === 0) throw notFound(documentMessages.answerNotFound);
}

type ResponseSearchRow = AnswerRow & {
  response_id: string;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  publish_name: boolean;
  contact_for_updates: boolean;
  total: number;
};

function responseFilters(documentId: string, query: Omit<ResponseSearchQuery, 'page' | 'pageSize'>) {
  const search = query.search?.trim() ? `%${escapeLike(query.search.trim())}%` : null;
  return sql`r.document_id = ${documentId} and a.deleted_at is null
    ${query.questionId ? sql`and a.question_id = ${query.questionId}` : sql``}
    ${query.siteId ? sql`and a.related_site_id = ${query.siteId}::bigint` : sql``}
    ${
      search
        ? sql`and (a.value::text ilike ${search} or a.conditional ilike ${search}
            or a.related_site_comment ilike ${search} or a.related_site_name ilike ${search}
            or u.name ilike ${search} or u.email ilike ${search})`
        : sql``
    }`;
}

const titlesOf = (document: DocumentRow) =>
  new Map([...answerableQuestions(document.config.entities)].map(([id, question]) => [id, question.title]));

function presentRow(row: ResponseSearchRow, titles: Map<string, string>): ResponseRow {
  return {
    ...presentAnswer(row),
    responseId: row.response_id,
    respondent: {
      id: row.user_id,
      name: row.user_name ?? 'Deleted account',
      email: row.user_email,
      // Issue 26 point 6: whether the resident may be emailed about updates, and named in public.
      contactForUpdates: row.contact_for_updates,
      publishName: row.publish_name,
    },
    questionTitle: titles.get(row.question_id) ?? row.question_id,
  };
}

async function searchRows(
  trx: Trx,
  document: DocumentRow,
  query: ResponseSearchQuery,
  limit: number,
  offset: number,
) {
  const { rows } = await sql<ResponseSearchRow>`
    select ${ANSWER_COLUMNS}, r.id as response_id, u.id as user_id, u.name as user_name,
      u.email as user_email, r.publish_name, r.contact_for_updates, count(*) over ()::int as total
    -- Staff read residents' free text as redacted by an administrator (migration 0030).
    from readable_document_answers a
      join document_responses r on r.id = a.response_id
      left join users u on u.id = r.user_id
    where ${responseFilters(document.id, query)}
    order by a.updated_at desc, a.id
    limit ${limit} offset ${offset}`.execute(trx);
  return rows;
}

/** Staff: the document's live answers, one row each, newest first, a page at a time. */
export async function searchResponses(trx: Trx, document: DocumentRow, query: ResponseSearchQuery) {
  const rows = await searchRows(trx, document, query, query.pageSize, (query.page - 1) * query.pageSize);
  let count = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the end: the count still says how many there are.
    const { rows: counted } = await sql<{ total: number }>`select count(*)::int as total
      from readable_document_answers a join document_responses r on r.id = a.response_id
      left join users u on u.id = r.user_id where ${responseFilters(document.id, query)}`.execute(trx);
    count = counted[0]?.total ?? 0;
  }
  const titles = titlesOf(document);
  return {
    count: Number(count),
    page: query.page,
    pageSize: query.pageSize,
    rows: rows.map((row) => presentRow(row, titles)),
  };
}

export const CSV_EXPORT_MAX_ROWS = 100_000;

export const csvColumns = [
  'Response ID',
  'Respondent',
  'Email',
  'Question ID',
  'Question',
  'Question type',
  'Answer',
  'Conditional answer',
  'Site ID',
  'Site name',
  'Site comment',
  'Answered at',
  'Publish name',
  'Contact for updates',
] as const;

/**
 * A cell a spreadsheet would run as a formula (= + - @, tab or carriage return first) gets an
 * apostrophe: answers come from the public, and an officer opens the file in Excel.
 */
export const guardFormula = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** Staff: every matching answer as CSV (UTF-8 with a byte order mark, for Excel). */
export async function exportResponsesCsv(
  trx: Trx,
  document: DocumentRow,
  query: Omit<ResponseSearchQuery, 'page' | 'pageSize'>,
): Promise<string> {
  const rows = await searchRows(trx, document, { ...query, page: 1, pageSize: 1 }, CSV_EXPORT_MAX_ROWS, 0);
  const titles = titlesOf(document);
  const records = rows.map((row) => {
    const item = presentRow(row, titles);
    return [
      item.responseId,
      item.respondent.name,
      item.respondent.email ?? '',
      item.questionId,
      item.questionTitle,
      item.questionType,
      Array.isArray(item.value) ? item.value.join('; ') : item.value,
      item.conditional ?? '',
      item.relatedSiteId ?? '',
      item.relatedSiteName ?? '',
      item.relatedSiteComment ?? '',
      item.updatedAt,
      item.respondent.publishName ? 'Yes' : 'No',
      item.respondent.contactForUpdates ? 'Yes' : 'No',
    ];
  });
  return `\uFEFF${stringify([[...csvColumns], ...records], {
    cast: { string: guardFormula },
    record_delimiter: 'windows',
  })}`;
}
