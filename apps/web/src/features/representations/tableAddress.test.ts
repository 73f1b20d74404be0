import { describe, expect, it } from 'vitest';
import { contactTableFields, representationTableFields, type CustomColumn } from '@planning/shared';
import {
  asksForFilters,
  decodeTableState,
  detailSearch,
  encodeTableState,
  withTableState,
} from './tableAddress';
import { filterDefinitions, groupableFields, initialTableState, type TableState } from './tableState';

const number: CustomColumn = {
  id: '5b0d1f4e-6a43-4f1e-9d1c-3f0a7e1b2c3d',
  field: 'custom_5b0d1f4e6a434f1e9d1c3f0a7e1b2c3d',
  table: 'representations',
  name: 'Homes',
  renderType: 'number',
  renderFeature: null,
  dataType: 'number',
  options: [],
};
const context = {
  fields: representationTableFields,
  definitions: filterDefinitions(
    'representations',
    representationTableFields,
    { topics: [{ value: 't1', label: 'Housing' }] },
    [number],
  ),
  groupOptions: groupableFields(representationTableFields, [number]),
};
const CAMPAIGN = '0b6f1f9e-2c1a-4d0e-9f3b-6a1d2c3e4f50';

const full: TableState = {
  page: 3,
  search: 'flood risk',
  filters: {
    status: ['Received', 'In review'],
    received_date: { from: '2026-01-01', to: null },
    topics: ['t1'],
    has_response: false,
    [number.field]: { min: 10, max: 250.5 },
  },
  sort: { field: 'received_date', order: 'desc' },
  groupBy: 'status',
  campaign: CAMPAIGN,
};

describe('the table in the address', () => {
  it('writes every part of the state, and reads the same state back', () => {
    const params = encodeTableState(full, context);
    expect(params.toString()).toBe(
      [
        'q=flood+risk',
        'f.status=Received',
        'f.status=In+review',
        'f.received_date=2026-01-01..',
        'f.topics=t1',
        'f.has_response=no',
        `f.${number.field}=10..250.5`,
        `campaign=${CAMPAIGN}`,
        'sort=-received_date',
        'group=status',
        'page=3',
      ].join('&'),
    );
    expect(decodeTableState(new URLSearchParams(params.toString()), context)).toEqual(full);
  });

  it('leaves the table as it starts out of the address', () => {
    expect(encodeTableState(initialTableState, context).toString()).toBe('');
    expect(decodeTableState(new URLSearchParams(''), context)).toEqual(initialTableState);
  });

  it.each([
    ['page=0', 'page'],
    ['page=two', 'page'],
    ['page=-3', 'page'],
    ['sort=plain_text', 'a field that does not sort'],
    ['sort=-topics', 'a field that does not sort'],
    ['sort=reference;drop', 'not a field name'],
    ['group=reference', 'a field that does not group'],
    ['campaign=R000042', 'a campaign that is not an id'],
    [`q=${'x'.repeat(201)}`, 'a search over 200 characters'],
    ['f.status=Lost', 'a status that is not one'],
    ['f.received_date=2026-02-30..', 'a day that is not one'],
    ['f.received_date=2026-03-01..2026-02-01', 'dates the wrong way round'],
    ['f.received_date=..', 'no dates'],
    [`f.${number.field}=5..1`, 'numbers the wrong way round'],
    [`f.${number.field}=ten..`, 'not a number'],
    ['f.has_response=maybe', 'neither yes nor no'],
    ['f.password_hash=x', 'a field that does not filter'],
    ['f.reference=1', 'a field with no filter in the panel'],
  ])('ignores %s (%s)', (query) => {
    expect(decodeTableState(new URLSearchParams(query), context)).toEqual(initialTableState);
  });

  it('keeps the valid parts beside an invalid one, and the known boxes of a list', () => {
    const state = decodeTableState(
      new URLSearchParams(
        'q=%20meadow%20&page=x&f.status=Received&f.status=Lost&f.status=Received&sort=reference',
      ),
      context,
    );
    expect(state).toEqual({
      ...initialTableState,
      search: 'meadow',
      filters: { status: ['Received'] },
      sort: { field: 'reference', order: 'asc' },
    });
  });

  it('replaces the table’s parameters and keeps the detail ones', () => {
    const current = new URLSearchParams(
      `representationId=${CAMPAIGN}&q=old&page=4&f.status=Pending&sort=reference`,
    );
    const next = withTableState(
      current,
      { ...initialTableState, search: 'new', filters: { attitude: ['Oppose'] } },
      context,
    );
    expect(next.toString()).toBe(`representationId=${CAMPAIGN}&q=new&f.attitude=Oppose`);
  });

  it('keeps a filter or a grouping the table does not know yet (its list still loading)', () => {
    const loading = {
      ...context,
      definitions: context.definitions.filter((d) => d.field !== number.field),
      groupOptions: groupableFields(representationTableFields, []),
    };
    const current = new URLSearchParams(`f.${number.field}=1..&group=${number.field}&q=old`);
    const state = decodeTableState(current, loading);
    expect(state).toEqual({ ...initialTableState, search: 'old' });
    const next = withTableState(current, { ...state, search: 'new' }, loading);
    expect(decodeTableState(next, context)).toEqual({
      ...initialTableState,
      search: 'new',
      filters: { [number.field]: { min: 1, max: null } },
      groupBy: number.field,
    });
    // A grouping chosen replaces it.
    expect(withTableState(current, { ...state, groupBy: 'status' }, loading).getAll('group')).toEqual([
      'status',
    ]);
  });

  it('opens a detail view over the table as it is', () => {
    expect(detailSearch(new URLSearchParams('q=meadow&page=2'), 'representationId', CAMPAIGN)).toBe(
      `?q=meadow&page=2&representationId=${CAMPAIGN}`,
    );
    expect(detailSearch(new URLSearchParams('contactId=a'), 'contactId', 'b')).toBe('?contactId=b');
  });

  it('tells when the address asks for filters or a grouping', () => {
    expect(asksForFilters(new URLSearchParams('q=x&page=2&contactId=1'))).toBe(false);
    expect(asksForFilters(new URLSearchParams('f.status=Received'))).toBe(true);
    expect(asksForFilters(new URLSearchParams('group=status'))).toBe(true);
  });

  it('reads the contacts table by its own fields', () => {
    const contacts = {
      fields: contactTableFields,
      definitions: filterDefinitions('contacts', contactTableFields, {}, []),
      groupOptions: groupableFields(contactTableFields, []),
    };
    expect(
      decodeTableState(
        new URLSearchParams('f.organisation_name=Trust&sort=-name&group=town&f.status=Received'),
        contacts,
      ),
    ).toEqual({
      ...initialTableState,
      filters: { organisation_name: 'Trust' },
      sort: { field: 'name', order: 'desc' },
      groupBy: 'town',
    });
  });
});
