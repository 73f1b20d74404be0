import { describe, expect, it } from 'vitest';
import type { Layer } from '@planning/shared';
import { orderLayerGroups, tooltipsById, type LayerGroup } from './layerOrder';

const layer = (id: string): Layer =>
  ({ id, title: id.replace(/-/g, ' '), tags: [], fields: [], version: 1 }) as unknown as Layer;
const [floodZones, surfaceWater, listedBuildings, conservation, greenBelt, wards] = [
  'flood-zones',
  'surface-water',
  'listed-buildings',
  'conservation-areas',
  'green-belt',
  'wards',
].map(layer) as [Layer, Layer, Layer, Layer, Layer, Layer];

// The tree as /layers/grouped gives it: themes in their order, then the layers without a theme.
const themes: LayerGroup[] = [
  { title: 'Flooding', layers: [floodZones, surfaceWater] },
  { title: 'Heritage', layers: [listedBuildings, conservation] },
  { title: 'Other layers', layers: [greenBelt, wards] },
];
const shape = (groups: LayerGroup[]) => groups.map((group) => [group.title, group.layers.map((l) => l.id)]);

describe('the layer tree in the Layers order config’s order (spec 03 §3.2)', () => {
  it('keeps the themes’ order without a config, or with an empty one', () => {
    expect(shape(orderLayerGroups(themes, undefined))).toEqual(shape(themes));
    expect(shape(orderLayerGroups(themes, { groups: [] }))).toEqual(shape(themes));
  });

  it('shows its groups first, each in its own order, then the other layers under their themes', () => {
    const ordered = orderLayerGroups(themes, {
      groups: [
        { groupName: 'Key constraints', layersOrder: ['green-belt', 'flood-zones'] },
        { groupName: 'Heritage assets', layersOrder: ['conservation-areas', 'listed-buildings'] },
      ],
    });
    expect(shape(ordered)).toEqual([
      ['Key constraints', ['green-belt', 'flood-zones']],
      ['Heritage assets', ['conservation-areas', 'listed-buildings']],
      ['Flooding', ['surface-water']],
      ['Other layers', ['wards']],
    ]);
  });

  it('leaves out layers the viewer does not have, and groups left empty', () => {
    const ordered = orderLayerGroups(themes, {
      groups: [
        { groupName: 'Drafts', layersOrder: ['draft-allocations'] },
        { groupName: 'Water', layersOrder: ['not-public', 'surface-water'] },
      ],
    });
    expect(shape(ordered)).toEqual([
      ['Water', ['surface-water']],
      ['Flooding', ['flood-zones']],
      ['Heritage', ['listed-buildings', 'conservation-areas']],
      ['Other layers', ['green-belt', 'wards']],
    ]);
  });

  it('joins a theme to the group of its name, after the group’s own layers', () => {
    const ordered = orderLayerGroups(themes, { groups: [{ groupName: 'heritage', layersOrder: ['wards'] }] });
    expect(shape(ordered)).toEqual([
      ['heritage', ['wards', 'listed-buildings', 'conservation-areas']],
      ['Flooding', ['flood-zones', 'surface-water']],
      ['Other layers', ['green-belt']],
    ]);
  });

  it('shows a layer once even if a document names it twice', () => {
    const ordered = orderLayerGroups(themes, {
      groups: [
        { groupName: 'A', layersOrder: ['wards', 'wards'] },
        { groupName: 'B', layersOrder: ['wards'] },
      ],
    });
    expect(ordered.flatMap((group) => group.layers).filter((l) => l.id === 'wards')).toHaveLength(1);
    expect(ordered.map((group) => group.title)).not.toContain('B');
  });
});

describe('layer tree tooltips', () => {
  it('are found by layer id', () => {
    const tips = tooltipsById({ tooltips: [{ id: 'wards', tooltip: 'Ward boundaries, May 2024' }] });
    expect(tips.get('wards')).toBe('Ward boundaries, May 2024');
    expect(tips.get('flood-zones')).toBeUndefined();
    expect(tooltipsById(undefined).size).toBe(0);
  });
});
