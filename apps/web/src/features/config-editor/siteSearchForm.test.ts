import { describe, expect, it } from 'vitest';
import { siteSearchConfigSchema, type SiteField } from '@planning/shared';
import { changeFilterType, filterTypesFor, newFilter, optionsFromField, withField } from './siteSearchForm';

const field = (over: Partial<SiteField>): SiteField => ({
  name: 'capacity',
  label: 'Capacity',
  fieldType: 'number',
  unit: null,
  decimals: null,
  min: 0,
  max: 900,
  options: null,
  filterable: true,
  sortable: true,
  ...over,
});

const valid = (filter: unknown) => siteSearchConfigSchema.safeParse({ filters: [filter] }).success;

describe('the filter builder', () => {
  it('offers the types a field suits, best first', () => {
    expect(filterTypesFor(field({}))[0]).toBe('range');
    expect(filterTypesFor(field({ fieldType: 'switch' }))).toEqual(['checkbox']);
    expect(filterTypesFor(field({ fieldType: 'tags' }))).toEqual(['inArray']);
    expect(filterTypesFor(undefined)).not.toContain('group');
  });

  it('makes a new filter on a field that the shared schema accepts', () => {
    const filter = newFilter(field({ unit: 'ha' }));
    expect(filter).toEqual({ type: 'range', dbPropertyName: 'capacity', label: 'Capacity', unit: 'ha' });
    expect(valid(filter)).toBe(true);
  });

  it('adds what a type needs (spec 03 §5: number: min, max, equality; text: placeholder)', () => {
    const number = changeFilterType(newFilter(field({})), 'number', field({}));
    expect(number).toMatchObject({ min: 0, max: 900, equality: 'GE' });
    expect(valid(number)).toBe(true);
    const text = changeFilterType(
      newFilter(field({ name: 'site_name', label: 'Site name', fieldType: 'text.small' })),
      'text',
    );
    expect(text.placeholder).toBe('Search site name');
    expect(valid(text)).toBe(true);
  });

  it('keeps the label and field, drops what the old type alone had', () => {
    const number = changeFilterType(
      {
        type: 'number',
        dbPropertyName: 'capacity',
        label: 'Capacity',
        min: 1,
        max: 5,
        equality: 'LT',
        description: 'Homes',
      },
      'checkbox',
    );
    expect(number).toEqual({
      type: 'checkbox',
      dbPropertyName: 'capacity',
      label: 'Capacity',
      description: 'Homes',
    });
  });

  it('carries options between the list types, and a group has no field', () => {
    const options = [{ label: 'Yes', value: 'yes' }];
    expect(
      changeFilterType({ type: 'select', dbPropertyName: 'status', label: 'S', options }, 'checkboxesList'),
    ).toMatchObject({
      options,
    });
    const group = changeFilterType({ type: 'checkbox', dbPropertyName: 'flag', label: 'Flags' }, 'group');
    expect(group).toEqual({ type: 'group', label: 'Flags', operator: '_and', filters: [] });
  });

  it('names the field chosen, and labels the filter only when it has no label yet', () => {
    expect(withField({ type: 'text', label: '' }, field({}))).toMatchObject({
      dbPropertyName: 'capacity',
      label: 'Capacity',
    });
    expect(withField({ type: 'text', label: 'Homes' }, field({}))).toMatchObject({ label: 'Homes' });
    expect(withField({}, { name: 'unknown_field' })).toMatchObject({ label: 'unknown_field' });
  });

  it("turns a field's values into options", () => {
    expect(optionsFromField(field({ options: ['a', 'b'] }))).toEqual([
      { label: 'a', value: 'a' },
      { label: 'b', value: 'b' },
    ]);
  });
});
