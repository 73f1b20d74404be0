import { describe, expect, it } from 'vitest';
import { mergePresets } from './api';
import { sourceOf } from './source';

describe('the sites a data export starts from', () => {
  it('reads ids and scenario from the navigation state first, then the address', () => {
    expect(sourceOf({ siteIds: ['3', '1'], scenario: 'Growth' }, new URLSearchParams('siteIds=9'))).toEqual({
      kind: 'ids',
      siteIds: ['3', '1'],
      scenario: 'Growth',
    });
    expect(sourceOf(null, new URLSearchParams('siteIds=1,2,3&scenario=Base'))).toEqual({
      kind: 'ids',
      siteIds: ['1', '2', '3'],
      scenario: 'Base',
    });
    expect(sourceOf(undefined, new URLSearchParams('siteIds=4'))).toEqual({
      kind: 'ids',
      siteIds: ['4'],
      scenario: 'Base',
    });
  });

  it('drops what is not a site id, and takes a list id', () => {
    expect(sourceOf(null, new URLSearchParams('siteIds=1,x,;drop'))).toEqual({
      kind: 'ids',
      siteIds: ['1'],
      scenario: 'Base',
    });
    const listId = '0b5c7a8e-2d7c-4c8e-9d3e-1f2a3b4c5d6e';
    expect(sourceOf({ listId }, new URLSearchParams())).toEqual({ kind: 'list', listId });
    expect(sourceOf(null, new URLSearchParams(`listId=${listId}`))).toEqual({ kind: 'list', listId });
    expect(sourceOf(null, new URLSearchParams('listId=nope'))).toBeNull();
    expect(sourceOf(null, new URLSearchParams())).toBeNull();
  });
});

describe('export presets', () => {
  const preset = (name: string, fields: string[]) =>
    ({ name, fields, geometry: 'wkb_geometry', fileType: 'csv' }) as const;

  it("puts the server's presets first and keeps ones only this browser has", () => {
    const server = [preset('GIS', ['size_ha'])];
    const local = [preset('GIS', ['site_name']), preset('Offline', ['ward'])];
    expect(mergePresets(server, local)).toEqual([preset('GIS', ['size_ha']), preset('Offline', ['ward'])]);
  });
});

describe('a search too large to list', () => {
  it('carries the filters and the total instead of ids', () => {
    const filters = [{ type: 'number', dbPropertyName: 'size_ha', equality: 'GE', value: 1 }];
    expect(sourceOf({ filters, total: 150_000, scenario: 'Base' }, new URLSearchParams())).toEqual({
      kind: 'search',
      filters,
      total: 150_000,
      scenario: 'Base',
    });
    expect(sourceOf({ filters: [{ type: 'nope' }], total: 3 }, new URLSearchParams())).toBeNull();
  });
});
