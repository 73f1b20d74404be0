import { sql, type Transaction } from 'kysely';
import {
  attitudes,
  correspondenceTypes,
  organisationTypes,
  representationReference,
  subRepresentationReference,
  type RepresentationStatus,
  type StatementFormat,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { allowListValues } from '../data-protection/data-protection.settings';
import { eventOf, preferHashJoins, statusCounts } from './consultation-analysis.service';
import { withheld } from './consultation-analysis.withhold';

type Trx = Transaction<Database>;

/**
 * Issue 15 point 7: the consultation statement a council publishes under Regulation 22(1)(c) of
 * the Town and Country Planning (Local Planning) (England) Regulations 2012 for one consultation
 * event: who was consulted, what was received, the main issues by topic and how they were
 * addressed. Built here as a list of blocks both writers (Word, PDF) lay out the same way.
 *
 * Only the public text of a representation is ever read (`public_text`, the text with every
 * redaction replaced, and any personal data still in it withheld): the text as received and the
 * staff's text are not selected at all.
 */
export type StatementBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'paragraph'; text: string }
  /** The council's own words (a response), set in from the margin. */
  | { kind: 'quote'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'table'; header: string[]; rows: string[][] };

export type Statement = { title: string; fileName: string; blocks: StatementBlock[] };

export const REGULATION =
  'Regulation 22(1)(c) of the Town and Country Planning (Local Planning) (England) Regulations 2012';
/** The most common or first sentences shown for each topic. */
const SUMMARY_LINES = 3;
const SENTENCE_MAX = 240;
/** The references listed with a response, then how many more. */
const REFERENCES_MAX = 20;
/** The statuses whose responses the statement quotes: approved by the council, or already sent. */
const PUBLISHED_RESPONSE_STATUSES = ['Response approved', 'Response sent'] satisfies RepresentationStatus[];

type RepresentationRow = {
  id: string;
  reference: number;
  representee_type: 'organisation' | 'privateIndividual';
  contact_id: string | null;
  organisation_id: string | null;
  organisation_name: string | null;
  organisation_type: string | null;
  correspondence_type: string;
  attitude: string | null;
  status: string;
  public_text: string;
  /** The campaign (group of near-duplicate letters) it is in: its exemplar's id, and its size. */
  campaign_id: string | null;
  campaign_size: number | null;
  /** Read only to withhold them from the quotes, never written. */
  contact_name: string | null;
  agent_name: string | null;
};
type SubRow = {
  id: string;
  representation_id: string;
  sequential_id: number;
  public_text: string;
  topic_id: string | null;
  status: string;
};
type ResponseRow = {
  description: string;
  /** The officer's response as sent (the editor's text, as plain text). */
  plain_text: string;
  representation_id: string | null;
  sub_representation_id: string | null;
};

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** A letter's framing rather than its point: greetings, sign-offs, "please contact me". */
const FRAMING =
  /^(dear\b|to whom it may concern|yours\b|kind regards|best wishes|regards\b|many thanks|thank you\b|thanks\b|i am writing\b|please (contact|call|email|write)|you can (reach|contact|call|email))/i;

/**
 * A text's sentences (or lines) that say something about the plan: long enough, not a greeting or
 * a sign-off, not cut off at a comma, and with nothing withheld in them (a quote about how to
 * reach someone says nothing about the plan).
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(
      (sentence) =>
        sentence.length >= 20 &&
        !FRAMING.test(sentence) &&
        !sentence.endsWith(',') &&
        !/\[[a-z ]+ redacted\]/.test(sentence),
    );
}

const clip = (text: string) =>
  text.length > SENTENCE_MAX ? `${text.slice(0, SENTENCE_MAX - 1).trimEnd()}…` : text;

/**
 * A topic's summary: the sentences most representations share (a campaign letter's, say), then
 * the first sentence of the earliest representations, at most three in all. A sentence the
 * statement has already quoted (`quoted`: the sentence in lower case and where it was quoted) is
 * not quoted again: a shared one is counted and pointed to, an earliest one passed over. What this
 * topic quotes is added to `quoted` as being under `here`.
 */
