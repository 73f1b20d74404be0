import { sql, type RawBuilder, type Transaction } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import {
  ANALYSIS_LATEST_TEXTS,
  analysisCsvColumns,
  analysisMessages,
  answerableQuestions,
  attitudes,
  documentMessages,
  representationMessages,
  representationStatuses,
  type Analysis,
  type AnalysisQuery,
  type AnswerableQuestion,
  type DocumentConfig,
  type EventAnalysis,
  type QuestionAnalysis,
  type SiteCount,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { guardFormula } from '../documents/documents.answers';

type Trx = Transaction<Database>;

/**
 * These reads count a whole document's answers or an event's representations. The planner cannot
 * see how many rows the tenant policy keeps (nor, on a table just filled, how many there are) and
 * guesses one, then joins 8,000 answers to 2,000 responses in a nested loop: 2.5 s on PostgreSQL,
 * 10 s embedded. Hash joins read each table once. Local to the transaction.
 */
export const preferHashJoins = (trx: Trx) =>
  sql`select set_config('enable_nestloop', 'off', true)`.execute(trx);

/** Answers are counted by the day they were given in England (a council's consultation runs there). */
const UK_DAY = (column: RawBuilder<unknown>) => sql`(${column} at time zone 'Europe/London')::date`;
const CHOICE_TYPES = new Set(['radioQuestion', 'checkboxQuestion', 'dropdownQuestion']);

type EventRow = {
  id: string;
  name: string;
  starts_on: string;
  ends_on: string;
  cancelled: boolean;
  document_id: string | null;
};
type DocumentRow = { id: string; title: string; config: DocumentConfig };

export async function eventOf(trx: Trx, id: string): Promise<EventRow> {
  const row = await trx
    .selectFrom('consultation_events')
    .select([
      'id',
      'name',
      sql<string>`starts_on::text`.as('starts_on'),
      sql<string>`ends_on::text`.as('ends_on'),
      'cancelled',
      'document_id',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(representationMessages.eventNotFound);
  return row;
}

async function documentOf(trx: Trx, id: string): Promise<DocumentRow> {
  const row = await trx
    .selectFrom('documents')
    .select(['id', 'title', 'config'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(documentMessages.documentNotFound);
  return row as unknown as DocumentRow;
}

/**
 * The document's questions in reading order (from the root down its sections), then any the
 * reading order does not reach: an answer to a question taken off the page still counts.
 */
export function questionsInOrder(config: DocumentConfig): AnswerableQuestion[] {
  const all = answerableQuestions(config.entities);
  const ordered: AnswerableQuestion[] = [];
  const seen = new Set<string>();
  const add = (id: string) => {
    const question = all.get(id);
    if (question && !seen.has(id)) {
      seen.add(id);
      ordered.push(question);
    }
  };
  const visited = new Set<string>();
  const stack = [config.root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (visited.has(id)) continue;
    visited.add(id);
    const entity = config.entities[id];
    if (!entity) continue;
    if (entity.type === 'question' || entity.type === 'poll') {
      const question = entity.question;
      if (question.type === 'mapLinkedQuestion') question.questions.forEach((child) => add(child.id));
      else add(question.id);
    }
    const children =
      'childSectionIds' in entity ? (entity.childSectionIds as string[] | undefined) : undefined;
    if (children) stack.push(...[...children].reverse());
  }
  for (const id of all.keys()) add(id);
  return ordered;
}

/**
 * The document's live answers that pass the filters (a CTE body: `with f as (…)`), as readers other
 * than their authors get them: the free text through an administrator's redactions (migration 0030).
 */
function filteredAnswers(documentId: string, query: AnalysisQuery, options: { site?: boolean } = {}) {
  return sql`select a.id, a.response_id, a.question_id, a.question_type, a.value, a.conditional,
      a.related_site_id, a.related_site_name, a.related_site_comment, a.updated_at
    from readable_document_answers a join document_responses r on r.id = a.response_id
    where r.document_id = ${documentId} and a.deleted_at is null
      ${query.questionId ? sql`and a.question_id = ${query.questionId}` : sql``}
      ${query.siteId && options.site !== false ? sql`and a.related_site_id = ${query.siteId}::bigint` : sql``}
      ${query.from ? sql`and ${UK_DAY(sql`a.updated_at`)} >= ${query.from}::date` : sql``}
      ${query.to ? sql`and ${UK_DAY(sql`a.updated_at`)} <= ${query.to}::date` : sql``}`;
}

const siteLabel = (id: string, name: string | null) => name ?? `Site ${id}`;

async function documentAnalysis(trx: Trx, document: DocumentRow, query: AnalysisQuery) {
  const f = filteredAnswers(document.id, query);
  // One transaction is one connection: the queries take turns.
  const totals = await sql<{ respondents: number; answers: number }>`with f as (${f})
    select count(distinct response_id)::int as respondents, count(*)::int as answers from f`.execute(trx);
  const perQuestion = await sql<{ question_id: string; answers: number; texts: number }>`with f as (${f})
    select question_id, count(*)::int as answers,
      (count(*) filter (where question_type = 'textQuestion')
        + count(*) filter (where nullif(trim(conditional), '') is not null)
        + count(*) filter (where nullif(trim(related_site_comment), '') is not null))::int as texts
    from f group by question_id`.execute(trx);
  // A checkbox answer is a list of picks; a radio or select answer one pick.
  const options = await sql<{ question_id: string; option: string; count: number }>`with f as (${f})
    select f.question_id, pick.value as option, count(*)::int as count
    from f cross join lateral jsonb_array_elements_text(
      case when jsonb_typeof(f.value) = 'array' then f.value else jsonb_build_array(f.value) end) as pick(value)
    where f.question_type in ('radioQuestion', 'checkboxQuestion', 'dropdownQuestion')
    group by f.question_id, pick.value`.execute(trx);
  const texts = await sql<{
    question_id: string;
    kind: 'answer' | 'conditional' | 'siteComment';
    text: string;
    site_name: string | null;
    answered_at: Date;
  }>`
    with f as (${f}), texts as (
      select question_id, 'answer' as kind, value #>> '{}' as text, related_site_name, updated_at, id
        from f where question_type = 'textQuestion'
      union all select question_id, 'conditional', conditional, related_site_name, updated_at, id
        from f where nullif(trim(conditional), '') is not null
      union all select question_id, 'siteComment', related_site_comment, related_site_name, updated_at, id
        from f where nullif(trim(related_site_comment), '') is not null)
    select question_id, kind, text, site_name, answered_at from (
      select question_id, kind, text, related_site_name as site_name, updated_at as answered_at,
        row_number() over (partition by question_id order by updated_at desc, id, kind) as n
      from texts) ranked
    where n <= ${ANALYSIS_LATEST_TEXTS}
    order by question_id, answered_at desc, kind`.execute(trx);
  const sites = await sql<{
    question_id: string;
    site_id: string;
    site_name: string | null;
    count: number;
  }>`with f as (${f})
    select question_id, related_site_id::text as site_id, max(related_site_name) as site_name, count(*)::int as count
    from f where related_site_id is not null
    group by question_id, related_site_id order by count desc, related_site_id`.execute(trx);
  const days = await sql<{ date: string; count: number }>`with f as (${f})
    select ${UK_DAY(sql`updated_at`)}::text as date, count(*)::int as count from f group by 1 order by 1`.execute(
    trx,
  );
  // The sites answered about, whatever site is chosen: the site filter's choices.
  const allSites = await sql<{
    site_id: string;
    site_name: string | null;
    count: number;
  }>`with f as (${filteredAnswers(document.id, query, { site: false })})
    select related_site_id::text as site_id, max(related_site_name) as site_name, count(*)::int as count
    from f where related_site_id is not null
    group by related_site_id order by count desc, related_site_id`.execute(trx);

  const counted = new Map(perQuestion.rows.map((row) => [row.question_id, row]));
  const optionCounts = new Map<string, Map<string, number>>();
  for (const row of options.rows) {
    const map = optionCounts.get(row.question_id) ?? new Map<string, number>();
    map.set(row.option, Number(row.count));
    optionCounts.set(row.question_id, map);
  }
  const questions: QuestionAnalysis[] = questionsInOrder(document.config)
    .filter((question) => !query.questionId || question.id === query.questionId)
    .map((question) => {
      const answerCount = Number(counted.get(question.id)?.answers ?? 0);
      const chosen = optionCounts.get(question.id) ?? new Map<string, number>();
      const share = (count: number) => (answerCount === 0 ? 0 : count / answerCount);
      const titles = new Set(question.options.map((option) => option.title));
      const choice = CHOICE_TYPES.has(question.type);
      return {
        id: question.id,
        title: question.title,
        type: question.type,
        kind: choice ? 'choice' : 'text',
        parentId: question.parentId ?? null,
        siteQuestion: question.mapFeatureSelect?.type === 'site',
        answerCount,
        options: choice
          ? [
              ...question.options.map((option) => {
                const count = chosen.get(option.title) ?? 0;
                return { title: option.title, count, share: share(count), retired: false };
              }),
              ...[...chosen]
                .filter(([title]) => !titles.has(title))
                .map(([title, count]) => ({ title, count, share: share(count), retired: true })),
            ]
          : [],
        latestText: texts.rows
          .filter((row) => row.question_id === question.id)
          .map((row) => ({
            text: row.text,
            kind: row.kind,
            siteName: row.site_name,
            answeredAt: new Date(row.answered_at).toISOString(),
          })),
        textCount: Number(counted.get(question.id)?.texts ?? 0),
        sites: sites.rows
          .filter((row) => row.question_id === question.id)
          .map((row) => ({
            siteId: row.site_id,
            siteName: siteLabel(row.site_id, row.site_name),
            count: Number(row.count),
          })),
      };
    });
  const siteCounts: SiteCount[] = allSites.rows.map((row) => ({
    siteId: row.site_id,
    siteName: siteLabel(row.site_id, row.site_name),
    count: Number(row.count),
  }));
  return {
    id: document.id,
    title: document.title,
    respondents: Number(totals.rows[0]?.respondents ?? 0),
    answerCount: Number(totals.rows[0]?.answers ?? 0),
    questions,
    overTime: days.rows.map((row) => ({ date: row.date, count: Number(row.count) })),
    sites: siteCounts,
  };
}

/** The event's live representations that pass the filters (site and received date). */
function filteredRepresentations(eventId: string, query: AnalysisQuery) {
  return sql`select r.id, r.attitude, r.status, r.received_date from representations r
    where r.consultation_event_id = ${eventId} and r.deleted_at is null
      ${query.siteId ? sql`and r.site_ids @> array[${query.siteId}::bigint]` : sql``}
      ${query.from ? sql`and r.received_date >= ${query.from}::date` : sql``}
      ${query.to ? sql`and r.received_date <= ${query.to}::date` : sql``}`;
}

export type StatusCount = {
  status: (typeof representationStatuses)[number];
  representations: number;
  subRepresentations: number;
};

/**
 * An event's live representations (those the filters keep) and their live parts by status, the
 * eight in order, as the representation manager groups them: the one count the analysis and the
 * consultation statement both show.
 */
export async function statusCounts(
  trx: Trx,
  eventId: string,
  query: AnalysisQuery = {},
): Promise<StatusCount[]> {
  const f = filteredRepresentations(eventId, query);
  const { rows } = await sql<{ kind: 'r' | 's'; status: string; count: number }>`with f as (${f})
    select 'r' as kind, status, count(*)::int as count from f group by status
    union all
    select 's', s.status, count(*)::int from sub_representations s join f on f.id = s.representation_id
    where not s.is_deleted group by s.status`.execute(trx);
  const count = (kind: 'r' | 's', status: string) =>
    Number(rows.find((row) => row.kind === kind && row.status === status)?.count ?? 0);
  return representationStatuses.map((status) => ({
    status,
    representations: count('r', status),
    subRepresentations: count('s', status),
  }));
}

async function eventAnalysis(trx: Trx, event: EventRow, query: AnalysisQuery): Promise<EventAnalysis> {
  const f = filteredRepresentations(event.id, query);
  // One transaction is one connection: the queries take turns.
  const byAttitude = await sql<{ attitude: string | null; count: number }>`with f as (${f})
    select attitude, count(*)::int as count from f group by attitude`.execute(trx);
  const byTopic = await sql<{ id: string | null; name: string | null; count: number }>`with f as (${f})
    select t.id, t.name, count(*)::int as count
    from f left join representation_topics rt on rt.representation_id = f.id
      left join consultation_topics t on t.id = rt.topic_id
    group by t.id, t.name order by (t.id is null), count(*) desc, lower(t.name)`.execute(trx);
  const subs = await sql<{ count: number }>`with f as (${f})
    select count(*)::int as count from sub_representations s join f on f.id = s.representation_id
    where not s.is_deleted`.execute(trx);
  const days = await sql<{ date: string; count: number }>`with f as (${f})
    select received_date::text as date, count(*)::int as count from f group by 1 order by 1`.execute(trx);
  const statuses = await statusCounts(trx, event.id, query);
  const attitudeCount = new Map(byAttitude.rows.map((row) => [row.attitude, Number(row.count)]));
  return {
    id: event.id,
    name: event.name,
    startsOn: event.starts_on,
    endsOn: event.ends_on,
    documentId: event.document_id,
    representationCount: [...attitudeCount.values()].reduce((sum, count) => sum + count, 0),
    subRepresentationCount: Number(subs.rows[0]?.count ?? 0),
    attitudes: [
      ...attitudes.map((attitude) => ({
        attitude,
        label: attitude,
        count: attitudeCount.get(attitude) ?? 0,
      })),
      { attitude: null, label: 'Not stated', count: attitudeCount.get(null) ?? 0 },
    ],
    statuses: statuses.map(({ status, representations }) => ({ status, count: representations })),
    topics: byTopic.rows.map((row) => ({
      id: row.id,
      name: row.name ?? 'No topic',
      count: Number(row.count),
    })),
    received: days.rows.map((row) => ({ date: row.date, count: Number(row.count) })),
  };
}

/** The document to analyse: the one asked for, else the event's own document (if it has one). */
function documentIdOf(query: AnalysisQuery, event: EventRow | null) {
  return query.documentId ?? event?.document_id ?? null;
}

/** GET /consultations/analysis: a document's answers and an event's representations, counted. */
export async function analyse(trx: Trx, query: AnalysisQuery): Promise<Analysis> {
  if (!query.documentId && !query.eventId) throw badRequest(analysisMessages.chooseDocument);
  await preferHashJoins(trx);
  const event = query.eventId ? await eventOf(trx, query.eventId) : null;
  const documentId = documentIdOf(query, event);
  const document = documentId ? await documentOf(trx, documentId) : null;
  return {
    document: document ? await documentAnalysis(trx, document, query) : null,
    event: event ? await eventAnalysis(trx, event, query) : null,
  };
}

export const ANALYSIS_CSV_MAX_ROWS = 100_000;

/**
 * GET /consultations/analysis/export.csv: one row per answer. A respondent is a number (the order
 * their first answer came in), never a name or an address; cells a spreadsheet would run as a
 * formula get an apostrophe (the answers come from the public).
 */
export async function analysisCsv(trx: Trx, query: AnalysisQuery): Promise<{ csv: string; title: string }> {
  const event = query.eventId ? await eventOf(trx, query.eventId) : null;
  const documentId = documentIdOf(query, event);
  if (!documentId) throw badRequest(analysisMessages.chooseDocumentForCsv);
  const document = await documentOf(trx, documentId);
  await preferHashJoins(trx);
  const questions = questionsInOrder(document.config);
  const titles = new Map(questions.map((question) => [question.id, question.title]));
  const place = new Map(questions.map((question, index) => [question.id, index]));
  const { rows } = await sql<{
    respondent: number;
    question_id: string;
    value: string | string[];
    conditional: string | null;
    site_id: string | null;
    site_name: string | null;
    site_comment: string | null;
    answered_at: string;
  }>`
    with f as (${filteredAnswers(document.id, query)}),
    numbered as (
      select id, dense_rank() over (order by created_at, id)::int as respondent
      from document_responses where document_id = ${document.id})
    select n.respondent, f.question_id, f.value, f.conditional, f.related_site_id::text as site_id,
      f.related_site_name as site_name, f.related_site_comment as site_comment,
      to_char(f.updated_at at time zone 'Europe/London', 'YYYY-MM-DD HH24:MI') as answered_at
    from f join numbered n on n.id = f.response_id
    order by n.respondent, f.updated_at, f.id
    limit ${ANALYSIS_CSV_MAX_ROWS}`.execute(trx);
  // Each respondent's answers together, in the document's reading order.
  const records = rows
    .sort(
      (a, b) =>
        a.respondent - b.respondent ||
        (place.get(a.question_id) ?? place.size) - (place.get(b.question_id) ?? place.size) ||
        (a.site_name ?? '').localeCompare(b.site_name ?? ''),
    )
    .map((row) => [
      String(row.respondent),
      titles.get(row.question_id) ?? row.question_id,
      Array.isArray(row.value) ? row.value.join('; ') : row.value,
      [row.conditional, row.site_comment].filter((text) => text && text.trim() !== '').join(' / '),
      row.site_id ? siteLabel(row.site_id, row.site_name) : '',
      row.answered_at,
    ]);
  return {
    title: document.title,
    csv: `\uFEFF${stringify([[...analysisCsvColumns], ...records], {
      cast: { string: guardFormula },
      record_delimiter: 'windows',
    })}`,
  };
}
