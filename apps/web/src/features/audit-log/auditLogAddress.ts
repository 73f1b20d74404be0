import { auditActionNames, type AuditAction, type AuditLogQuery } from '@planning/shared';

/** The filters the address holds (?action=a,b&actor=&targetType=&targetId=&from=&to=&q=&page=). */
export const TEXT_KEYS = ['actor', 'targetType', 'targetId', 'q'] as const;
export type TextKey = (typeof TEXT_KEYS)[number];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const known = new Set<string>(auditActionNames);

/** The query the address holds; values that cannot be right are left out, as a reader would expect. */
export function queryOf(params: URLSearchParams): AuditLogQuery {
  const query: AuditLogQuery = {};
  const actions = (params.get('action') ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item): item is AuditAction => known.has(item));
  if (actions.length > 0) query.action = [...new Set(actions)];
  for (const key of TEXT_KEYS) {
    const value = params.get(key)?.trim().slice(0, 200);
    if (value) query[key] = value;
  }
  const from = params.get('from');
  const to = params.get('to');
  if (from && DATE.test(from)) query.from = from;
  if (to && DATE.test(to) && !(query.from && to < query.from)) query.to = to;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = Math.min(page, 100_000);
  return query;
}

/** The address after one change: any change of filter starts again at the first page. */
export function withFilter(
  params: URLSearchParams,
  key: 'action' | TextKey | 'from' | 'to' | 'page',
  value: string | string[] | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const text = Array.isArray(value) ? value.join(',') : (value ?? '').trim();
  if (text && !(key === 'page' && text === '1')) next.set(key, text);
  else next.delete(key);
  if (key !== 'page') next.delete('page');
  return next;
}

/** Whether any filter is chosen (the empty state then says none match, not that none exist). */
export const hasFilters = (query: AuditLogQuery) =>
  Boolean(
    (query.action && query.action.length > 0) ||
    query.actor ||
    query.targetType ||
    query.targetId ||
    query.from ||
    query.to ||
    query.q,
  );

/** '25 Nov 2026, 14:03:27' in UK time. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'Europe/London',
  });
}

/** A detail's value as one line a person reads. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Details split into before/after pairs (when the row has them) and anything else. */
export function detailRows(details: Record<string, unknown>): {
  changes: { field: string; before: unknown; after: unknown }[];
  rest: Record<string, unknown>;
} {
  const { before, after, ...rest } = details;
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(before) && !isObject(after)) return { changes: [], rest: details };
  const was = isObject(before) ? before : {};
  const now = isObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return { changes: fields.map((field) => ({ field, before: was[field], after: now[field] })), rest };
}
