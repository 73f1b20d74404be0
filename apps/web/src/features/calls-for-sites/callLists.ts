import type { AdminCall, CallState } from '@planning/shared';

/**
 * One state's calls from the whole list, in the order an officer works through them (the server's
 * order for a state asked on its own): upcoming ones opening soonest first, open ones closing
 * soonest first, closed and cancelled ones as listed (latest first).
 */
export function callsInState(calls: readonly AdminCall[], state: CallState): AdminCall[] {
  const chosen = calls.filter((call) => call.state === state);
  if (state === 'upcoming') return chosen.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  if (state === 'open') return chosen.sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt));
  return chosen;
}
