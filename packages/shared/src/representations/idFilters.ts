import type { SearchFilter } from '../search/filters';

/**
 * Fields of the manager's tables that hold another record's id (issue 15 point 2): a screen asks
 * for "this contact's letters" or "this campaign's letters" by the id it holds, never by a name
 * that two records may share. They filter (select, checkboxesList) and neither sort nor group.
 */
export const tableIdFields = {
  representations: ['campaign_id', 'contact_id', 'organisation_id', 'agent_contact_id'],
  contacts: ['organisation_id'],
} as const satisfies Record<string, readonly string[]>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record's id as the database makes them (a UUID). */
export const isRecordId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export const idFilterMessages = {
  notAnId: (name: string, value: string | number) => `"${name}" takes record ids: "${value}" is not one`,
} as const;

/**
 * The message for the first value given to one of `fields` that is not an id (the caller's
 * mistake: a 400 that says so, rather than a cast failing in the database), or null when every
 * such value is an id. Groups are searched through.
 */
export function idFilterProblem(filters: readonly SearchFilter[], fields: readonly string[]): string | null {
  for (const filter of filters) {
    if (filter.type === 'group') {
      const inner = idFilterProblem(filter.filters, fields);
      if (inner) return inner;
      continue;
    }
    if (!('dbPropertyName' in filter) || !fields.includes(filter.dbPropertyName)) continue;
    const values: readonly unknown[] =
      filter.type === 'select' || filter.type === 'text'
        ? [filter.value]
        : filter.type === 'checkboxesList' || filter.type === 'inArray'
          ? filter.value
          : [];
    const wrong = values.find((value) => !isRecordId(value));
    if (wrong !== undefined) return idFilterMessages.notAnId(filter.dbPropertyName, String(wrong));
  }
  return null;
}
