import { describe, expect, it } from 'vitest';
import {
  filtersFromValues,
  searchFiltersSchema,
  type FilterValues,
  type SearchFilter,
  type SiteSearchConfig,
} from '@planning/shared';
import { panelFiltersOf, sameFilters, storedFiltersOf } from './mapSiteFilters';

const config: SiteSearchConfig = {
  filters: [
    { type: 'text', dbPropertyName: 'site_name', label: 'Site name', placeholder: 'Name' },
    { type: 'range', dbPropertyName: 'size_ha', label: 'Area' },
    { type: 'number', dbPropertyName: 'capacity', label: 'Capacity', min: 0, max: 10, equality: 'GE' },
    { type: 'checkboxesList', dbPropertyName: 'ward', label: 'Ward' },
    { type: 'checkbox', dbPropertyName: 'public', label: 'Public' },
    { type: 'inArray', dbPropertyName: 'tags', label: 'Tags' },
    { type: 'overlapsLayer', dbPropertyName: 'overlap_flood', layerName: 'flood_zone_3', label: 'Flood' },
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

/** Filters as the server hands them back: through the schema and JSON. */
const stored = (filters: SearchFilter[]) =>
  searchFiltersSchema.parse(JSON.parse(JSON.stringify(filters))) as SearchFilter[];

describe("a map block's filters in the site search's panel", () => {
  const cases: Array<[string, FilterValues]> = [
    ['text', { site_name: 'Mill' }],
    ['range', { size_ha: { min: 1, max: null } }],
    ['number', { capacity: 4 }],
    ['checkbox list', { ward: ['Ditton', 'Aylesford'] }],
    ['checkbox', { public: true }],
    ['in array', { tags: ['brownfield'] }],
    ['overlaps a layer', { overlap_flood: 25 }],
    ['a group', { status: 'Allocated', submitted: { from: '2024-01-01', to: null } }],
    ['all together', { site_name: 'Mill', ward: ['Ditton'], public: true, status: 'Allocated' }],
  ];
  it.each(cases)(
    'shows stored %s filters as the values that made them, and stores them again',
    (_, values) => {
      const filters = stored(filtersFromValues(config, values));
      const panel = panelFiltersOf(config, filters);
      expect(panel).toEqual({ values, others: [] });
      expect(sameFilters(storedFiltersOf(config, panel)!, filters)).toBe(true);
    },
  );

  it('keeps the filters the panel cannot show as they are, whatever it changes', () => {
    const area: SearchFilter = {
      type: 'inArea',
      value: {
        type: 'Polygon',
        coordinates: [
          [
            [0.4, 51.3],
            [0.5, 51.3],
            [0.5, 51.4],
            [0.4, 51.3],
          ],
        ],
      },
    };
    const unknownField: SearchFilter = {
      type: 'checkboxesList',
      dbPropertyName: 'parish',
      value: ['Leybourne'],
    };
    const otherKind: SearchFilter = {
      type: 'select',
      dbPropertyName: 'ward',
      equality: 'EQ',
      value: 'Ditton',
    };
    const excluding: SearchFilter = {
      type: 'text',
      dbPropertyName: 'site_name',
      equality: 'NE',
      value: 'Farm',
    };
    const otherComparison: SearchFilter = {
      type: 'number',
      dbPropertyName: 'capacity',
      equality: 'LT',
      value: 3,
    };
    const others = [area, unknownField, otherKind, excluding, otherComparison];
    const ward: SearchFilter = { type: 'checkboxesList', dbPropertyName: 'ward', value: ['Ditton'] };
    const panel = panelFiltersOf(config, stored([ward, ...others]));
    expect(panel.values).toEqual({ ward: ['Ditton'] });
    expect(panel.others).toEqual(stored(others));
    const changed = storedFiltersOf(config, { ...panel, values: { public: true } });
    expect(changed).toEqual([{ type: 'checkbox', dbPropertyName: 'public', value: true }, ...stored(others)]);
  });

  it('takes a field set twice once; the second filter is kept as it is', () => {
    const first: SearchFilter = { type: 'checkboxesList', dbPropertyName: 'ward', value: ['Ditton'] };
    const second: SearchFilter = { type: 'checkboxesList', dbPropertyName: 'ward', value: ['Aylesford'] };
    expect(panelFiltersOf(config, [first, second])).toEqual({
      values: { ward: ['Ditton'] },
      others: [second],
    });
  });

  it('stores nothing when nothing is chosen, and compares filters whatever their keys’ order', () => {
    expect(storedFiltersOf(config, { values: { ward: [], site_name: '' }, others: [] })).toBeUndefined();
    expect(panelFiltersOf(config, [])).toEqual({ values: {}, others: [] });
    expect(
      sameFilters(
        [{ type: 'text', dbPropertyName: 'site_name', value: 'Mill' }],
        [{ value: 'Mill', dbPropertyName: 'site_name', type: 'text' }],
      ),
    ).toBe(true);
    expect(
      sameFilters(
        [{ type: 'text', dbPropertyName: 'site_name', value: 'Mill' }],
        [{ type: 'text', dbPropertyName: 'site_name', value: 'Mills' }],
      ),
    ).toBe(false);
  });
});
