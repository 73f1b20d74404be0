import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { roundForExcel, type ExportFileType, type FieldKind } from '@planning/shared';
import { gdal } from '../../lib/gdal/gdal';
import { zipStream, type ZipEntry } from './export.zip';

/** One column of an export: a dictionary field, a site's own field, or its tags. */
export type ExportColumn = {
  name: string;
  label: string;
  kind: FieldKind;
  /** Decimals the dictionary gives (Excel shows whole numbers without a fraction). */
  decimals: number | null;
};

/** A site as read for export: values by column name, plus where it is. */
export type ExportRow = {
  values: Record<string, unknown>;
  /** GeoJSON geometry text in the format's CRS (27700, or 4326 for GeoJSON and KML). */
  geometry: string | null;
  /** The outline as WKT in EPSG:27700 (CSV). */
  wkt: string | null;
  /** A point on the site in EPSG:27700 (CSV and Excel), to the centimetre. */
  easting: number | null;
  northing: number | null;
};

export type Batches = AsyncIterable<ExportRow[]>;

/** What the rows must carry for a format. */
export function rowNeeds(type: ExportFileType): { geometry: boolean; wkt: boolean; point: boolean } {
  if (type === 'csv') return { geometry: false, wkt: true, point: true };
  if (type === 'xlsx') return { geometry: false, wkt: false, point: true };
  return { geometry: true, wkt: false, point: false };
}

/** A value as text for CSV: lists joined, booleans TRUE/FALSE, dates yyyy-mm-dd. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => textOf(item)).join('; ');
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
 * spreadsheet would run as a formula (= + - @ at the start) is prefixed with an apostrophe:
 * site names come from the public, and a council officer opens the file in Excel.
 */
