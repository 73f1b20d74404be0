import {
  submissionStatusLabels,
  type CallAnalytics,
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

/** The queue's constraints filter: submissions whose sites met constraint layers on arrival, or none. */
export const constraintsFilters = ['with', 'without'] as const;
export type ConstraintsFilter = (typeof constraintsFilters)[number];
export const isConstraintsFilter = (value: string | null | undefined): value is ConstraintsFilter =>
  (constraintsFilters as readonly string[]).includes(value ?? '');
export const constraintsFilterLabels: Record<ConstraintsFilter | 'all', string> = {
  all: 'All',
  with: 'Meets constraint layers',
  without: 'Meets none',
};

/** The Constraints column: how many layers its sites met on arrival. */
export const constraintsText = (count: number): string =>
  count === 0 ? 'None' : count === 1 ? '1 layer' : `${count} layers`;

/** Only submissions awaiting review can be taken into review or rejected, one by one or together. */
export const awaitsDecision = (status: SubmissionStatus): boolean =>
  status === 'new' || status === 'in_review';

/** The lines under a bulk action's summary: each submission not done, by reference, and why. */
export function bulkRefusals(
  results: readonly { id: string; reference: string | null; outcome: string; message: string | null }[],
  known: readonly { id: string; reference: string | null }[] = [],
): string[] {
  return results
    .filter((result) => result.outcome !== 'done')
    .map((result) => {
      const reference =
        result.reference ?? known.find((row) => row.id === result.id)?.reference ?? 'A submission';
      return `${reference}: ${result.message ?? 'not done'}`;
    });
}

/** When the constraint layers were worked out: '3 March 2027 at 14:05'. */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const day = formatDay(value);
  const time = date.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
  return `${day} at ${time}`;
}

/** An existing site as the officer knows it: 'HELAA/123 Mill Lane', else its id. */
export const siteChoiceLabel = (site: {
  id: string;
  reference: string | null;
  name: string | null;
}): string => [site.reference, site.name].filter(Boolean).join(' ') || `Site ${site.id}`;

/**
 * The submitted sites an officer can still merge, by their index in the submission (the route's
 * siteIndex): those with a boundary not yet added or merged. Each comes with the existing sites
 * its boundary meets, once each, as the first choices of where to merge it.
 */
export function mergeableSites(
  sites: readonly {
    name: string;
    boundary: unknown;
    siteId: string | null;
    overlaps: { sites: readonly { id: string; reference: string | null; name: string | null }[] };
  }[],
): { index: number; name: string; choices: { id: string; label: string }[] }[] {
  return sites.flatMap((site, index) => {
    if (!site.boundary || site.siteId) return [];
    const seen = new Set<string>();
    const choices = site.overlaps.sites.flatMap((one) => {
      if (seen.has(one.id)) return [];
      seen.add(one.id);
      return [{ id: one.id, label: siteChoiceLabel(one) }];
    });
    return [{ index, name: site.name || `Site ${index + 1}`, choices }];
  });
}
