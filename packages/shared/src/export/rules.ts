import { sanitiseFileName } from '../files/rules';

/** Data export (spec 01 §7 "Export": PUT /site/export; issue 12 point 6). */

export const exportFileTypes = ['csv', 'xlsx', 'geojson', 'shapefile', 'gpkg', 'kml', 'fgb'] as const;
export type ExportFileType = (typeof exportFileTypes)[number];

export type ExportFormat = {
  value: ExportFileType;
  label: string;
  /** The downloaded file's extension. */
  extension: string;
  contentType: string;
  /** Whether the file carries the sites' outlines (the geometry choice matters). */
  spatial: boolean;
  /** The coordinate reference system of the outlines, when it has them. */
  crs: 'EPSG:27700' | 'EPSG:4326' | null;
};

/** In the order the format select shows them. */
export const EXPORT_FORMATS: readonly ExportFormat[] = [
  {
    value: 'csv',
    label: 'CSV',
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    spatial: true,
    crs: 'EPSG:27700',
  },
  {
    value: 'xlsx',
    label: 'Excel',
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    spatial: false,
    crs: null,
  },
  {
    value: 'geojson',
    label: 'GeoJSON (WGS84)',
    extension: 'geojson',
    contentType: 'application/geo+json',
    spatial: true,
    crs: 'EPSG:4326',
  },
  {
    value: 'shapefile',
    label: 'Shapefile (zip, British National Grid)',
    extension: 'zip',
    contentType: 'application/zip',
    spatial: true,
    crs: 'EPSG:27700',
  },
  {
    value: 'gpkg',
    label: 'GeoPackage (British National Grid)',
    extension: 'gpkg',
    contentType: 'application/geopackage+sqlite3',
    spatial: true,
    crs: 'EPSG:27700',
  },
  {
    value: 'kml',
    label: 'KML (Google Earth)',
    extension: 'kml',
    contentType: 'application/vnd.google-earth.kml+xml',
    spatial: true,
    crs: 'EPSG:4326',
  },
  {
    value: 'fgb',
    label: 'FlatGeobuf (British National Grid)',
    extension: 'fgb',
    contentType: 'application/octet-stream',
    spatial: true,
    crs: 'EPSG:27700',
  },
];

export function exportFormat(type: ExportFileType): ExportFormat {
  const format = EXPORT_FORMATS.find((candidate) => candidate.value === type);
  if (!format) throw new Error(`unknown export format ${type}`);
  return format;
}

/** The spec's geometry columns: the site's boundary, or its cut boundary (the boundary where none is drawn). */
export const exportGeometryColumns = ['wkb_geometry', 'wkb_geometry_cut'] as const;
export type ExportGeometryColumn = (typeof exportGeometryColumns)[number];
export const EXPORT_GEOMETRY_LABELS: Record<ExportGeometryColumn, string> = {
  wkb_geometry: 'Boundary',
  wkb_geometry_cut: 'Cut boundary',
};

export const EXPORT_LIMITS = {
  /** Site ids one export may name. */
  maxSites: 250_000,
  /** Up to this many sites the file is the answer; above it the export runs in the background. */
  syncMaxSites: 2_000,
  /** Fields one export may pick. */
  maxFields: 200,
  /** Presets a user may keep. */
  maxPresets: 50,
  /** Site ids carried in the page address (more go in the navigation state). */
  maxSiteIdsInAddress: 200,
} as const;

/**
 * Fields every site has besides the council's data dictionary. The site id always leads the
 * file (records are matched back on it), so it is not offered as a choice.
 */
export const EXPORT_SYSTEM_FIELDS = [
  { name: 'id_unique', label: 'Unique site reference' },
  { name: 'scenario_name', label: 'Scenario' },
  // Worked out from the council's layers (issue 25 point 6), as the site page's Constraints panel.
  { name: 'constraint_layers', label: 'Constraint layers' },
] as const;
export const EXPORT_SITE_ID = { name: 'site_id', label: 'Site ID' } as const;

export const exportMessages = {
  unknownField: (name: string) => `Field "${name}" cannot be exported`,
  tooMany: `At most ${EXPORT_LIMITS.maxSites.toLocaleString('en-GB')} sites can be exported at once`,
  oneSource: 'Export either site ids, a site list or a search, not several',
  noSites: 'There are no sites to export',
  listNotFound: 'Site list is not found',
  notFound: 'Export is not found',
  notReady: 'The export is not ready yet',
  failed: 'Export failed',
  /** Shown when a large export has been handed to the background. */
  background: 'The export is running in the background. Its download link will appear here when it is ready.',
  /** The background export is done: its file is collected from the export screen itself. */
  ready: 'The export is ready',
  download: 'Download',
  expired: 'This download has expired. Please export again.',
  downloaded: 'The export has been downloaded',
  presetName: 'Please enter a preset name',
  presetSaved: 'Preset saved',
  presetDeleted: 'Preset deleted',
  /** The notification label of a background export. */
  notificationLabel: 'Data export',
} as const;

/** `sites-<scenario>-<yyyy-mm-dd>.<ext>`, the name of an export's file. */
export function exportFileName(type: ExportFileType, scenario: string, day: Date = new Date()): string {
  const date = day.toISOString().slice(0, 10);
  // A slash in a scenario name must not make the rest of it look like a folder.
  const safeScenario = scenario.replace(/[\\/]/g, '_');
  return sanitiseFileName(`sites-${safeScenario}-${date}.${exportFormat(type).extension}`);
}

/** Excel numbers are rounded to 2 decimals (spec 02 §9). */
export function roundForExcel(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}
