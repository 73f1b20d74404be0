import type { AnalysisQuery } from '@planning/shared';

/** The page's choices live in the address (?documentId=&eventId=&questionId=&siteId=&from=&to=). */
export const FILTER_KEYS = ['documentId', 'eventId', 'questionId', 'siteId', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The analysis query the address holds; values that cannot be right are left out. */
export function queryOf(params: URLSearchParams): AnalysisQuery {
  const query: AnalysisQuery = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if ((key === 'from' || key === 'to') && !DATE.test(value)) continue;
    if (key === 'siteId' && !/^\d{1,18}$/.test(value)) continue;
    query[key] = value;
  }
  return query;
}

/**
 * The address after one choice. A new document or event starts its filters afresh: another
 * document has other questions and sites.
 */
export function withChoice(params: URLSearchParams, key: FilterKey, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  if (key === 'documentId') {
    next.delete('questionId');
    next.delete('siteId');
  }
  return next;
}

/** Whether any filter beyond the document and event is chosen. */
export const hasFilters = (query: AnalysisQuery) =>
  Boolean(query.questionId || query.siteId || query.from || query.to);

/** '50%', '33.3%': a share of answers, to one decimal where it matters. */
export const formatShare = (share: number): string =>
  `${(share * 100).toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;

/** '3 Mar 2026' for a 'YYYY-MM-DD' day (read as that calendar day, whatever the time zone). */
export function formatDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
