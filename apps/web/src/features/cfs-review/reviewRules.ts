import {
  answerLabels,
  submissionStatusLabels,
  type CallAnalytics,
  type ConfigQuestion,
  type QuestionTopic,
  type ReviewList,
  type SubmissionStatus,
} from '@planning/shared';

/** The statuses an officer sees (drafts are the submitter's own), in the order of the tabs. */
export const reviewStatuses = ['new', 'in_review', 'accepted', 'rejected', 'withdrawn'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** The status tabs' labels: 'Submitted' reads as New on the officers' side. */
export const reviewStatusLabel = (status: ReviewStatus): string =>
  status === 'new' ? 'New' : submissionStatusLabels[status];

export const isReviewStatus = (value: string | null | undefined): value is ReviewStatus =>
  (reviewStatuses as readonly string[]).includes(value ?? '');

/** Each status's colour, on the map, its key and the status tags (WCAG AA on white as text). */
export const statusColours: Record<SubmissionStatus, string> = {
  draft: '#505a5f',
  new: '#1d70b8',
  in_review: '#a35200',
  accepted: '#00703c',
  rejected: '#d4351c',
  withdrawn: '#505a5f',
};

export type CallChoice = { id: string; name: string };

/**
 * The calls an officer may choose: those the queue's rows name, then the public list's (open and
 * upcoming, which may have no submissions yet), each once, newest rows' calls first.
 */
export function callChoices(
  rows: ReviewList['submissions'],
  publicCalls: readonly CallChoice[] = [],
): CallChoice[] {
  const seen = new Map<string, CallChoice>();
  for (const row of rows)
    if (!seen.has(row.callId)) seen.set(row.callId, { id: row.callId, name: row.callName });
  for (const call of publicCalls) if (!seen.has(call.id)) seen.set(call.id, { id: call.id, name: call.name });
  return [...seen.values()];
}

/** The call chosen: the address's if it is one of the choices, else the first. */
export function chosenCall(choices: readonly CallChoice[], wanted: string | null): CallChoice | null {
  return choices.find((call) => call.id === wanted) ?? choices[0] ?? null;
}

const hectares = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** '2.35 ha'; an unknown area as a dash. */
export const formatHectares = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : `${hectares.format(value)} ha`;

export const formatNumber = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : whole.format(value);

/** A date the UK way: '3 March 2027'. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '–';
  const date = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}

/** The tag of a row whose land meets existing sites. */
export const overlapsTag = (count: number): string | null =>
  count > 0 ? `Overlaps ${count} ${count === 1 ? 'site' : 'sites'}` : null;

/** The labels of option ids (ownership, uses, constraints), an unknown id as given. */
export function labelsOf<T extends Record<string, string>>(options: T, ids: readonly string[]): string[] {
  return ids.map((id) => (options as Record<string, string>)[id] ?? id);
}

export type AnswerRow = { id: string; topic: string; question: string; answer: string };

/** An answer in words: chosen options' labels, a ranking in order, a scale point or the text. */
export const answerText = (question: ConfigQuestion | undefined, answer: string | string[]): string =>
  answerLabels(question, answer).join(', ');

/**
 * A site's questionnaire answers as rows, in the questionnaire's order; answers to questions the
 * questionnaire no longer has come last, under their ids.
 */
export function answerRows(
  topics: readonly QuestionTopic[],
  answers: Record<string, string | string[]>,
): AnswerRow[] {
  const rows: AnswerRow[] = [];
  const known = new Set<string>();
  for (const topic of topics) {
    for (const question of topic.questions) {
      known.add(question.id);
      const answer = answers[question.id];
      if (answer === undefined || answer.length === 0) continue;
      rows.push({
        id: question.id,
        topic: topic.title,
        question: question.question,
        answer: answerText(question, answer),
      });
    }
  }
  for (const [id, answer] of Object.entries(answers)) {
    if (known.has(id) || answer.length === 0) continue;
    rows.push({ id, topic: '', question: id, answer: answerText(undefined, answer) });
  }
  return rows;
}

/** The bars of the by-day chart: each day's share of the busiest day (0–100). */
export function dayBars(
  byDay: CallAnalytics['byDay'],
): { day: string; submissions: number; percent: number }[] {
  const most = Math.max(0, ...byDay.map((d) => d.submissions));
  return byDay.map((d) => ({ ...d, percent: most === 0 ? 0 : Math.round((d.submissions / most) * 100) }));
}

/** The map's key: the statuses that have outlines on it, with how many. */
export function mapKey(
  features: CallAnalytics['map']['features'],
): { status: SubmissionStatus; label: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const feature of features)
    counts.set(feature.properties.status, (counts.get(feature.properties.status) ?? 0) + 1);
  return (['new', 'in_review', 'accepted', 'rejected', 'withdrawn'] as const)
    .filter((status) => counts.has(status))
    .map((status) => ({ status, label: reviewStatusLabel(status), count: counts.get(status) ?? 0 }));
}

/** The export's file name when the server gives none. */
export const exportFileName = (callName: string, format: 'csv' | 'gpkg'): string =>
  `${
    callName
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'call-for-sites'
  }-submissions.${format}`;