export function csvCell(value: unknown): string {
  let text = textOf(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record: each cell quoted as needed and formulas neutralised, CRLF ended (RFC 4180). */
export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

async function writeChunk(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

async function finish(out: WriteStream): Promise<void> {
  out.end();
  await once(out, 'finish');
}

export const POINT_COLUMNS = { easting: 'Easting (EPSG:27700)', northing: 'Northing (EPSG:27700)' } as const;
export const WKT_COLUMN = 'Geometry (WKT, EPSG:27700)';

/** CSV with a header of labels, UTF-8 with a byte order mark (so Excel reads accents right). */
export async function writeCsv(file: string, columns: ExportColumn[], batches: Batches): Promise<void> {
  const out = createWriteStream(file);
  try {
    await writeChunk(
      out,
      `\uFEFF${csvLine([...columns.map((column) => column.label), POINT_COLUMNS.easting, POINT_COLUMNS.northing, WKT_COLUMN])}`,
    );
    for await (const rows of batches) {
      let text = '';
      for (const row of rows) {
        text += csvLine([
          ...columns.map((column) => row.values[column.name]),
          row.easting,
          row.northing,
          row.wkt,
        ]);
      }
      await writeChunk(out, text);
    }
    await finish(out);
  } catch (error) {
    out.destroy();
    throw error;
  }
}

/** A cell's value in Excel: typed numbers rounded to 2 decimals (spec 02 §9), dates as dates. */
export function excelValue(column: ExportColumn, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (column.kind === 'number') {
    const number = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(number) ? roundForExcel(number) : null;
  }
  if (column.kind === 'date' && typeof value === 'string') {
    const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? value : date;
  }
  if (column.kind === 'boolean' && typeof value === 'boolean') return value;
  return textOf(value);
}

function excelFormat(column: ExportColumn): string | undefined {
  if (column.kind === 'number') return column.decimals === 0 ? '#,##0' : '#,##0.00';
  if (column.kind === 'date') return 'dd/mm/yyyy';
  return undefined;
}

/** Excel through exceljs's streaming writer: rows are written out as they come, never held. */
export async function writeXlsx(file: string, columns: ExportColumn[], batches: Batches): Promise<void> {
  // Loaded on the first export, not with the server (it takes a quarter of a second).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Sites', { views: [{ state: 'frozen', ySplit: 1 }] });
  const pointColumn = (key: string, header: string) => ({
    key,
    header,
    width: 16,
    style: { numFmt: '0.00' },
  });
  sheet.columns = [
    ...columns.map((column) => {
      const numFmt = excelFormat(column);
      return {
        key: column.name,
        header: column.label,
        width: Math.min(40, Math.max(12, column.label.length + 2)),
        ...(numFmt ? { style: { numFmt } } : {}),
      };
    }),
    pointColumn('_easting', POINT_COLUMNS.easting),
    pointColumn('_northing', POINT_COLUMNS.northing),
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length + 2 } };
  for await (const rows of batches) {
    for (const row of rows) {
      sheet
        .addRow([
          ...columns.map((column) => excelValue(column, row.values[column.name])),
          row.easting === null ? null : roundForExcel(row.easting),
          row.northing === null ? null : roundForExcel(row.northing),
        ])
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Field names a shapefile can hold (dBase: at most 10 characters), unique, keeping as much of
 * each name as fits; `fields.csv` in the zip says which is which.
 */
export function shortFieldNames(names: string[]): Map<string, string> {
  const short = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of names) {
    let candidate = name.slice(0, 10);
    for (let n = 1; taken.has(candidate.toLowerCase()); n += 1) {
      const suffix = `_${n}`;
      candidate = `${name.slice(0, 10 - suffix.length)}${suffix}`;
    }
    taken.add(candidate.toLowerCase());
    short.set(name, candidate);
  }
  return short;
}

type GisType = Exclude<ExportFileType, 'csv' | 'xlsx'>;

/** ogr2ogr's options per format: the driver, the target CRS and its layer options. */
export function ogrArguments(type: GisType, nameField: string): string[] {
  // The rows come in the format's own CRS (export.service.ts), so -t_srs only labels them.
  const bng = ['-s_srs', 'EPSG:27700', '-t_srs', 'EPSG:27700', '-nln', 'sites', '-nlt', 'PROMOTE_TO_MULTI'];
  const wgs84 = ['-s_srs', 'EPSG:4326', '-t_srs', 'EPSG:4326', '-nln', 'sites', '-nlt', 'PROMOTE_TO_MULTI'];
  switch (type) {
    case 'geojson':
      // RFC 7946: WGS84, longitude first, 7 decimals (about a centimetre).
      return ['-f', 'GeoJSON', ...wgs84, '-lco', 'RFC7946=YES'];
    case 'kml':
      return ['-f', 'KML', ...wgs84, '-dsco', `NameField=${nameField}`];
    case 'shapefile':
      return ['-f', 'ESRI Shapefile', ...bng, '-lco', 'ENCODING=UTF-8'];
    case 'gpkg':
      return ['-f', 'GPKG', ...bng];
    case 'fgb':
      return ['-f', 'FlatGeobuf', ...bng];
  }
}

/**
 * A GIS format through GDAL: the rows go to a GeoJSONSeq file (one feature a line, streamed),
 * which ogr2ogr converts and reprojects. Returns the file to send (a shapefile's parts zipped).
 */
export async function writeGis(
  type: GisType,
  workDir: string,
  baseName: string,
  columns: ExportColumn[],
  batches: Batches,
  onConverting?: () => void,
): Promise<{ file: string; parts: string[] }> {
  const names = type === 'shapefile' ? shortFieldNames(columns.map((column) => column.name)) : null;
  const key = (column: ExportColumn) => names?.get(column.name) ?? column.name;
  const input = path.join(workDir, `${baseName}.geojsonl`);
  const out = createWriteStream(input);
  let features = 0;
  try {
    for await (const rows of batches) {
      let text = '';
      for (const row of rows) {
        const properties: Record<string, unknown> = {};
        for (const column of columns) properties[key(column)] = gisValue(column, row.values[column.name]);
        // The geometry is already GeoJSON text from PostGIS: spliced in, not parsed and re-serialised.
        text += `{"type":"Feature","properties":${JSON.stringify(properties)},"geometry":${row.geometry ?? 'null'}}\n`;
        features += 1;
      }
      await writeChunk(out, text);
    }
    await finish(out);
  } catch (error) {
    out.destroy();
    throw error;
  }
  if (features === 0) throw new Error('no rows to convert');
  onConverting?.();
  const nameColumn = columns.find((column) => column.name === 'site_name') ?? columns[0];
  const files = await gdal.ogr2ogr(
    input,
    baseName,
    ogrArguments(type, nameColumn ? key(nameColumn) : 'Name'),
  );
  if (type !== 'shapefile') {
    const file = files[0];
    if (!file) throw new Error('GDAL wrote no file');
    return { file, parts: files };
  }
  const fieldList = `short_name,field,label\r\n${columns
    .map((column) => [key(column), column.name, column.label].map(csvCell).join(','))
    .join('\r\n')}\r\n`;
  const entries: ZipEntry[] = [
    ...files.map((file) => ({ name: `sites${path.extname(file)}`, path: file })),
    { name: 'fields.csv', content: Buffer.from(fieldList, 'utf8') },
  ];
  const zipFile = path.join(workDir, `${baseName}.zip`);
  const zipOut = createWriteStream(zipFile);
  zipStream(entries).pipe(zipOut);
  await once(zipOut, 'finish');
  return { file: zipFile, parts: [...files, zipFile] };
}

/** GIS formats keep numbers whole (no rounding) and join lists; dates stay ISO text (GDAL types them). */
function gisValue(column: ExportColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => textOf(item)).join('; ');
  if (column.kind === 'number') {
    const number = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return value;
}
