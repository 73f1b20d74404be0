import { describe, expect, it } from 'vitest';
import { defaultConfigOf, defaultConfigs } from './defaults';
import { isComputedSiteField } from '../sites/record';
import { configSchemas, validateConfig } from './schemas';
import { configTypeNames, configTypes } from './types';

describe('config types and their defaults (spec 03 §3.1, §3.3)', () => {
  it('has the twelve types of the spec, each with a schema and a default', () => {
    expect(Object.values(configTypes)).toEqual([
      'Interactive map',
      'Public web map',
      'Suggestion map',
      'Storytelling',
      'Call for sites questionnaire',
      'Touch points',
      'Site card',
      'Site features',
      'Site search',
      'Map metadata card',
      'Layers order',
      'Layer tree tooltips',
    ]);
    expect(Object.keys(configSchemas).sort()).toEqual([...configTypeNames].sort());
    expect(Object.keys(defaultConfigs).sort()).toEqual([...configTypeNames].sort());
  });

  it.each(configTypeNames)('the %s default passes its own schema', (type) => {
    const result = validateConfig(type, defaultConfigs[type]);
    expect(result.issues).toEqual([]);
    expect(result).toMatchObject({ valid: true, message: 'Config is valid' });
  });

  it('has the default shapes the spec names', () => {
    expect(defaultConfigs['suggestion-map']).toMatchObject({
      question: expect.any(String),
      options: expect.any(Array),
      multimedia: true,
      comment: true,
      emotion: false,
      limit: 10,
    });
    const interactive = defaultConfigs['interactive-map'];
    expect(interactive.name).toEqual(expect.any(String));
    expect(interactive.scenes[0]?.feedback).toMatchObject({ limit: 3, comment: true, multimedia: false });
    expect(defaultConfigs.storytelling).toMatchObject({ name: expect.any(String), stories: [] });
    expect(defaultConfigs['call-for-sites-questionnaire']).toEqual({ topics: [] });
    expect(defaultConfigs['map-metadata-card']).toEqual({ fields_config: [] });
    expect(defaultConfigs['public-web-map']).toEqual({ tabs: [] });
    expect(defaultConfigs['layer-tree-tooltips']).toEqual({ tooltips: [] });
  });

  it('hands out copies, so a caller cannot change the default', () => {
    const copy = defaultConfigOf('suggestion-map');
    copy.limit = 99;
    expect(defaultConfigs['suggestion-map'].limit).toBe(10);
  });
});

describe('the default site features', () => {
  it('never ask both a reason (an override of a computed field) and a typed SAVE for one edit', () => {
    const cells: Array<{ dbPropertyName?: string; validation?: { confirm?: boolean } }> = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (typeof value !== 'object' || value === null) return;
      const record = value as Record<string, unknown>;
      if (typeof record.dbPropertyName === 'string') cells.push(record);
      Object.values(record).forEach(walk);
    };
    walk(defaultConfigs['site-features']);
    const both = cells.filter(
      (cell) => cell.validation?.confirm && isComputedSiteField(cell.dbPropertyName ?? ''),
    );
    expect(cells.length).toBeGreaterThan(0);
    expect(both.map((cell) => cell.dbPropertyName)).toEqual([]);
  });
});
