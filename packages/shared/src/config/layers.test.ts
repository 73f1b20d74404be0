import { describe, expect, it } from 'vitest';
import {
  defaultLayerConfigs,
  formatMapCardValue,
  layerIdsOf,
  layersOrderConfigSchema,
  layerTreeTooltipsConfigSchema,
  mapCardLines,
  mapMetadataCardConfigSchema,
} from './layers';
import { configSchemas } from './schemas';
import { configTypes } from './types';

const A = '0a7c3a52-7e39-4c51-9a55-5b0f3f0c1a01';
const B = '0a7c3a52-7e39-4c51-9a55-5b0f3f0c1a02';

describe('layer config documents (spec 03 §3.2, §3.3)', () => {
  it('are registered with their names, and their defaults are valid', () => {
    expect(configTypes['map-metadata-card']).toBe('Map metadata card');
    expect(configTypes['layers-order']).toBe('Layers order');
    expect(configTypes['layer-tree-tooltips']).toBe('Layer tree tooltips');
    for (const [type, config] of Object.entries(defaultLayerConfigs))
      expect(configSchemas[type as keyof typeof defaultLayerConfigs].safeParse(config).success).toBe(true);
    expect(defaultLayerConfigs['map-metadata-card']).toEqual({ fields_config: [] });
    expect(defaultLayerConfigs['layer-tree-tooltips']).toEqual({ tooltips: [] });
  });

  it.each([
    [
      'a card field without a label',
      { fields_config: [{ layerId: A, fields: [{ label: ' ', value: 'ref' }] }] },
    ],
    ['a card without fields', { fields_config: [{ layerId: A, fields: [] }] }],
    ['a layer id that is no id', { fields_config: [{ layerId: 'x', fields: [{ label: 'R', value: 'r' }] }] }],
    [
      'the same layer twice',
      {
        fields_config: [
          { layerId: A, fields: [{ label: 'R', value: 'r' }] },
          { layerId: A, fields: [{ label: 'S', value: 's' }] },
        ],
      },
    ],
  ])('refuses a map metadata card with %s', (_, config) => {
    expect(mapMetadataCardConfigSchema.safeParse(config).success).toBe(false);
  });

  it('keeps a valid card, trimming labels', () => {
    const parsed = mapMetadataCardConfigSchema.parse({
      fields_config: [
        { layerId: A, layerTheme: 'Flooding', fields: [{ label: ' Zone ', value: 'Flood Zone' }] },
      ],
    });
    expect(parsed.fields_config[0]?.fields[0]).toEqual({ label: 'Zone', value: 'Flood Zone' });
  });

  it('refuses a layer in two groups, or two groups of one name', () => {
    const twice = layersOrderConfigSchema.safeParse({
      groups: [
        { groupName: 'Flooding', layersOrder: [A] },
        { groupName: 'Heritage', layersOrder: [B, A] },
      ],
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]).toMatchObject({
      message: 'A layer appears more than once',
      path: ['groups', 1, 'layersOrder', 1],
    });
    const sameName = layersOrderConfigSchema.safeParse({
      groups: [
        { groupName: 'Flooding', layersOrder: [A] },
        { groupName: 'flooding', layersOrder: [B] },
      ],
    });
    expect(sameName.error?.issues[0]?.message).toBe('Two groups have the same name');
    expect(
      layersOrderConfigSchema.safeParse({ groups: [{ groupName: 'Empty', layersOrder: [] }] }).success,
    ).toBe(true);
  });

  it('refuses an empty tooltip and two tooltips for one layer', () => {
    expect(layerTreeTooltipsConfigSchema.safeParse({ tooltips: [{ id: A, tooltip: '  ' }] }).success).toBe(
      false,
    );
    expect(
      layerTreeTooltipsConfigSchema.safeParse({
        tooltips: [
          { id: A, tooltip: 'One' },
          { id: A, tooltip: 'Two' },
        ],
      }).success,
    ).toBe(false);
  });

  it('lists every layer id a document names, with where', () => {
    expect(
      layerIdsOf('layers-order', {
        groups: [
          { groupName: 'G', layersOrder: [A] },
          { groupName: 'H', layersOrder: [B] },
        ],
      }),
    ).toEqual([
      { id: A, path: ['groups', 0, 'layersOrder', 0] },
      { id: B, path: ['groups', 1, 'layersOrder', 0] },
    ]);
    expect(layerIdsOf('layer-tree-tooltips', { tooltips: [{ id: B, tooltip: 'T' }] })).toEqual([
      { id: B, path: ['tooltips', 0, 'id'] },
    ]);
  });
});

describe('map metadata card values', () => {
  it.each([
    [null, '-'],
    [undefined, '-'],
    ['', '-'],
    [[], '-'],
    [3.14159, '3.14'],
    [2.5, '2.50'],
    [12, '12'],
    ['007', '007'],
    [true, 'Yes'],
    [['a', 1.234], 'a, 1.23'],
  ])('shows %j as %j', (value, text) => {
    expect(formatMapCardValue(value)).toBe(text);
  });

  it('gives exactly the configured lines for a layer with an entry, else null', () => {
    const config = {
      fields_config: [
        {
          layerId: A,
          fields: [
            { label: 'Zone', value: 'zone' },
            { label: 'Area (ha)', value: 'area' },
            { label: 'Notes', value: 'notes' },
          ],
        },
      ],
    };
    const properties = { zone: 'Flood Zone 3', area: 1.23456, other: 'hidden' };
    expect(mapCardLines(config, A, properties)).toEqual([
      { label: 'Zone', text: 'Flood Zone 3' },
      { label: 'Area (ha)', text: '1.23' },
      { label: 'Notes', text: '-' },
    ]);
    expect(mapCardLines(config, B, properties)).toBeNull();
    expect(mapCardLines(undefined, A, properties)).toBeNull();
  });
});
