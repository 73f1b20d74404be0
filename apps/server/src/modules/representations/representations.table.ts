import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  idFilterProblem,
  representationReference,
  representationTableFields,
  tableIdFields,
  type RepresentationRow,
  type TableQueryValues,
} from '@planning/shared';
import { badRequest } from '../../lib/errors';
import { inPageOrder, runTableQuery, type TableColumn } from '../../lib/table-query';
import { iso, type Trx } from '../consultations/consultations.access';
import { columnRows, customTableColumns } from '../consultations/consultations.columns';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SITE_ID = /^\d{1,18}$/;

/**
 * The representations table's FROM: the row, its event, representee and agent. Left joins all
 * (the event is always there, by its foreign key), so a count or a page of ids that reads none of
 * their columns leaves them out of the plan altogether.
 */
export const REPRESENTATIONS_FROM = sql`representations r
  left join consultation_events e on e.id = r.consultation_event_id
  left join organisations o on o.id = r.organisation_id
  left join contacts c on c.id = r.contact_id
  left join contacts a on a.id = r.agent_contact_id`;

const REPRESENTEE_NAME = sql`(case when r.representee_type = 'organisation' then o.name else c.name end)`;

const HAS_RESPONSE = sql`exists (select 1 from consultation_responses cr where cr.deleted_at is null
  and (cr.representation_id = r.id or cr.sub_representation_id in (
    select s.id from sub_representations s where s.representation_id = r.id)))`;

/** The field names a query uses (filters, nested ones too, sort and groupBy). */
function fieldsOf(query: TableQueryValues): Set<string> {
  const names = new Set<string>([
    ...query.sort.map((item) => item.field),
    ...(query.groupBy ? [query.groupBy] : []),
  ]);
  const walk = (filters: TableQueryValues['filter']) => {
    for (const filter of filters) {
      if (filter.type === 'group') walk(filter.filters);
      else if ('dbPropertyName' in filter) names.add(filter.dbPropertyName);
    }
  };
  walk(query.filter);
  return names;
}

/**
 * The table's allow-list: `representationTableFields` as SQL, and the council's custom columns.
 * Names for group labels and the custom columns are read only when the query uses them.
 */
export async function representationColumns(
  trx: Trx,
  query: TableQueryValues,
): Promise<Map<string, TableColumn>> {
  const used = fieldsOf(query);
  const none = Promise.resolve([] as { id: string; name: string }[]);
  const [events, topics, custom] = await Promise.all([
    query.groupBy === 'consultation_event_id'
      ? trx.selectFrom('consultation_events').select(['id', 'name']).execute()
      : none,
    query.groupBy === 'topics'
      ? trx.selectFrom('consultation_topics').select(['id', 'name']).execute()
      : none,
    [...used].some((name) => name.startsWith('custom_'))
      ? columnRows(trx, 'representations')
      : Promise.resolve([]),
  ]);
  const eventNames = new Map(events.map((event) => [event.id, event.name]));
  const topicNames = new Map(topics.map((topic) => [topic.id, topic.name]));
  const own: Record<string, Partial<TableColumn> & { value: RawBuilder<unknown> }> = {
    reference: { value: sql`r.reference` },
    status: { value: sql`r.status` },
    attitude: { value: sql`r.attitude` },
    correspondence_type: { value: sql`r.correspondence_type` },
    representee_type: { value: sql`r.representee_type` },
    consultation_event_id: {
      value: sql`r.consultation_event_id`,
      valueType: 'uuid',
      label: (value) => (value === null ? 'None' : (eventNames.get(String(value)) ?? String(value))),
    },
    event_name: { value: sql`e.name` },
    representee_name: { value: REPRESENTEE_NAME },
    agent_name: { value: sql`a.name` },
    received_date: { value: sql`r.received_date` },
    letter_date: { value: sql`r.letter_date` },
    acknowledgement_date: { value: sql`r.acknowledgement_date` },
    due_date: { value: sql`r.due_date` },
    topics: {
      value: sql`r.id`,
      anyOf: (values) => {
        const ids = values.filter((value) => UUID.test(value));
        return ids.length === 0
          ? sql<SqlBool>`false`
          : sql<SqlBool>`exists (select 1 from representation_topics rt
              where rt.representation_id = r.id and rt.topic_id = any(${ids}::uuid[]))`;
      },
      groupJoin: sql`left join (select rt.representation_id, rt.topic_id::text as value
        from representation_topics rt) g on g.representation_id = r.id`,
      label: (value) => (value === null ? 'No topic' : (topicNames.get(String(value)) ?? String(value))),
    },
    site_ids: {
      value: sql`r.site_ids`,
      anyOf: (values) => {
        const ids = values.filter((value) => SITE_ID.test(value));
        return ids.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`r.site_ids && ${ids}::bigint[]`;
      },
    },
    has_response: { value: HAS_RESPONSE },
    campaign: { value: sql`(r.campaign_id is not null)` },
    // Ids the screens hold (a campaign badge, a contact's or organisation's detail view).
    campaign_id: { value: sql`r.campaign_id`, valueType: 'uuid' },
    contact_id: { value: sql`r.contact_id`, valueType: 'uuid' },
    organisation_id: { value: sql`r.organisation_id`, valueType: 'uuid' },
    agent_contact_id: { value: sql`r.agent_contact_id`, valueType: 'uuid' },
    // Filtered by its day in the councils' time zone; sorted by the instant.
    updated_at: {
      value: sql`(r.updated_at at time zone 'Europe/London')::date`,
      sortValue: sql`r.updated_at`,
    },
  };
  const columns = new Map<string, TableColumn>(
    representationTableFields.map((field) => [
      field.name,
      {
        kind: field.kind,
        sortable: field.sortable,
        groupable: field.groupable,
        ...(field.options ? { options: field.options } : {}),
        ...own[field.name]!,
      },
    ]),
  );
  for (const [name, column] of customTableColumns(custom, sql`r.custom`)) columns.set(name, column);
  return columns;
}

