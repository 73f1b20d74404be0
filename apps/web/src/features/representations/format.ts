import { statusColours, type CustomColumn, type RepresentationStatus } from '@planning/shared';

/** '2026-03-04' → '4 Mar 2026' (a DATE column, read as text: no time zone to shift it). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(day)} ${months[Number(month) - 1] ?? month} ${year}`;
}

/** A moment (timestamps of the timeline, attachments) in the reader's clock. */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A status's colour: the council's settings first (GET /consultations/settings), ours otherwise. */
export function statusColour(
  status: RepresentationStatus,
  settings: { statuses: { name: string; colour: string }[] } | undefined,
): string {
  return settings?.statuses.find((entry) => entry.name === status)?.colour ?? statusColours[status];
}

/** A custom column's value as the table shows it. */
export function formatCustomValue(column: Pick<CustomColumn, 'dataType'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (column.dataType) {
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'multiSelect':
      return Array.isArray(value) ? value.join(', ') || '—' : String(value);
    case 'percentage':
      return `${Number(value).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;
    case 'currency':
      return Number(value).toLocaleString('en-GB', { style: 'currency', currency: 'GBP' });
    case 'number':
      return Number(value).toLocaleString('en-GB', { maximumFractionDigits: 2 });
    case 'date':
      return formatDate(String(value));
    default:
      return String(value);
  }
}

/** A timeline entry in words: its action, and what its detail says that a reader wants. */
export function timelineText(entry: { action: string; detail: Record<string, unknown> }): string {
  const text = (key: string) =>
    typeof entry.detail[key] === 'string' ? (entry.detail[key] as string) : null;
  const action = `${entry.action.charAt(0).toUpperCase()}${entry.action.slice(1)}`;
  switch (entry.action) {
    case 'status changed':
      return text('from') && text('to') ? `Status changed from ${text('from')} to ${text('to')}` : action;
    case 'created':
      return text('duplicateOf') ? `Created as a copy of ${text('duplicateOf')}` : action;
    case 'duplicated':
      return text('copy') ? `Duplicated as ${text('copy')}` : action;
    case 'updated': {
      const fields = Array.isArray(entry.detail.fields) ? entry.detail.fields.map(String) : [];
      return fields.length ? `Updated: ${fields.join(', ')}` : action;
    }
    case 'redaction added':
    case 'redaction removed':
      return text('redactionType') ? `${action} (${text('redactionType')})` : action;
    default:
      return text('reference') ? `${action}: ${text('reference')}` : action;
  }
}
