import { describe, expect, it } from 'vitest';
import { searchFilterSchema, searchFiltersSchema } from '../search/filters';
import { clampColumnWidth } from '../search/schemas';
import {
  describeFilterValues,
  filtersFromValues,
  formatCardValue,
  siteSearchConfigSchema,
  type SiteSearchConfig,
} from './siteSearch';

const config: SiteSearchConfig = {
  filters: [
    { type: 'text', dbPropertyName: 'site_name', label: 'Site name', placeholder: 'Name', maxLength: 5 },
    { type: 'range', dbPropertyName: 'size_ha', label: 'Area' },
    { type: 'number', dbPropertyName: 'capacity', label: 'Capacity', min: 0, max: 10, equality: 'GE' },
    { type: 'checkboxesList', dbPropertyName: 'ward', label: 'Ward' },
    { type: 'checkbox', dbPropertyName: 'public', label: 'Public' },
    {
      type: 'inArray',
      dbPropertyName: 'tags',
      label: 'Tags',
      options: [
        { label: 'Brownfield', value: 'brownfield' },
        { label: 'Green belt', value: 'green-belt' },
      ],
    },
    {
      type: 'group',
      label: 'Either',
      operator: '_or',
      filters: [
        { type: 'select', dbPropertyName: 'status', label: 'Status' },
        { type: 'dateRange', dbPropertyName: 'submitted', label: 'Submitted' },
      ],
    },
  ],
};

describe('filtersFromValues', () => {
  it('sends nothing for an untouched panel', () => {
    expect(filtersFromValues(config, {})).toEqual([]);
    expect(
      filtersFromValues(config, {
        site_name: '  ',
        ward: [],
        public: false,
        tags: [],
        size_ha: { min: null, max: null },
      }),
    ).toEqual([]);
  });

  it('turns each filled control into the filter the search takes, groups kept', () => {
    const filters = filtersFromValues(config, {
      site_name: ' Land north ',
      size_ha: { min: 1 },
      capacity: 4,
      ward: ['Ditton', 'Burham'],
      public: true,
      tags: ['brownfield', 'green-belt'],
      status: 'Allocated',
    });
    expect(filters).toEqual([
      { type: 'text', dbPropertyName: 'site_name', value: 'Land ' },
      { type: 'range', dbPropertyName: 'size_ha', value: { min: 1, max: null } },
      { type: 'number', dbPropertyName: 'capacity', equality: 'GE', value: 4 },
      { type: 'checkboxesList', dbPropertyName: 'ward', value: ['Ditton', 'Burham'] },
      { type: 'checkbox', dbPropertyName: 'public', value: true },
      { type: 'inArray', dbPropertyName: 'tags', value: ['brownfield', 'green-belt'] },
      {
        type: 'group',
        operator: '_or',
        filters: [{ type: 'select', dbPropertyName: 'status', equality: 'EQ', value: 'Allocated' }],
      },
    ]);
    expect(searchFiltersSchema.safeParse(filters).success).toBe(true);
  });

  it('lets a filled control marked overwriteSearchFilters replace the others', () => {
    const overriding: SiteSearchConfig = {
      filters: [
        ...config.filters,
        {
          type: 'text',
          dbPropertyName: 'helaa_reference',
          label: 'Ref',
          placeholder: 'Ref',
          overwriteSearchFilters: true,
        },
      ],
    };
    expect(filtersFromValues(overriding, { ward: ['Ditton'], helaa_reference: 'DB-1' })).toEqual([
      { type: 'text', dbPropertyName: 'helaa_reference', value: 'DB-1' },
    ]);
  });
});

describe('Site search config rules (spec 03 §5)', () => {
  it('needs min, max and equality on number filters and a placeholder on text filters', () => {
    const number = siteSearchConfigSchema.safeParse({
      filters: [{ type: 'number', dbPropertyName: 'x', label: 'X', min: 0 }],
    });
    expect(number.success).toBe(false);
    const text = siteSearchConfigSchema.safeParse({
      filters: [{ type: 'text', dbPropertyName: 'x', label: 'X' }],
    });
    expect(text.success).toBe(false);
  });

  it('takes an in-array filter with its options listed, or left to the server', () => {
    const bare = siteSearchConfigSchema.safeParse({
      filters: [{ type: 'inArray', dbPropertyName: 'tags', label: 'Tags' }],
    });
    expect(bare.success).toBe(true);
    const empty = siteSearchConfigSchema.safeParse({
      filters: [{ type: 'inArray', dbPropertyName: 'tags', label: 'Tags', options: [] }],
    });
    expect(empty.success).toBe(false);
    const listed = siteSearchConfigSchema.safeParse({
      filters: [
        {
          type: 'inArray',
          dbPropertyName: 'tags',
          label: 'Tags',
          description: 'Sites with any of the chosen tags',
          options: [{ label: 'Brownfield', value: 'brownfield' }],
        },
      ],
    });
    expect(listed.success).toBe(true);
  });
});

