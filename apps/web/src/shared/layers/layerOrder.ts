import type { Layer, LayersOrderConfig, LayerTreeTooltipsConfig } from '@planning/shared';

/** A heading of the layer tree and its layers, in the order shown. */
export type LayerGroup = { title: string; layers: Layer[] };

/**
 * The layer tree as the council's Layers order config says (spec 03 §3.2): its groups first, in
 * order, each with its layers in order; then every layer in no group, under its theme, themes in
 * their order. A group keeps only the layers this viewer has (the public sees fewer), and a group
 * left empty is not shown. A theme named like a group joins it, after the group's own layers, so
 * the tree never shows one heading twice.
 */
export function orderLayerGroups(
  themes: readonly LayerGroup[],
  order: LayersOrderConfig | undefined,
): LayerGroup[] {
  const byId = new Map(themes.flatMap((group) => group.layers).map((layer) => [layer.id, layer]));
  const placed = new Set<string>();
  const groups: LayerGroup[] = (order?.groups ?? []).map((group) => ({
    title: group.groupName,
    layers: group.layersOrder.flatMap((id) => {
      const layer = byId.get(id);
      if (!layer || placed.has(id)) return [];
      placed.add(id);
      return [layer];
    }),
  }));
  const named = new Map(groups.map((group) => [group.title.toLowerCase(), group]));
  for (const theme of themes) {
    const rest = theme.layers.filter((layer) => !placed.has(layer.id));
    if (rest.length === 0) continue;
    const same = named.get(theme.title.toLowerCase());
    if (same) same.layers.push(...rest);
    else groups.push({ title: theme.title, layers: rest });
  }
  return groups.filter((group) => group.layers.length > 0);
}

/** Layer id → its tooltip (spec 03 §3.2 Layer tree tooltips). */
export function tooltipsById(config: LayerTreeTooltipsConfig | undefined): ReadonlyMap<string, string> {
  return new Map((config?.tooltips ?? []).map((entry) => [entry.id, entry.tooltip]));
}
