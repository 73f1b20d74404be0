import { describe, expect, it } from 'vitest';
import { coordinateMessages, wgs84PositionSchema } from './coordinates';
import {
  invertedRangeMessage,
  searchFiltersSchema,
  searchMessages,
  type SearchArea,
  type SearchFilter,
} from './filters';

const square: SearchArea = {
  type: 'Polygon',
  coordinates: [
    [
      [0.3, 51.2],
      [0.4, 51.2],
      [0.4, 51.3],
      [0.3, 51.3],
      [0.3, 51.2],
    ],
  ],
};

describe('searchFiltersSchema', () => {
  it('accepts every filter type of spec 03 §3.8, nested in groups', () => {
    const filters: SearchFilter[] = [
      { type: 'range', dbPropertyName: 'size_ha', value: { min: 1, max: 5 } },
      { type: 'number', dbPropertyName: 'optimised_unit_capacity', equality: 'GE', value: 10 },
      { type: 'select', dbPropertyName: 'ward', equality: 'EQ', value: 'Malling' },
      { type: 'text', dbPropertyName: 'site_name', value: 'church' },
      { type: 'dateRange', dbPropertyName: 'assessed_on', value: { from: '2025-01-01', to: '2025-12-31' } },
      { type: 'checkbox', dbPropertyName: 'public_map_visibility', value: true },
      { type: 'checkboxesList', dbPropertyName: 'accessibility_band', value: ['A', 'B'] },
      { type: 'inArray', dbPropertyName: 'tags', value: ['brownfield'] },
      { type: 'inArea', value: square },
      {
        type: 'group',
        operator: '_or',
        filters: [
          { type: 'select', dbPropertyName: 'status', equality: 'NE', value: 'Rejected' },
          { type: 'group', operator: '_and', filters: [] },
        ],
      },
    ];
    expect(searchFiltersSchema.parse(filters)).toEqual(filters);
  });

  it.each([
    ['an unknown operator', [{ type: 'number', dbPropertyName: 'size_ha', equality: 'LIKE', value: 1 }]],
    [
      'a field name with SQL in it',
      [{ type: 'text', dbPropertyName: 'site_name; drop table sites', value: 'x' }],
    ],
    ['a quoted field name', [{ type: 'text', dbPropertyName: '"site_name"', value: 'x' }]],
    ['a range upside down', [{ type: 'range', dbPropertyName: 'size_ha', value: { min: 5, max: 1 } }]],
    ['text that is too long', [{ type: 'text', dbPropertyName: 'site_name', value: 'x'.repeat(201) }]],
    [
      'a number that is a string',
      [{ type: 'number', dbPropertyName: 'size_ha', equality: 'EQ', value: '1' }],
    ],
    [
      'an unclosed ring',
      [
        {
          type: 'inArea',
          value: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [1, 1],
                [0, 1],
              ],
            ],
          },
        },
      ],
    ],
    [
      'an unclosed area ring',
      [
        {
          type: 'inArea',
          value: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 1],
              ],
            ],
          },
        },
      ],
    ],
    ['an unknown filter type', [{ type: 'regex', dbPropertyName: 'site_name', value: '.*' }]],
    ['an unknown group operator', [{ type: 'group', operator: '_xor', filters: [] }]],
    ['a date that is not one', [{ type: 'dateRange', dbPropertyName: 'd', value: { from: '31/12/2025' } }]],
  ])('rejects %s', (_label, filters) => {
    expect(searchFiltersSchema.safeParse(filters).success).toBe(false);
  });

  it('bounds the nesting depth', () => {
    let nested: SearchFilter = { type: 'text', dbPropertyName: 'site_name', value: 'x' };
    for (let i = 0; i < 6; i += 1) nested = { type: 'group', operator: '_and', filters: [nested] };
    const result = searchFiltersSchema.safeParse([nested]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Filter groups may be nested at most 5 deep');
  });
});

describe('search area coordinates', () => {
  const areaAt = (corner: [number, number]): SearchFilter[] => {
    const [lon, lat] = corner;
    const ring: [number, number][] = [corner, [lon, lat - 1], [lon - 1, lat - 1], corner];
    return [{ type: 'inArea', value: { type: 'Polygon', coordinates: [ring] } }];
  };
  const messages = (filters: SearchFilter[]) =>
    searchFiltersSchema.safeParse(filters).error?.issues.map((issue) => issue.message) ?? [];

  it('takes the whole of WGS84, edges included, and nothing beyond it', () => {
    expect(messages(areaAt([180, 90]))).toEqual([]);
    expect(messages(areaAt([-179, -89]))).toEqual([]);
    expect(wgs84PositionSchema.safeParse([180.000001, 0]).success).toBe(false);
    // NaN and Infinity cannot come through JSON, but the rule holds should they arrive otherwise.
    expect(wgs84PositionSchema.safeParse([Number.NaN, 0]).success).toBe(false);
    expect(wgs84PositionSchema.safeParse([0, Number.POSITIVE_INFINITY]).success).toBe(false);
  });

  it.each([
    ['[400, 200]', [400, 200], [coordinateMessages.longitude, coordinateMessages.latitude]],
    ['1e308', [1e308, 1e308], [coordinateMessages.longitude, coordinateMessages.latitude]],
    ['a latitude of 90.5', [10, 90.5], [coordinateMessages.latitude]],
  ] as const)('refuses %s, saying which coordinate is wrong', (_label, corner, expected) => {
    expect(new Set(messages(areaAt([...corner])))).toEqual(new Set(expected));
  });
});

describe('invertedRangeMessage', () => {
  it('names a range or date range whose ends are the wrong way round, and nothing else', () => {
    expect(invertedRangeMessage('range', { min: 5, max: 1 })).toBe(searchMessages.rangeInverted);
    expect(invertedRangeMessage('range', { min: 1, max: 1 })).toBeNull();
    expect(invertedRangeMessage('range', { min: 5, max: null })).toBeNull();
    expect(invertedRangeMessage('range', { min: 0, max: -1 })).toBe(searchMessages.rangeInverted);
    expect(invertedRangeMessage('dateRange', { from: '2024-02-01', to: '2024-01-31' })).toBe(
      searchMessages.datesInverted,
    );
    expect(invertedRangeMessage('dateRange', { from: '2024-01-31', to: null })).toBeNull();
    expect(invertedRangeMessage('range', undefined)).toBeNull();
  });
});
