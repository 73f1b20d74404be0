import { z } from 'zod';
import { configMessages } from './types';

/** Spec 03 §4 Config comparison: initial config, current config, equal or different, or invalid. */
export const configComparisonStatuses = [
  'initial-missing',
  'current-missing',
  'invalid',
  'equal',
  'different',
] as const;
export type ConfigComparisonStatus = (typeof configComparisonStatuses)[number];

export const configChangeSchema = z.object({
  /** Dotted path of what changed ('' for the whole document). */
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown(),
  after: z.unknown(),
});
export type ConfigChange = z.infer<typeof configChangeSchema>;

export type ConfigComparison = {
  status: ConfigComparisonStatus;
  message: string;
  changes: ConfigChange[];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A structural diff of two JSON values: each added, removed or changed leaf (or subtree whose
 * kind changed) with its path. Arrays compare by position; an item added at the end is 'added'.
 */
export function diffJson(before: unknown, after: unknown, path: string[] = []): ConfigChange[] {
  const here = path.join('.');
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: ConfigChange[] = [];
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index += 1) {
      const at = [...path, String(index)];
      if (index >= before.length)
        changes.push({ path: at.join('.'), kind: 'added', before: undefined, after: after[index] });
      else if (index >= after.length)
        changes.push({ path: at.join('.'), kind: 'removed', before: before[index], after: undefined });
      else changes.push(...diffJson(before[index], after[index], at));
    }
    return changes;
  }
  if (isObject(before) && isObject(after)) {
    const changes: ConfigChange[] = [];
    for (const key of Object.keys(before)) {
      const at = [...path, key];
      if (!(key in after) || after[key] === undefined) {
        if (before[key] !== undefined)
          changes.push({ path: at.join('.'), kind: 'removed', before: before[key], after: undefined });
      } else changes.push(...diffJson(before[key], after[key], at));
    }
    for (const key of Object.keys(after))
      if ((!(key in before) || before[key] === undefined) && after[key] !== undefined)
        changes.push({ path: [...path, key].join('.'), kind: 'added', before: undefined, after: after[key] });
    return changes;
  }
  if (Object.is(before, after)) return [];
  return [{ path: here, kind: 'changed', before, after }];
}

/**
 * Compares the config the editor opened (initial) with what it holds now (current). `valid` false
 * (the editor's JSON does not parse, or its schema refuses it) reports the current config invalid;
 * the changes are still listed when both are there.
 */
export function compareConfigs(
  initial: unknown,
  current: unknown,
  options: { valid?: boolean } = {},
): ConfigComparison {
  if (initial === undefined || initial === null)
    return { status: 'initial-missing', message: configMessages.initialMissing, changes: [] };
  if (current === undefined || current === null)
    return { status: 'current-missing', message: configMessages.currentMissing, changes: [] };
  const changes = diffJson(initial, current);
  if (options.valid === false) return { status: 'invalid', message: configMessages.editorInvalid, changes };
  if (changes.length === 0) return { status: 'equal', message: configMessages.equal, changes };
  return { status: 'different', message: configMessages.different(changes.length), changes };
}

/** One line naming what changed, for an audit row ('filters.2 added, label changed'). */
export function summariseChanges(changes: readonly ConfigChange[], max = 5): string {
  if (changes.length === 0) return 'no changes';
  const words = changes.slice(0, max).map((change) => `${change.path || 'document'} ${change.kind}`);
  return changes.length > max ? `${words.join(', ')} and ${changes.length - max} more` : words.join(', ');
}