describe('formatCardValue', () => {
  it('applies prefix, decimals, thousands separator and unit', () => {
    expect(formatCardValue(1234567.891, { formatting: { decimals: 2, thousandsSeparator: true } })).toBe(
      '1,234,567.89',
    );
    expect(formatCardValue('2500', { prefix: '£', formatting: { thousandsSeparator: true } })).toBe('£2,500');
    expect(formatCardValue(3.14159, { measurement: 'ha', formatting: { decimals: 1 } })).toBe('3.1 ha');
    expect(formatCardValue(-1200, { formatting: { thousandsSeparator: true } })).toBe('-1,200');
  });

  it("shows '-' for an empty value and words for booleans and lists", () => {
    expect(formatCardValue(null, { measurement: 'ha' })).toBe('-');
    expect(formatCardValue('', {})).toBe('-');
    expect(formatCardValue(true, {})).toBe('Yes');
    expect(formatCardValue(['a', 'b'], {})).toBe('a, b');
  });
});

describe('clampColumnWidth', () => {
  it('keeps grid columns between 125 and 400 px', () => {
    expect(clampColumnWidth(40)).toBe(125);
    expect(clampColumnWidth(250.4)).toBe(250);
    expect(clampColumnWidth(9000)).toBe(400);
  });
});

describe('describeFilterValues', () => {
  it('names every filled-in filter and what it keeps, in the config order, options by their labels', () => {
    expect(
      describeFilterValues(config, {
        submitted: { from: '2024-01-01', to: null },
        tags: ['green-belt', 'brownfield'],
        site_name: '  Mill ',
        size_ha: { min: 1, max: 5 },
        capacity: 10,
        ward: [],
        public: true,
        status: 'Allocated',
      }),
    ).toEqual([
      { dbPropertyName: 'site_name', label: 'Site name', text: '“Mill”' },
      { dbPropertyName: 'size_ha', label: 'Area', text: '1 – 5' },
      { dbPropertyName: 'capacity', label: 'Capacity', text: 'at least 10' },
      { dbPropertyName: 'public', label: 'Public', text: 'Yes' },
      { dbPropertyName: 'tags', label: 'Tags', text: 'Green belt, Brownfield' },
      { dbPropertyName: 'status', label: 'Status', text: 'Allocated' },
      { dbPropertyName: 'submitted', label: 'Submitted', text: 'from 2024-01-01' },
    ]);
  });

  it('says one-sided ranges as such, and nothing for blank values', () => {
    expect(describeFilterValues(config, { size_ha: { min: null, max: 3 } })).toEqual([
      { dbPropertyName: 'size_ha', label: 'Area', text: 'up to 3' },
    ]);
    expect(
      describeFilterValues(config, { size_ha: { min: null, max: null }, site_name: '', public: false }),
    ).toEqual([]);
  });
});

describe('the overlapsLayer filter (issue 13 point 5)', () => {
  const config = siteSearchConfigSchema.parse({
    filters: [
      {
        type: 'overlapsLayer',
        dbPropertyName: 'overlap_flood',
        layerName: 'flood_zone',
        label: 'Flood zone',
      },
    ],
  });
  it('sends the layer and the least share, kept between 0 and 100, and says so', () => {
    expect(filtersFromValues(config, { overlap_flood: 25 })).toEqual([
      { type: 'overlapsLayer', layerName: 'flood_zone', value: 25 },
    ]);
    expect(filtersFromValues(config, { overlap_flood: 140 })).toEqual([
      { type: 'overlapsLayer', layerName: 'flood_zone', value: 100 },
    ]);
    expect(filtersFromValues(config, { overlap_flood: null })).toEqual([]);
    expect(describeFilterValues(config, { overlap_flood: 25 })).toEqual([
      { dbPropertyName: 'overlap_flood', label: 'Flood zone', text: 'at least 25 % of the site' },
    ]);
  });
  it('refuses a share outside 0–100 and a layer name that is not one', () => {
    expect(
      searchFilterSchema.safeParse({ type: 'overlapsLayer', layerName: 'flood_zone', value: 101 }).success,
    ).toBe(false);
    expect(
      searchFilterSchema.safeParse({ type: 'overlapsLayer', layerName: 'Flood Zone', value: 5 }).success,
    ).toBe(false);
    expect(
      searchFilterSchema.safeParse({ type: 'overlapsLayer', layerName: 'flood_zone', value: 0 }).success,
    ).toBe(true);
  });
});