/**
 * The search box: a reference ('R000123', '123'), a representee's or agent's name, or words of the
 * text (every word, each as a prefix, through the full-text index on plain_text). Two spellings
 * of one condition (see `runTableQuery`): `where` lets a count or groups combine the indexes
 * (full text, representee, agent, organisation) in one bitmap; `pageWhere` looks the text up once
 * as a set, so a page read in the sort's order never parses a letter to test it.
 */
export function representationSearch(
  search: string | null | undefined,
  seesOriginal = true,
): {
  where: RawBuilder<SqlBool>;
  pageWhere: RawBuilder<SqlBool>;
} {
  const text = (search ?? '').trim();
  if (!text) return { where: sql<SqlBool>`true`, pageWhere: sql<SqlBool>`true` };
  const where: RawBuilder<SqlBool>[] = [];
  const pageWhere: RawBuilder<SqlBool>[] = [];
  const reference = /^r?0*(\d{1,9})$/i.exec(text);
  if (reference) {
    where.push(sql<SqlBool>`r.reference = ${Number(reference[1])}`);
    pageWhere.push(sql<SqlBool>`r.reference = ${Number(reference[1])}`);
  }
  const name = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const people = sql`select id from contacts where name ilike ${name}`;
  const organisations = sql`select id from organisations where name ilike ${name}`;
  // An array of ids is what an index scan takes; a set (hashed once) is what a row-by-row filter
  // wants: '= any' over 500 names, tested on every row of a page's walk, took 0.8 s.
  where.push(
    sql<SqlBool>`r.contact_id = any(array(${people}))`,
    sql<SqlBool>`r.agent_contact_id = any(array(${people}))`,
    sql<SqlBool>`r.organisation_id = any(array(${organisations}))`,
  );
  pageWhere.push(
    sql<SqlBool>`r.contact_id in (${people})`,
    sql<SqlBool>`r.agent_contact_id in (${people})`,
    sql<SqlBool>`r.organisation_id in (${organisations})`,
  );
  const words = (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 10);
  if (words.length > 0) {
    // Letters and digits only, so nothing typed is read as a tsquery operator.
    const query = sql`to_tsquery('english', ${words.map((word) => `${word}:*`).join(' & ')})`;
    // Without the personal-data grant the words are looked for in the redacted text only, so a
    // search cannot tell whether a hidden name is in a letter (issue 25 point 3).
    if (seesOriginal) {
      where.push(sql<SqlBool>`to_tsvector('english', r.plain_text) @@ ${query}`);
      pageWhere.push(sql<SqlBool>`r.id in (select t.id from representations t
      where to_tsvector('english', t.plain_text) @@ ${query})`);
    } else {
      where.push(sql<SqlBool>`to_tsvector('english', r.public_text) @@ ${query}`);
      pageWhere.push(sql<SqlBool>`to_tsvector('english', r.public_text) @@ ${query}`);
    }
  }
  return {
    where: sql<SqlBool>`(${sql.join(where, sql` or `)})`,
    pageWhere: sql<SqlBool>`(${sql.join(pageWhere, sql` or `)})`,
  };
}

