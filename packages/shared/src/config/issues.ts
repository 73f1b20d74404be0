import type { z } from 'zod';

/** Settings whose code name reads badly spelt out ('db property name'): what a council calls them. */
const plainNames: Record<string, string> = { dbPropertyName: 'field name' };

/** A setting's name as a person reads it: 'labelColor' → 'label color'. */
const words = (key: string) =>
  plainNames[key] ??
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The setting an issue is about: the last name in its path ('value' at the document's root). */
function settingOf(path: readonly PropertyKey[] | undefined) {
  const key = [...(path ?? [])].reverse().find((part): part is string => typeof part === 'string');
  return key ? words(key) : 'value';
}

const kinds: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of settings',
  record: 'a group of settings',
};

const count = (n: number | bigint, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Plain English for the issues zod would word itself ("Too small: expected string to have >=1
 * characters"), for the config editor's validation result. Messages a schema gives (the spec's,
 * spec 03 §8) win over these: zod uses a parse's error map only where the schema has none.
 */
export const configIssueMessage = (issue: z.core.$ZodRawIssue): string | undefined => {
  const setting = settingOf(issue.path);
  const Setting = capitalised(setting);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined)
        return issue.expected === 'string' ? `Enter ${withArticle(setting)}` : `${Setting} is required`;
      return `${Setting} must be ${kinds[issue.expected] ?? issue.expected}`;
    }
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string')
        return min === 1
          ? `Enter ${withArticle(setting)}`
          : `${Setting} must be at least ${count(min, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${Setting} needs at least ${count(min, 'item', 'items')}`;
      return `${Setting} must be ${issue.inclusive ? 'at least' : 'more than'} ${min}`;
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string')
        return `${Setting} must be at most ${count(max, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${Setting} can have at most ${count(max, 'item', 'items')}`;
      return `${Setting} must be ${issue.inclusive ? 'at most' : 'less than'} ${max}`;
    }
    case 'invalid_value':
      return `${Setting} must be one of: ${issue.values.map((value) => String(value)).join(', ')}`;
    case 'invalid_format':
      // A pattern says nothing to a reader ('is not a valid regex'): its schema should word it.
      return issue.format === 'regex'
        ? `${Setting} holds characters it may not hold`
        : `${Setting} is not a valid ${words(issue.format)}`;
    case 'unrecognized_keys':
      return `Unknown ${issue.keys.length === 1 ? 'setting' : 'settings'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return `${Setting} does not match any of the forms it can take`;
    case 'invalid_key':
    case 'invalid_element':
      return `${Setting} holds an entry that is not valid`;
    case 'not_multiple_of':
      return `${Setting} must be a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
};
