import { describe, expect, it } from 'vitest';
import { sitePanels, type SiteLayouts } from '@planning/shared';
import { defaultLayouts, expandedLayouts, withEveryPanel } from './siteLayout';

describe('site page layouts', () => {
  it('places every panel once at every breakpoint, by default and expanded', () => {
    for (const layouts of [defaultLayouts(), expandedLayouts()]) {
      for (const items of Object.values(layouts)) {
        expect(items.map((item) => item.i).sort()).toEqual([...sitePanels].sort());
      }
    }
  });

  it('adds a panel a saved layout lacks below the rest, keeping what the user placed', () => {
    const saved: SiteLayouts = {
      lg: [
        { i: 'map', x: 0, y: 0, w: 12, h: 9 },
        { i: 'features', x: 0, y: 9, w: 8, h: 14 },
        { i: 'notes', x: 8, y: 9, w: 4, h: 6 },
        { i: 'history', x: 8, y: 15, w: 4, h: 8 },
        { i: 'cutMap', x: 0, y: 23, w: 6, h: 4 },
      ],
    };
    const complete = withEveryPanel(saved);
    expect(complete.lg!.slice(0, 5)).toEqual(saved.lg);
    expect(complete.lg![5]).toEqual({ i: 'related', x: 0, y: 27, w: 12, h: 5 });
    // The files panel (issue 12), new since many layouts were saved, joins them the same way.
    expect(complete.lg![6]).toEqual({ i: 'files', x: 0, y: 32, w: 12, h: 7 });
    // And the constraints panel (issue 13) below it.
    expect(complete.lg![7]).toEqual({ i: 'constraints', x: 0, y: 39, w: 12, h: 6 });
    expect(Object.keys(complete)).toEqual(['lg']);
  });
});
