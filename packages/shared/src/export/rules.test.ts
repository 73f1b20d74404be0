import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, EXPORT_LIMITS, exportFileName, exportFileTypes, roundForExcel } from './rules';
import { exportPresetsSchema, siteExportRequestSchema } from './schemas';

describe('export rules', () => {
  it('describes every format once', () => {
    expect(EXPORT_FORMATS.map((format) => format.value)).toEqual([...exportFileTypes]);
    expect(EXPORT_FORMATS.find((format) => format.value === 'geojson')?.crs).toBe('EPSG:4326');
    expect(EXPORT_FORMATS.find((format) => format.value === 'gpkg')?.crs).toBe('EPSG:27700');
  });

  it('names files safely', () => {
    const day = new Date('2026-11-24T10:00:00Z');
    expect(exportFileName('gpkg', 'Base', day)).toBe('sites-Base-2026-11-24.gpkg');
    const odd = exportFileName('shapefile', 'Growth "A"/../x', day);
    expect(odd).toMatch(/^sites-Growth_A[A-Za-z0-9._-]*x-2026-11-24\.zip$/);
    expect(odd).not.toContain('..');
    expect(exportFileName('csv', 'Plan\r\nX-Injected: 1', day)).toMatch(
      /^sites-Plan_X-Injected_1-2026-11-24\.csv$/,
    );
  });

  it('rounds Excel numbers to 2 decimals', () => {
    expect(roundForExcel(1.23456)).toBe(1.23);
    expect(roundForExcel(1.005)).toBe(1.01);
    expect(roundForExcel(-2.499)).toBe(-2.5);
    expect(roundForExcel(12)).toBe(12);
  });
});

describe('export request', () => {
  const base = { file_type: 'csv' as const };

  it('takes ids as numbers or digit strings, and one source at most', () => {
    expect(siteExportRequestSchema.parse({ ...base, site_ids: [1, '2'] })).toMatchObject({
      site_ids: ['1', '2'],
      selected_fields: [],
      geometry_column: 'wkb_geometry',
    });
    expect(siteExportRequestSchema.safeParse({ ...base, site_ids: [1], filters: [] }).success).toBe(false);
    expect(siteExportRequestSchema.safeParse({ ...base, site_ids: ['1;drop'] }).success).toBe(false);
    expect(siteExportRequestSchema.safeParse({ ...base, selected_fields: ['Bad Name'] }).success).toBe(false);
  });

  it(`refuses more than ${EXPORT_LIMITS.maxSites} ids`, () => {
    const ids = Array.from({ length: EXPORT_LIMITS.maxSites + 1 }, (_, i) => i + 1);
    expect(siteExportRequestSchema.safeParse({ ...base, site_ids: ids }).success).toBe(false);
  });

  it('keeps preset names unique', () => {
    const preset = { name: 'A', fields: [] };
    expect(exportPresetsSchema.safeParse({ presets: [preset] }).success).toBe(true);
    expect(exportPresetsSchema.safeParse({ presets: [preset, preset] }).success).toBe(false);
  });
});
