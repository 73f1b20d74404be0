/** A moment as a council officer reads it: '1 Mar 2026, 09:00' (England's clock). */
export const when = (iso: string | null | undefined): string =>
  iso
    ? new Date(iso).toLocaleString('en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/London',
      })
    : '—';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO moment as a datetime-local input's value (the browser's own clock). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value as an ISO moment; '' when empty or unreadable. */
export function fromLocalInput(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/**
 * An event's end as people say it: one ending at midnight (an event set by days) ends at 'the end
 * of 14 Dec 2026' rather than '15 Dec 2026, 00:00'.
 */
export function endOf(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/London',
  }).format(new Date(iso));
  if (parts !== '00:00') return when(iso);
  const lastMoment = new Date(new Date(iso).getTime() - 1);
  return `the end of ${lastMoment.toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' })}`;
}
