import { describe, expect, it } from 'vitest';
import { representationTableFields, type CustomColumn } from '@planning/shared';
import {
  buildFilters,
  buildTableQuery,
  clampPage,
  filterDefinitions,
  groupableFields,
  initialTableState,
  sortFromTable,
  withCampaign,
  withFilters,
  withSort,
} from './tableState';

describe('clampPage', () => {
  it.each([
    // page, total, expected
    [1, 0, 1],
    [1, 20, 1],
    [2, 21, 2],
    // The last row of page 3 deleted: 40 rows fill two pages.
    [3, 40, 2],
    [3, 41, 3],
    // Everything deleted: page 1, never page 0.
    [5, 0, 1],
    [0, 100, 1],
    [-2, 100, 1],
  ])('page %i of %i rows is page %i', (page, total, expected) => {
    expect(clampPage(page, total)).toBe(expected);
  });

  it('takes another page size', () => {
    expect(clampPage(4, 25, 10)).toBe(3);
  });
});

const column: CustomColumn = {
  id: '5b0d1f4e-6a43-4f1e-9d1c-3f0a7e1b2c3d',
  field: 'custom_5b0d1f4e6a434f1e9d1c3f0a7e1b2c3d',
  table: 'representations',
  name: 'Priority',
  renderType: 'singleSelect',
  renderFeature: null,
  dataType: 'singleSelect',
  options: [{ value: 'High' }, { value: 'Low' }],
};

const definitions = filterDefinitions(
  'representations',
  representationTableFields,
  {
    consultation_event_id: [{ value: 'e1', label: 'Local plan' }],
    topics: [{ value: 't1', label: 'Housing' }],
  },
  [column],
);

describe('filterDefinitions', () => {
  it('offers the spec’s filters, then the custom columns', () => {
    expect(definitions.map((definition) => [definition.field, definition.control])).toEqual([
      ['status', 'checkboxes'],
      ['attitude', 'checkboxes'],
      ['correspondence_type', 'checkboxes'],
      ['consultation_event_id', 'checkboxes'],
      ['received_date', 'dateRange'],
      ['topics', 'checkboxes'],
      ['has_response', 'yesNo'],
      ['campaign', 'yesNo'],
      [column.field, 'checkboxes'],
    ]);
  });

  it('lists the eight statuses in order', () => {
    const status = definitions[0]!;
    expect(status.control === 'checkboxes' && status.options.map((option) => option.value)).toEqual([
      'Received',
      'Acknowledged',
      'Pending',
      'In review',
      'Reviewed',
      'Response drafted',
      'Response approved',
      'Response sent',
    ]);
  });

  it('leaves out a filter whose options are not known yet (events still loading)', () => {
    const fields = filterDefinitions('representations', representationTableFields, {}, []).map(
      (d) => d.field,
    );
    expect(fields).not.toContain('consultation_event_id');
    expect(fields).not.toContain('topics');
  });
});

describe('buildFilters', () => {
  it('turns each filled control into the search filter the server reads', () => {
    expect(
      buildFilters(definitions, {
        status: ['Received', 'Pending'],
        attitude: [],
        received_date: { from: '2026-01-01', to: null },
        topics: ['t1'],
        has_response: false,
        campaign: undefined,
        [column.field]: ['High'],
      }),
    ).toEqual([
      { type: 'checkboxesList', dbPropertyName: 'status', value: ['Received', 'Pending'] },
      { type: 'dateRange', dbPropertyName: 'received_date', value: { from: '2026-01-01', to: null } },
      { type: 'inArray', dbPropertyName: 'topics', value: ['t1'] },
      { type: 'checkbox', dbPropertyName: 'has_response', value: false },
      { type: 'checkboxesList', dbPropertyName: column.field, value: ['High'] },
    ]);
  });

  it('drops empty values: no boxes ticked, no dates, blank text', () => {
    expect(buildFilters(definitions, { status: [], received_date: { from: '', to: null } })).toEqual([]);
  });
});

describe('buildTableQuery', () => {
  it('asks for 20 rows from the page’s offset, with the search trimmed', () => {
    const state = { ...initialTableState, page: 3, search: '  flood  ' };
    expect(buildTableQuery(state, definitions)).toEqual({
      limit: 20,
      offset: 40,
      filter: [],
      sort: [],
      search: 'flood',
    });
  });

  it('sends the sort, the grouping and a group’s own page', () => {
    const state = {
      ...initialTableState,
      page: 4,
      sort: { field: 'received_date', order: 'desc' as const },
      groupBy: 'status',
    };
    expect(buildTableQuery(state, definitions)).toMatchObject({
      offset: 60,
      groupBy: 'status',
      sort: [{ field: 'received_date', order: 'desc' }],
    });
    expect(buildTableQuery(state, definitions, { value: 'Pending', page: 2 })).toMatchObject({
      offset: 20,
      groupBy: 'status',
      groupValue: 'Pending',
    });
    expect(buildTableQuery(state, definitions, { value: null, page: 1 })).toMatchObject({ groupValue: null });
  });

  it('narrows to one campaign when its badge is pressed', () => {
    const campaign = '0b6f1f9e-2c1a-4d0e-9f3b-6a1d2c3e4f50';
    const state = withCampaign({ ...initialTableState, page: 2 }, campaign);
    expect(state.page).toBe(1);
    expect(buildTableQuery(state, definitions).filter).toEqual([
      { type: 'select', dbPropertyName: 'campaign_id', equality: 'EQ', value: campaign },
    ]);
  });

  it('goes back to page 1 when the filters or sort change', () => {
    const state = { ...initialTableState, page: 5 };
    expect(withFilters(state, { status: ['Pending'] }).page).toBe(1);
    expect(withSort(state, { field: 'reference', order: 'asc' }).page).toBe(1);
  });
});

describe('sortFromTable', () => {
  it('reads antd’s sorter, and a cleared one as no sort', () => {
    expect(sortFromTable('reference', 'ascend')).toEqual({ field: 'reference', order: 'asc' });
    expect(sortFromTable('received_date', 'descend')).toEqual({ field: 'received_date', order: 'desc' });
    expect(sortFromTable('reference', undefined)).toBeNull();
    expect(sortFromTable(undefined, 'ascend')).toBeNull();
  });
});

describe('groupableFields', () => {
  it('offers the allow-listed fields and the custom columns that group', () => {
    const options = groupableFields(representationTableFields, [column]).map((option) => option.value);
    expect(options).toContain('status');
    expect(options).toContain(column.field);
    expect(options).not.toContain('reference');
  });
});
