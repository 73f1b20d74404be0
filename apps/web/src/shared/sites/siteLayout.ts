import {
  siteLayoutBreakpoints,
  siteLayoutsSchema,
  type SiteLayoutBreakpoint,
  type SiteLayouts,
  type SitePanel,
} from '@planning/shared';

/** Issue 11 point 3: the site page's breakpoints (container width in px) and columns. */
export const LAYOUT_BREAKPOINTS: Record<SiteLayoutBreakpoint, number> = {
  '4k': 3200,
  '2k': 2200,
  lg: 1200,
  md: 996,
  sm: 768,
  xs: 480,
  xxs: 0,
};
export const LAYOUT_COLUMNS: Record<SiteLayoutBreakpoint, number> = {
  '4k': 24,
  '2k': 16,
  lg: 12,
  md: 10,
  sm: 6,
  xs: 4,
  xxs: 2,
};
export const LAYOUT_ROW_HEIGHT = 40;

type Item = { i: SitePanel; x: number; y: number; w: number; h: number };

/** Two columns where there is room (maps side by side, features beside notes and history), else one. */
function defaultFor(cols: number): Item[] {
  if (cols < 10) {
    return [
      { i: 'map', x: 0, y: 0, w: cols, h: 8 },
      { i: 'features', x: 0, y: 8, w: cols, h: 12 },
      { i: 'notes', x: 0, y: 20, w: cols, h: 7 },
      { i: 'history', x: 0, y: 27, w: cols, h: 10 },
      { i: 'related', x: 0, y: 37, w: cols, h: 6 },
      { i: 'cutMap', x: 0, y: 43, w: cols, h: 8 },
      { i: 'files', x: 0, y: 51, w: cols, h: 8 },
      { i: 'constraints', x: 0, y: 59, w: cols, h: 7 },
    ];
  }
  const half = Math.floor(cols / 2);
  const wide = Math.round((cols * 2) / 3);
  return [
    { i: 'map', x: 0, y: 0, w: half, h: 9 },
    { i: 'cutMap', x: half, y: 0, w: cols - half, h: 9 },
    { i: 'features', x: 0, y: 9, w: wide, h: 14 },
    { i: 'notes', x: wide, y: 9, w: cols - wide, h: 6 },
    { i: 'history', x: wide, y: 15, w: cols - wide, h: 8 },
    { i: 'related', x: 0, y: 23, w: cols, h: 5 },
    { i: 'files', x: 0, y: 28, w: cols, h: 7 },
    { i: 'constraints', x: 0, y: 35, w: cols, h: 6 },
  ];
}

/** Spec 01 §2: expanding the site features panel swaps in this layout (features across the top). */
function expandedFor(cols: number): Item[] {
  const half = Math.floor(cols / 2) || cols;
  return [
    { i: 'features', x: 0, y: 0, w: cols, h: 16 },
    { i: 'map', x: 0, y: 16, w: half, h: 8 },
    { i: 'cutMap', x: half % cols, y: 16, w: cols - (half % cols) || cols, h: 8 },
    { i: 'notes', x: 0, y: 24, w: half, h: 7 },
    { i: 'history', x: half % cols, y: 24, w: cols - (half % cols) || cols, h: 7 },
    { i: 'related', x: 0, y: 31, w: cols, h: 5 },
    { i: 'files', x: 0, y: 36, w: cols, h: 7 },
    { i: 'constraints', x: 0, y: 43, w: cols, h: 6 },
  ];
}

const everyBreakpoint = (make: (cols: number) => Item[]): SiteLayouts =>
  Object.fromEntries(siteLayoutBreakpoints.map((name) => [name, make(LAYOUT_COLUMNS[name])])) as SiteLayouts;

export const defaultLayouts = (): SiteLayouts => everyBreakpoint(defaultFor);
export const expandedLayouts = (): SiteLayouts => everyBreakpoint(expandedFor);

/**
 * A layout saved before a panel existed gains it at the bottom, at its default size, rather than
 * the grid squeezing it into one cell.
 */
export function withEveryPanel(layouts: SiteLayouts): SiteLayouts {
  const defaults = defaultLayouts();
  const complete: Partial<Record<SiteLayoutBreakpoint, Item[]>> = {};
  for (const name of siteLayoutBreakpoints) {
    const items = layouts[name];
    if (!items) continue;
    let bottom = Math.max(0, ...items.map((item) => item.y + item.h));
    const missing = defaults[name]!.filter((item) => !items.some((saved) => saved.i === item.i));
    complete[name] = [
      ...items,
      ...missing.map((item) => {
        const placed = { ...item, x: 0, y: bottom };
        bottom += item.h;
        return placed;
      }),
    ];
  }
  return complete as SiteLayouts;
}

/** Spec 01 §3 local-storage keys: the site view layout, per council. */
const storageKey = (tenantName: string) => `${tenantName}:site-view-layout`;

export function readStoredLayouts(tenantName: string): SiteLayouts | null {
  try {
    const parsed = siteLayoutsSchema.safeParse(
      JSON.parse(localStorage.getItem(storageKey(tenantName)) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeLayouts(tenantName: string, layouts: SiteLayouts | null): void {
  if (layouts) localStorage.setItem(storageKey(tenantName), JSON.stringify(layouts));
  else localStorage.removeItem(storageKey(tenantName));
}

/** Only the panel positions of a grid library's layout, as saved. */
export function toSavedLayouts(
  layouts: Partial<Record<string, ReadonlyArray<{ i: string; x: number; y: number; w: number; h: number }>>>,
): SiteLayouts {
  const saved: Record<string, Item[]> = {};
  for (const name of siteLayoutBreakpoints) {
    const items = layouts[name];
    if (!items) continue;
    saved[name] = items.map(({ i, x, y, w, h }) => ({ i: i as SitePanel, x, y, w, h }));
  }
  return siteLayoutsSchema.parse(saved);
}