export function summaryOf(texts: string[], quoted = new Map<string, string>(), here = ''): string[] {
  const seenIn = new Map<string, { text: string; count: number }>();
  for (const text of texts) {
    const unique = new Map(sentencesOf(text).map((sentence) => [sentence.toLowerCase(), sentence]));
    for (const [key, sentence] of unique) {
      const entry = seenIn.get(key);
      if (entry) entry.count += 1;
      else seenIn.set(key, { text: sentence, count: 1 });
    }
  }
  const common = [...seenIn.values()]
    .filter((entry) => entry.count > 1)
    .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
    .slice(0, SUMMARY_LINES)
    .map((entry) => {
      const key = entry.text.toLowerCase();
      const where = quoted.get(key);
      return {
        key,
        line:
          where === undefined
            ? `“${clip(entry.text)}” (in ${entry.count} representations)`
            : `${entry.count} representations repeat a sentence quoted under ${where}`,
      };
    });
  const lines = [...new Set(common.map((entry) => entry.line))];
  const used = new Set([...common.map((entry) => entry.key), ...quoted.keys()]);
  for (const entry of common) if (!quoted.has(entry.key)) quoted.set(entry.key, here);
  for (const text of texts) {
    if (lines.length >= SUMMARY_LINES) break;
    const first = sentencesOf(text)[0];
    if (!first || used.has(first.toLowerCase())) continue;
    used.add(first.toLowerCase());
    quoted.set(first.toLowerCase(), here);
    lines.push(`“${clip(first)}”`);
  }
  return lines;
}

type Topic = { id: string | null; name: string };

