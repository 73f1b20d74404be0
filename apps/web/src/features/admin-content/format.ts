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
