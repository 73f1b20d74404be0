/**
 * The undo history of the builder's draft: every edit is a new present, the old one goes onto
 * `past`. Typing in one field is one step, not one per key: an edit with the same `group` as the
 * one before replaces the present instead of adding a step.
 */
export type History<T> = {
  past: T[];
  present: T;
  future: T[];
  group: string | null;
};

/** How many steps back undo reaches; older ones are dropped. */
export const HISTORY_LIMIT = 100;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], group: null });

export function commit<T>(history: History<T>, next: T, group: string | null = null): History<T> {
  if (next === history.present) return history;
  if (group !== null && group === history.group) return { ...history, present: next, future: [] };
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    group,
  };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    group: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, group: null };
}

/** Ends the current group: the next edit, even of the same field, is a step of its own. */
export const closeGroup = <T>(history: History<T>): History<T> =>
  history.group === null ? history : { ...history, group: null };
