import { describe, expect, it } from 'vitest';
import { featureFlagCatalogue, featureFlagNames, withDefaultFlags } from './flags';

describe('feature flag catalogue', () => {
  it('names every flag of spec 01 §6 and spec 03 §4', () => {
    const labels = featureFlagNames.map((name) => featureFlagCatalogue[name].label.toLowerCase());
    for (const label of [
      'ai search',
      'document builder',
      'satellite layer',
      '3d buildings',
      'notifications',
      'contact management',
      'analysis page',
      'scenarios in site view',
      'maps',
      'availability file upload',
      'individual-scenario site lists',
      'frontend clustering',
      'redesigned site search',
      'site details v2',
      'maplibre map',
      'building highlighting',
      'updated search filters',
      'consultations pages',
    ]) {
      expect(labels).toContain(label);
    }
  });

  it('fills flags a tenant never set with their defaults and keeps the ones it set', () => {
    const flags = withDefaultFlags({ aiSearch: true, maps: false });
    expect(flags.aiSearch).toBe(true);
    expect(flags.maps).toBe(false);
    expect(flags.redesignedSiteSearch).toBe(featureFlagCatalogue.redesignedSiteSearch.defaultValue);
    expect(Object.keys(flags)).toHaveLength(featureFlagNames.length);
  });

  it('ignores stored flags the catalogue no longer has', () => {
    expect(withDefaultFlags({ retiredFlag: true })).not.toHaveProperty('retiredFlag');
  });
});
