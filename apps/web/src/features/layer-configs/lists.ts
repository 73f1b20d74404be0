import type { Layer } from '@planning/shared';

/** The list with the item at `at` moved one place up (-1) or down (1); unchanged at either end. */
export function moved<T>(items: readonly T[], at: number, by: -1 | 1): T[] {
  const to = at + by;
  if (at < 0 || at >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[at], next[to]] = [next[to] as T, next[at] as T];
  return next;
}

/** How a layer is named on these screens: its title, and its theme when it has one. */
export const layerLabel = (layer: Pick<Layer, 'title' | 'themeName'>) =>
  layer.themeName ? `${layer.title} (${layer.themeName})` : layer.title;
