/**
 * A call's times as the public reads them, on England's clock and in GOV.UK's words: '9am on
 * 2 March 2031', 'midday on …', and a call closing at midnight closes at '11:59pm' the day before
 * (midnight is ambiguous: people read '14 December' as the whole of that day).
 */

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type LondonMoment = { day: string; hour: number; minute: number };

function londonMoment(date: Date): LondonMoment {
  const parts = Object.fromEntries(PARTS.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    day: `${parts.day} ${parts.month} ${parts.year}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** '9am', '5:30pm', 'midday', '12:15am' (midnight itself is never said: see above). */
export function clockText(hour: number, minute: number): string {
  if (hour === 12 && minute === 0) return 'midday';
  const suffix = hour < 12 ? 'am' : 'pm';
  const shown = hour % 12 === 0 ? 12 : hour % 12;
  return `${shown}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`}${suffix}`;
}

/** When a call opens: '2 March 2031' at the start of a day, else '9am on 2 March 2031'. */
export function startText(iso: string): string {
  const start = londonMoment(new Date(iso));
  if (start.hour === 0 && start.minute === 0) return start.day;
  return `${clockText(start.hour, start.minute)} on ${start.day}`;
}

/** When a call closes: '5pm on 15 December 2026'; at midnight, '11:59pm on' the day before. */
export function endText(iso: string): string {
  const end = londonMoment(new Date(iso));
  if (end.hour === 0 && end.minute === 0) {
    const lastMinute = londonMoment(new Date(new Date(iso).getTime() - 60_000));
    return `${clockText(lastMinute.hour, lastMinute.minute)} on ${lastMinute.day}`;
  }
  return `${clockText(end.hour, end.minute)} on ${end.day}`;
}

/** The line under an open call: 'Closes 5pm on 15 December 2026'. */
export const closesText = (iso: string): string => `Closes ${endText(iso)}`;

/** The line under an upcoming call: 'Opens 9am on 2 March 2031'. */
export const opensText = (iso: string): string => `Opens ${startText(iso)}`;

const SHORT_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A time in the officers' list, as two short lines (day, then clock) so the table fits beside the
 * admin menus: ['2 Mar 2031', '09:00']; a call closing at midnight closes at the end of the day before.
 */
export function listLines(iso: string, edge: 'opens' | 'closes'): [string, string] {
  const date = new Date(iso);
  const clock = CLOCK.format(date);
  if (edge === 'closes' && clock === '00:00')
    return [SHORT_DAY.format(new Date(date.getTime() - 1)), 'end of the day'];
  return [SHORT_DAY.format(date), clock];
}