/** The names of `names` one of whose words (two letters or more) is in `text`, in any case. */
export function namesIn(text: string, names: Iterable<string | null>): string[] {
  const words = new Set(text.toLowerCase().split(/[^\p{L}'-]+/u));
  return [...names].filter(
    (name): name is string =>
      name !== null &&
      name
        .toLowerCase()
        .split(/[^\p{L}'-]+/u)
        .some((word) => word.length >= 2 && words.has(word)),
  );
}

/** Reads the event's live representations and builds the statement's blocks. */
export async function buildStatement(
  trx: Trx,
  tenantId: string,
  eventId: string,
  format: StatementFormat,
): Promise<Statement> {
  const event = await eventOf(trx, eventId);
  await preferHashJoins(trx);
  // Issue 26 point 2: the council's contacts public in their role are quoted as written.
  const allow = await allowListValues(trx);
  const council = await trx
    .selectFrom('tenants')
    .select('raw_name')
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();

  const { rows: representations } = await sql<RepresentationRow>`
    select r.id, r.reference, r.representee_type, r.contact_id, r.organisation_id,
      o.name as organisation_name, o.organisation_type, r.correspondence_type, r.attitude, r.status,
      r.public_text, r.campaign_id, r.campaign_size, c.name as contact_name, a.name as agent_name
    from representations r left join organisations o on o.id = r.organisation_id
      left join contacts c on c.id = r.contact_id left join contacts a on a.id = r.agent_contact_id
    where r.consultation_event_id = ${event.id} and r.deleted_at is null
    order by r.reference`.execute(trx);
  const ids = representations.map((row) => row.id);
  const none = ids.length === 0;
  const subs = none
    ? []
    : (
        await sql<SubRow>`select s.id, s.representation_id, s.sequential_id, s.public_text, s.topic_id, s.status
          from sub_representations s join representations r on r.id = s.representation_id
          where r.consultation_event_id = ${event.id} and r.deleted_at is null and not s.is_deleted
          order by r.reference, s.sequential_id`.execute(trx)
      ).rows;
  const topicLinks = none
    ? []
    : (
        await sql<{ representation_id: string; topic_id: string }>`
          select rt.representation_id, rt.topic_id from representation_topics rt
            join representations r on r.id = rt.representation_id
          where r.consultation_event_id = ${event.id} and r.deleted_at is null`.execute(trx)
      ).rows;
  const topicNames = new Map(
    (await trx.selectFrom('consultation_topics').select(['id', 'name']).execute()).map((row) => [
      row.id,
      row.name,
    ]),
  );
  const responses = none
    ? []
    : (
        await sql<ResponseRow>`
          select c.description, c.plain_text, c.representation_id, c.sub_representation_id
          from consultation_responses c
            left join sub_representations s on s.id = c.sub_representation_id
            join representations r on r.id = coalesce(c.representation_id, s.representation_id)
          where r.consultation_event_id = ${event.id} and r.deleted_at is null and c.deleted_at is null
            and (s.id is null or not s.is_deleted)
            -- A published statement gives the council's approved answers, never a draft's text.
            and coalesce(s.status, r.status) in (${sql.join([...PUBLISHED_RESPONSE_STATUSES])})
          order by r.reference, s.sequential_id nulls first, c.created_at, c.seq`.execute(trx)
      ).rows;

  const statuses = await statusCounts(trx, event.id);
  const byId = new Map(representations.map((row) => [row.id, row]));
  const subById = new Map(subs.map((row) => [row.id, row]));
  const referenceOf = (row: RepresentationRow) => representationReference(row.reference);
  const subReferenceOf = (row: SubRow) =>
    subRepresentationReference(byId.get(row.representation_id)!.reference, row.sequential_id);

  const blocks: StatementBlock[] = [];
  const title = `${event.name}: consultation statement`;
  blocks.push({ kind: 'title', text: title });
  blocks.push({ kind: 'paragraph', text: council.raw_name });
  blocks.push({
    kind: 'paragraph',
    text: `This statement is published under ${REGULATION}. It sets out who made representations to ${event.name}, how many were received, the main issues they raised and how the council has addressed them.`,
  });
  blocks.push({
    kind: 'paragraph',
    text: `${event.cancelled ? 'The consultation was planned to run' : 'The consultation ran'} from ${longDate(event.starts_on)} to ${longDate(event.ends_on)}${event.cancelled ? ' and was cancelled' : ''}.`,
  });

  // Who was consulted: the bodies and people who made representations.
  blocks.push({ kind: 'heading', level: 1, text: 'Who was consulted' });
  const organisations = new Map<string, { name: string; type: string }>();
  const individuals = new Set<string>();
  for (const row of representations) {
    if (row.representee_type === 'organisation' && row.organisation_id)
      organisations.set(row.organisation_id, {
        name: row.organisation_name ?? '',
        type: row.organisation_type ?? 'Other',
      });
    else if (row.contact_id) individuals.add(row.contact_id);
  }
  const orgList = [...organisations.values()];
  blocks.push({
    kind: 'paragraph',
    text: `Representations came from ${plural(orgList.length, 'organisation')} and ${plural(individuals.size, 'private individual')}.`,
  });
  blocks.push({
    kind: 'table',
    header: ['Representee', 'Number'],
    rows: [
      ...organisationTypes.map((type) => [type, String(orgList.filter((org) => org.type === type).length)]),
      ['Private individuals', String(individuals.size)],
    ],
  });
  if (orgList.length > 0) {
    blocks.push({ kind: 'heading', level: 2, text: 'Bodies that made representations' });
    for (const type of organisationTypes) {
      const names = orgList
        .filter((org) => org.type === type)
        .map((org) => org.name)
        .sort((a, b) => a.localeCompare(b));
      if (names.length === 0) continue;
      blocks.push({ kind: 'paragraph', text: `${type}:` });
      blocks.push({ kind: 'bullets', items: names });
    }
  }

  // What was received.
  blocks.push({ kind: 'heading', level: 1, text: 'Representations received' });
  blocks.push({
    kind: 'paragraph',
    text: `${plural(representations.length, 'representation')} and ${plural(subs.length, 'sub-representation')} were received.`,
  });
  // By status: the counts the representation manager and the analysis show, from the same query.
  blocks.push({ kind: 'heading', level: 2, text: 'By status' });
  blocks.push({
    kind: 'table',
    header: ['Status', 'Representations', 'Sub-representations'],
    rows: statuses.map((row) => [row.status, String(row.representations), String(row.subRepresentations)]),
  });
  blocks.push({ kind: 'heading', level: 2, text: 'By correspondence type' });
  blocks.push({
    kind: 'table',
    header: ['Correspondence type', 'Representations'],
    rows: correspondenceTypes.map((type) => [
      type,
      String(representations.filter((row) => row.correspondence_type === type).length),
    ]),
  });
  blocks.push({ kind: 'heading', level: 2, text: 'By attitude' });
  blocks.push({
    kind: 'table',
    header: ['Attitude', 'Representations'],
    rows: [
      ...attitudes.map((attitude) => [
        attitude,
        String(representations.filter((row) => row.attitude === attitude).length),
      ]),
      ['Not stated', String(representations.filter((row) => row.attitude === null).length)],
    ],
  });

  // The main issues, by topic: a representation under each of its topics, a part under its own.
  const topicsOf = new Map<string, string[]>();
  for (const link of topicLinks)
    topicsOf.set(link.representation_id, [...(topicsOf.get(link.representation_id) ?? []), link.topic_id]);
  const issues = new Map<
    string | null,
    { topic: Topic; representations: RepresentationRow[]; subs: SubRow[] }
  >();
  const issueOf = (id: string | null) => {
    let issue = issues.get(id);
    if (!issue) {
      issue = {
        topic: { id, name: id ? (topicNames.get(id) ?? 'Topic') : 'No topic' },
        representations: [],
        subs: [],
      };
      issues.set(id, issue);
    }
    return issue;
  };
  for (const row of representations) {
    const topics = topicsOf.get(row.id) ?? [];
    if (topics.length === 0) issueOf(null).representations.push(row);
    for (const topic of topics) issueOf(topic).representations.push(row);
  }
  for (const sub of subs) if (sub.topic_id) issueOf(sub.topic_id).subs.push(sub);
  const ordered = [...issues.values()]
    .filter((issue) => issue.representations.length + issue.subs.length > 0)
    .sort(
      (a, b) =>
        Number(a.topic.id === null) - Number(b.topic.id === null) ||
        b.representations.length + b.subs.length - (a.representations.length + a.subs.length) ||
        a.topic.name.localeCompare(b.topic.name),
    );

  blocks.push({ kind: 'heading', level: 1, text: 'Main issues raised' });
  if (ordered.length === 0) blocks.push({ kind: 'paragraph', text: 'No representations were received.' });
  else
    blocks.push({
      kind: 'table',
      header: ['Topic', 'Representations', 'Sub-representations'],
      rows: ordered.map((issue) => [
        issue.topic.name,
        String(issue.representations.length),
        String(issue.subs.length),
      ]),
    });
  // Each sentence is quoted once in the statement, a campaign's letter under its first topic;
  // later topics count its letters and say where it is quoted.
  const quoted = new Map<string, string>();
  const campaignQuotedUnder = new Map<string, string>();
  const namesOf = (row: RepresentationRow) => [row.contact_name, row.agent_name];
  for (const issue of ordered) {
    blocks.push({
      kind: 'heading',
      level: 2,
      text: `${issue.topic.name} (${plural(issue.representations.length, 'representation')}, ${plural(issue.subs.length, 'sub-representation')})`,
    });
    const lines: string[] = [];
    const campaigns = new Map<string, RepresentationRow[]>();
    for (const row of issue.representations)
      if (row.campaign_id) {
        const members = campaigns.get(row.campaign_id) ?? [];
        members.push(row);
        campaigns.set(row.campaign_id, members);
      }
    for (const [campaignId, members] of [...campaigns].sort((a, b) => b[1].length - a[1].length)) {
      const exemplar = byId.get(campaignId) ?? members[0]!;
      const label = `Campaign ${referenceOf(exemplar)}`;
      const here = `${plural(members.length, 'representation')} on this topic`;
      const where = campaignQuotedUnder.get(campaignId);
      if (where !== undefined) {
        lines.push(`${label} (${here}): quoted under ${where}`);
        continue;
      }
      campaignQuotedUnder.set(campaignId, issue.topic.name);
      // Personal data not yet redacted is withheld before any sentence is picked.
      const sentences = sentencesOf(withheld(exemplar.public_text, namesOf(exemplar), allow)).slice(
        0,
        SUMMARY_LINES,
      );
      for (const sentence of sentences) quoted.set(sentence.toLowerCase(), label.toLowerCase());
      const all = plural(exemplar.campaign_size ?? members.length, 'letter');
      lines.push(
        `${label} (${here}, ${all} in all)${sentences.length > 0 ? `: “${clip(sentences.join(' '))}”` : ''}`,
      );
    }
    lines.push(
      ...summaryOf(
        [
          ...issue.representations
            .filter((row) => !row.campaign_id)
            .map((row) => withheld(row.public_text, namesOf(row), allow)),
          ...issue.subs.map((sub) =>
            withheld(sub.public_text, namesOf(byId.get(sub.representation_id)!), allow),
          ),
        ],
        quoted,
        issue.topic.name,
      ),
    );
    if (lines.length > 0) blocks.push({ kind: 'bullets', items: lines });
  }

  // How they were addressed: the council's responses, by the topic of what they answer.
  blocks.push({ kind: 'heading', level: 1, text: 'How the issues have been addressed' });
  if (responses.length === 0) blocks.push({ kind: 'paragraph', text: 'No responses have been written yet.' });
  const responseGivenUnder = new Map<string, string>();
  for (const issue of ordered) {
    const repIds = new Set(issue.representations.map((row) => row.id));
    const subIds = new Set(issue.subs.map((row) => row.id));
    // A part without a topic of its own is about its representation's topics.
    const answers = (response: ResponseRow) => {
      if (response.representation_id) return repIds.has(response.representation_id);
      const sub = subById.get(response.sub_representation_id ?? '');
      if (!sub) return false;
      return sub.topic_id ? subIds.has(sub.id) : repIds.has(sub.representation_id);
    };
    const answered = responses.filter(answers);
    const sentOf = (rows: { status: string }[]) =>
      rows.filter((row) => row.status === 'Response sent').length;
    blocks.push({ kind: 'heading', level: 2, text: issue.topic.name });
    blocks.push({
      kind: 'paragraph',
      text: `Responses have been sent to ${sentOf(issue.representations)} of ${plural(issue.representations.length, 'representation')}${issue.subs.length > 0 ? ` and ${sentOf(issue.subs)} of ${plural(issue.subs.length, 'sub-representation')}` : ''} on this topic.`,
    });
    if (answered.length === 0) {
      blocks.push({ kind: 'paragraph', text: 'No response on this topic has been approved yet.' });
      continue;
    }
    const targetOf = (response: ResponseRow) => {
      if (response.representation_id) {
        const row = byId.get(response.representation_id)!;
        return { reference: referenceOf(row), row };
      }
      const sub = subById.get(response.sub_representation_id!)!;
      return { reference: subReferenceOf(sub), row: byId.get(sub.representation_id)! };
    };
    // One entry per response text (a template answers many letters alike), with what it answers.
    const given = new Map<
      string,
      { response: ResponseRow; references: string[]; names: Set<string | null> }
    >();
    for (const response of answered) {
      const { reference, row } = targetOf(response);
      const key = `${response.description}\n${response.plain_text}`;
      const entry = given.get(key) ?? { response, references: [], names: new Set() };
      if (!entry.references.includes(reference)) entry.references.push(reference);
      entry.names.add(row.contact_name).add(row.agent_name);
      given.set(key, entry);
    }
    for (const [key, { response, references, names: all }] of given) {
      // A template answers many letters: only the names its words contain are looked for (each
      // name the detector looks for costs about a millisecond).
      const names = namesIn(`${response.description}\n${response.plain_text}`, all);
      const answering = `${references.slice(0, REFERENCES_MAX).join(', ')}${references.length > REFERENCES_MAX ? ` and ${references.length - REFERENCES_MAX} more` : ''}`;
      const responseTitle = withheld(response.description, names, allow);
      const where = responseGivenUnder.get(key);
      if (where !== undefined) {
        blocks.push({
          kind: 'paragraph',
          text: `${responseTitle} (to ${answering}): the response set out under ${where}.`,
        });
        continue;
      }
      responseGivenUnder.set(key, issue.topic.name);
      blocks.push({ kind: 'paragraph', text: `${responseTitle} (to ${answering}):` });
      for (const text of withheld(response.plain_text, names, allow).split(/\n+/))
        if (text.trim() !== '') blocks.push({ kind: 'quote', text: text.trim() });
    }
  }

  return { title, fileName: `${event.name} - consultation statement.${format}`, blocks };
}
