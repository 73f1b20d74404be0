import {
  REPRESENTATION_LIMITS,
  type CustomColumn,
  type SearchFilter,
  type TableField,
  type TableQuery,
} from '@planning/shared';

/**
 * The manager's tables as state (page, search, filters, sort, grouping) and the table query the
 * server reads from it (spec 02 §3 Table query). Pure, so the rules are tested without a browser.
 */

export const PAGE_SIZE = REPRESENTATION_LIMITS.pageSize;

/**
 * Spec 02 §4 Tables: the current page is clamped down when the total shrinks (the last rows of the
 * last page deleted), so the table never shows an empty page past the end.
 */
export function clampPage(page: number, total: number, pageSize: number = PAGE_SIZE): number {
  const last = Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
  return Math.min(Math.max(1, Math.floor(page)), last);
}

export type Option = { value: string; label: string };

/** One filter the panel offers; its control follows from the field's kind. */
export type FilterDefinition =
  | {
      field: string;
      label: string;
      control: 'checkboxes';
      options: readonly Option[];
      filterType: 'checkboxesList' | 'inArray';
    }
  | { field: string; label: string; control: 'dateRange' }
  | { field: string; label: string; control: 'yesNo' }
  | { field: string; label: string; control: 'text' }
  | { field: string; label: string; control: 'numberRange' };

export type FilterValue =
  | string[]
  | { from?: string | null; to?: string | null }
  | { min?: number | null; max?: number | null }
  | boolean
  | string
  | null;
export type FilterValues = Record<string, FilterValue | undefined>;

export type TableSort = { field: string; order: 'asc' | 'desc' } | null;

export type TableState = {
  page: number;
  search: string;
  filters: FilterValues;
  sort: TableSort;
  groupBy: string | null;
  /** One campaign's letters only (its badge was pressed): the campaign's id (`campaign_id`). */
  campaign: string | null;
};

export const initialTableState: TableState = {
  page: 1,
  search: '',
  filters: {},
  sort: null,
  groupBy: null,
  campaign: null,
};

const optionsOf = (values: readonly string[], labels?: Record<string, string>): Option[] =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));

/** The fields of the table a filter is offered for, in the panel's order. */
const filteredFields: Record<'representations' | 'contacts' | 'organisations', readonly string[]> = {
  representations: [
    'status',
    'attitude',
    'correspondence_type',
    'consultation_event_id',
    'received_date',
    'topics',
    'has_response',
    'campaign',
  ],
  contacts: ['contact_type', 'organisation_name', 'town'],
  organisations: ['organisation_type', 'country', 'town'],
};

/** Option lists the server knows and the table fields do not (events, topics). */
export type DynamicOptions = { consultation_event_id?: readonly Option[]; topics?: readonly Option[] };

/** Labels of fixed option values that are not words people read (contact types). */
const optionLabels: Record<string, Record<string, string>> = {
  contact_type: { individual: 'Individual', organisation: 'Organisation contact', agent: 'Agent' },
  representee_type: { organisation: 'Organisation', privateIndividual: 'Private individual' },
};

/** The filter panel of a table: its own fields from the shared table fields, then custom columns. */
export function filterDefinitions(
  table: 'representations' | 'contacts' | 'organisations',
  fields: readonly TableField[],
  dynamic: DynamicOptions,
  columns: readonly CustomColumn[],
): FilterDefinition[] {
  const definitions: FilterDefinition[] = [];
  for (const name of filteredFields[table]) {
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) continue;
    const label = field.label;
    const fixed = field.options ? optionsOf(field.options, optionLabels[name]) : undefined;
    const known = dynamic[name as keyof DynamicOptions];
    // A list with nothing to tick (no topics yet) is not offered.
    if ((field.kind === 'select' || field.kind === 'array') && (fixed ?? known)?.length === 0) continue;
    if (field.kind === 'select' && (fixed || known))
      definitions.push({
        field: name,
        label,
        control: 'checkboxes',
        options: fixed ?? known ?? [],
        filterType: 'checkboxesList',
      });
    else if (field.kind === 'array' && known)
      definitions.push({ field: name, label, control: 'checkboxes', options: known, filterType: 'inArray' });
    else if (field.kind === 'date') definitions.push({ field: name, label, control: 'dateRange' });
    else if (field.kind === 'boolean') definitions.push({ field: name, label, control: 'yesNo' });
    else if (field.kind === 'text') definitions.push({ field: name, label, control: 'text' });
    else if (field.kind === 'number') definitions.push({ field: name, label, control: 'numberRange' });
  }
  for (const column of columns) definitions.push(customFilter(column));
  return definitions;
}

function customFilter(column: CustomColumn): FilterDefinition {
  const base = { field: column.field, label: column.name };
  switch (column.dataType) {
    case 'checkbox':
      return { ...base, control: 'yesNo' };
    case 'singleSelect':
      return {
        ...base,
        control: 'checkboxes',
        options: optionsOf(column.options.map((o) => o.value)),
        filterType: 'checkboxesList',
      };
    case 'multiSelect':
      return {
        ...base,
        control: 'checkboxes',
        options: optionsOf(column.options.map((o) => o.value)),
        filterType: 'inArray',
      };
    case 'date':
      return { ...base, control: 'dateRange' };
    case 'number':
    case 'percentage':
    case 'currency':
      return { ...base, control: 'numberRange' };
    default:
      return { ...base, control: 'text' };
  }
}

