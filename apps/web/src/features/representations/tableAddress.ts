import {
  invertedRangeMessage,
  isRecordId,
  REPRESENTATION_LIMITS,
  SEARCH_LIMITS,
  type TableField,
} from '@planning/shared';
import {
  initialTableState,
  isSortable,
  type FilterDefinition,
  type FilterValue,
  type FilterValues,
  type Option,
  type TableState,
} from './tableState';

/**
 * A manager table's state in the address's query (issue 15 point 2), so a reload or a shared link
 * shows the same table: `q` the search, `page`, `sort` (`received_date`, or `-received_date`
 * descending), `group`, `campaign` (a campaign's id) and `f.<field>` for each filter (a ticked box
 * a parameter each; dates and numbers as `from..to`; yes or no; the text). The tab is the path's;
 * the detail parameters (representationId, contactId, …) are left as they are. Pure, so the rules
 * are tested without a browser.
 */

/** What a table knows about its fields: which sort, which filter and how, which group. */
export type TableAddressContext = {
  fields: readonly TableField[];
  definitions: readonly FilterDefinition[];
  groupOptions: readonly Option[];
};

const FILTER = 'f.';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const PAGE = /^[1-9]\d{0,5}$/;

/** A day of the calendar (not 30 February, which Date would roll into March). */
function validDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** `from..to`, either end left out. */
const pair = (from: string | number | null | undefined, to: string | number | null | undefined) =>
  `${from ?? ''}..${to ?? ''}`;

function encodeFilter(definition: FilterDefinition, value: FilterValue | undefined): string[] {
  if (value === undefined || value === null) return [];
  switch (definition.control) {
    case 'checkboxes':
      return Array.isArray(value) ? value : [];
    case 'dateRange':
      return typeof value === 'object' && !Array.isArray(value) && 'from' in value && (value.from || value.to)
        ? [pair(value.from || null, value.to || null)]
        : [];
    case 'numberRange':
      return typeof value === 'object' &&
        !Array.isArray(value) &&
        'min' in value &&
        (value.min != null || value.max != null)
        ? [pair(value.min, value.max)]
        : [];
    case 'yesNo':
      return typeof value === 'boolean' ? [value ? 'yes' : 'no'] : [];
    case 'text':
      return typeof value === 'string' && value.trim() !== '' ? [value.trim()] : [];
  }
}

/** A filter's parameters as the value its control holds; null when they are not one. */
function decodeFilter(definition: FilterDefinition, given: string[]): FilterValue | null {
  const [first] = given;
  if (first === undefined) return null;
  switch (definition.control) {
    case 'checkboxes': {
      const known = new Set(definition.options.map((option) => option.value));
      const values = [...new Set(given)].filter((value) => known.has(value));
      return values.length > 0 ? values : null;
    }
    case 'dateRange': {
      const [from = '', to = '', ...rest] = first.split('..');
      if (rest.length > 0 || (!from && !to)) return null;
      if ((from && !validDate(from)) || (to && !validDate(to))) return null;
      const value = { from: from || null, to: to || null };
      return invertedRangeMessage('dateRange', value) ? null : value;
    }
    case 'numberRange': {
      const [min = '', max = '', ...rest] = first.split('..');
      if (rest.length > 0 || (!min && !max)) return null;
      if ((min && !NUMBER.test(min)) || (max && !NUMBER.test(max))) return null;
      const value = { min: min ? Number(min) : null, max: max ? Number(max) : null };
      return invertedRangeMessage('range', value) ? null : value;
    }
    case 'yesNo':
      return first === 'yes' ? true : first === 'no' ? false : null;
    case 'text': {
      const text = first.trim();
      return text && text.length <= SEARCH_LIMITS.textMax ? text : null;
    }
  }
}

/** The parameters of a state; what is as the table starts (page 1, no search) is left out. */
export function encodeTableState(state: TableState, context: TableAddressContext): URLSearchParams {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set('q', search);
  for (const definition of context.definitions)
    for (const value of encodeFilter(definition, state.filters[definition.field]))
      params.append(`${FILTER}${definition.field}`, value);
  if (state.campaign) params.set('campaign', state.campaign);
  if (state.sort) params.set('sort', `${state.sort.order === 'desc' ? '-' : ''}${state.sort.field}`);
  if (state.groupBy) params.set('group', state.groupBy);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The state the parameters stand for; a parameter that is not a valid one is ignored. */
export function decodeTableState(params: URLSearchParams, context: TableAddressContext): TableState {
  const q = (params.get('q') ?? '').trim();
  const filters: FilterValues = {};
  for (const definition of context.definitions) {
    const value = decodeFilter(definition, params.getAll(`${FILTER}${definition.field}`));
    if (value !== null) filters[definition.field] = value;
  }
  const campaign = params.get('campaign');
  const sort = /^(-?)([a-z][a-z0-9_]{0,62})$/.exec(params.get('sort') ?? '');
  const group = params.get('group');
  const page = params.get('page') ?? '';
  return {
    ...initialTableState,
    search: q.length <= REPRESENTATION_LIMITS.searchMax ? q : '',
    filters,
    campaign: isRecordId(campaign) ? campaign : null,
    sort:
      sort && isSortable(context.fields, sort[2]!)
        ? { field: sort[2]!, order: sort[1] ? 'desc' : 'asc' }
        : null,
    groupBy: group && context.groupOptions.some((option) => option.value === group) ? group : null,
    page: PAGE.test(page) ? Number(page) : 1,
  };
}

/**
 * The address's parameters with the table's state in place of the old: the detail parameters
 * stay, and so do a filter or a grouping the table does not know yet (a custom column whose list
 * is still loading), which the next reading takes up.
 */
export function withTableState(
  current: URLSearchParams,
  state: TableState,
  context: TableAddressContext,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of ['q', 'page', 'sort', 'campaign']) next.delete(name);
  for (const definition of context.definitions) next.delete(`${FILTER}${definition.field}`);
  const group = current.get('group');
  if (state.groupBy || !group || context.groupOptions.some((option) => option.value === group))
    next.delete('group');
  for (const [name, value] of encodeTableState(state, context)) next.append(name, value);
  return next;
}

/** Whether the address asks for filters or a grouping (the table waits for their lists). */
export const asksForFilters = (params: URLSearchParams): boolean =>
  params.has('group') || [...params.keys()].some((name) => name.startsWith(FILTER));

/** The parameters that open a detail view over the table. */
export type DetailParameter = 'representationId' | 'responseId' | 'contactId' | 'organisationId';

/** The query that opens a detail view over the table, the table's own parameters kept. */
export function detailSearch(current: URLSearchParams, name: DetailParameter, id: string): string {
  const next = new URLSearchParams(current);
  next.set(name, id);
  return `?${next.toString()}`;
}