type RowRecord = {
  id: string;
  reference: number;
  consultation_event_id: string;
  event_name: string;
  correspondence_type: RepresentationRow['correspondenceType'];
  letter_date: string | null;
  received_date: string;
  acknowledgement_date: string | null;
  due_date: string | null;
  status: RepresentationRow['status'];
  attitude: RepresentationRow['attitude'];
  representee_type: RepresentationRow['representeeType'];
  representee_name: string | null;
  organisation_id: string | null;
  contact_id: string | null;
  agent_contact_id: string | null;
  agent_name: string | null;
  topics: { id: string; name: string }[];
  site_ids: string[];
  excerpt: string;
  public_excerpt: string;
  sub_representation_count: number;
  response_count: number;
  campaign_id: string | null;
  campaign_size: number | null;
  custom: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
};

/** The columns of a row as the table shows it; `extra` adds more (the detail view's texts). */
export const rowSelect = (extra: RawBuilder<unknown> = sql``) => sql`
  r.id, r.reference, r.consultation_event_id, e.name as event_name, r.correspondence_type,
  r.letter_date::text as letter_date, r.received_date::text as received_date,
  r.acknowledgement_date::text as acknowledgement_date, r.due_date::text as due_date,
  r.status, r.attitude, r.representee_type, ${REPRESENTEE_NAME} as representee_name,
  r.organisation_id, r.contact_id, r.agent_contact_id, a.name as agent_name,
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id)
    from representation_topics rt join consultation_topics t on t.id = rt.topic_id
    where rt.representation_id = r.id), '[]') as topics,
  r.site_ids::text[] as site_ids, left(r.plain_text, 200) as excerpt,
  left(r.public_text, 200) as public_excerpt,
  (select count(*)::int from sub_representations s where s.representation_id = r.id and not s.is_deleted)
    as sub_representation_count,
  (select count(*)::int from consultation_responses cr where cr.deleted_at is null
    and (cr.representation_id = r.id or cr.sub_representation_id in (
      select s.id from sub_representations s where s.representation_id = r.id))) as response_count,
  r.campaign_id, r.campaign_size, r.custom, r.created_at, r.updated_at ${extra}`;

/** A row as the reader may see it: the redacted excerpt without the personal-data grant. */
export function presentRow(row: RowRecord, seesOriginal: boolean): RepresentationRow {
  return {
    id: row.id,
    reference: representationReference(row.reference),
    consultationEventId: row.consultation_event_id,
    eventName: row.event_name,
    correspondenceType: row.correspondence_type,
    letterDate: row.letter_date,
    receivedDate: row.received_date,
    acknowledgementDate: row.acknowledgement_date,
    dueDate: row.due_date,
    status: row.status,
    attitude: row.attitude,
    representeeType: row.representee_type,
    representeeName: row.representee_name ?? '',
    organisationId: row.organisation_id,
    contactId: row.contact_id,
    agentContactId: row.agent_contact_id,
    agentName: row.agent_name,
    topics: row.topics,
    siteIds: row.site_ids,
    excerpt: seesOriginal ? row.excerpt : row.public_excerpt,
    subRepresentationCount: row.sub_representation_count,
    responseCount: row.response_count,
    campaign: row.campaign_id && row.campaign_size ? { id: row.campaign_id, size: row.campaign_size } : null,
    custom: row.custom,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export type { RowRecord };

/** Live representations by id, in the order given. */
export async function rowsByIds(
  trx: Trx,
  ids: string[],
  seesOriginal: boolean,
): Promise<RepresentationRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<RowRecord>`select ${rowSelect()} from ${REPRESENTATIONS_FROM}
    where r.id = any(${ids}::uuid[]) and r.deleted_at is null`.execute(trx);
  return inPageOrder(ids, rows, (row) => presentRow(row, seesOriginal));
}

/** Spec 02 §3 Table query over the representations tab. */
export async function searchRepresentations(trx: Trx, query: TableQueryValues, seesOriginal: boolean) {
  const notAnId = idFilterProblem(query.filter, tableIdFields.representations);
  if (notAnId) throw badRequest(notAnId);
  const search = representationSearch(query.search, seesOriginal);
  const page = await runTableQuery(
    trx,
    {
      from: REPRESENTATIONS_FROM,
      where: sql<SqlBool>`r.deleted_at is null and ${search.where}`,
      pageWhere: sql<SqlBool>`r.deleted_at is null and ${search.pageWhere}`,
      id: sql`r.id`,
      columns: await representationColumns(trx, query),
      tieBreak: sql`r.reference desc`,
    },
    query,
  );
  return {
    result: {
      count: page.count,
      rows: await rowsByIds(trx, page.ids, seesOriginal),
      groupedByDistinctValue: page.groups,
    },
  };
}