/** The search filters a panel's values stand for; empty values are no filter. */
export function buildFilters(definitions: readonly FilterDefinition[], values: FilterValues): SearchFilter[] {
  const filters: SearchFilter[] = [];
  for (const definition of definitions) {
    const value = values[definition.field];
    if (value === undefined || value === null) continue;
    const dbPropertyName = definition.field;
    switch (definition.control) {
      case 'checkboxes':
        if (Array.isArray(value) && value.length > 0)
          filters.push(
            definition.filterType === 'inArray'
              ? { type: 'inArray', dbPropertyName, value }
              : { type: 'checkboxesList', dbPropertyName, value },
          );
        break;
      case 'dateRange':
        if (typeof value === 'object' && !Array.isArray(value) && ('from' in value || 'to' in value)) {
          const from = value.from || null;
          const to = value.to || null;
          if (from || to) filters.push({ type: 'dateRange', dbPropertyName, value: { from, to } });
        }
        break;
      case 'numberRange':
        if (typeof value === 'object' && !Array.isArray(value) && ('min' in value || 'max' in value)) {
          const min = value.min ?? null;
          const max = value.max ?? null;
          if (min !== null || max !== null)
            filters.push({ type: 'range', dbPropertyName, value: { min, max } });
        }
        break;
      case 'yesNo':
        if (typeof value === 'boolean') filters.push({ type: 'checkbox', dbPropertyName, value });
        break;
      case 'text':
        if (typeof value === 'string' && value.trim() !== '')
          filters.push({ type: 'text', dbPropertyName, value: value.trim() });
        break;
    }
  }
  return filters;
}

/** How many filters are set (the Filters button's count). */
export const activeFilterCount = (definitions: readonly FilterDefinition[], values: FilterValues): number =>
  buildFilters(definitions, values).length;

/**
 * The table query of a state: 20 rows a page from the page's offset, the search trimmed, the sort
 * (if any), and with a grouping the one group being read (its rows are paged like the table's).
 */
export function buildTableQuery(
  state: TableState,
  definitions: readonly FilterDefinition[],
  group?: { value: string | number | boolean | null; page: number },
): TableQuery {
  const page = group ? group.page : state.page;
  const search = state.search.trim();
  return {
    limit: PAGE_SIZE,
    offset: (Math.max(1, page) - 1) * PAGE_SIZE,
    filter: [
      ...buildFilters(definitions, state.filters),
      ...(state.campaign ? [campaignFilter(state.campaign)] : []),
    ],
    sort: state.sort ? [state.sort] : [],
    ...(search ? { search } : {}),
    ...(state.groupBy ? { groupBy: state.groupBy } : {}),
    ...(state.groupBy && group ? { groupValue: group.value } : {}),
  };
}

/** The fields a table may group by (the shared table fields' allow-list, then custom columns). */
export function groupableFields(fields: readonly TableField[], columns: readonly CustomColumn[]): Option[] {
  const own = fields
    .filter((field) => field.groupable)
    // Two fields share a label ('Event' by id and by name): the groupable one is the one offered.
    .map((field) => ({ value: field.name, label: field.label }));
  const custom = columns
    .filter((column) => ['checkbox', 'singleSelect', 'text', 'date', 'number'].includes(column.dataType))
    .map((column) => ({ value: column.field, label: column.name }));
  return [...own, ...custom];
}

/** Whether a column may be sorted by clicking its heading (the server's allow-list). */
export const isSortable = (fields: readonly TableField[], name: string): boolean =>
  fields.some((field) => field.name === name && field.sortable);

/** antd's sorter answer as our sort; a third click (no order) clears it. */
export function sortFromTable(columnKey: unknown, order: 'ascend' | 'descend' | null | undefined): TableSort {
  if (typeof columnKey !== 'string' || !order) return null;
  return { field: columnKey, order: order === 'descend' ? 'desc' : 'asc' };
}

/** A state change that changes which rows match starts again from the first page. */
export function withFilters(state: TableState, filters: FilterValues): TableState {
  return { ...state, filters, page: 1 };
}

export function withSearch(state: TableState, search: string): TableState {
  return { ...state, search, page: 1 };
}

export function withGroupBy(state: TableState, groupBy: string | null): TableState {
  return { ...state, groupBy, page: 1 };
}

export function withSort(state: TableState, sort: TableSort): TableState {
  return { ...state, sort, page: 1 };
}

/** A campaign badge's filter: the letters of one near-duplicate group, by the group's id. */
export const campaignFilter = (campaignId: string): SearchFilter => ({
  type: 'select',
  dbPropertyName: 'campaign_id',
  equality: 'EQ',
  value: campaignId,
});

export function withCampaign(state: TableState, campaign: TableState['campaign']): TableState {
  return { ...state, campaign, page: 1 };
}
