import type { GeodataFormat } from '@planning/shared';

/** The upload's kind by its name's extension; null when we do not read such files. */
export function formatOfName(name: string): GeodataFormat | null {
  const extension = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  switch (extension) {
    case 'zip':
      return 'zip';
    case 'gpkg':
      return 'gpkg';
    case 'geojson':
    case 'json':
      return 'geojson';
    case 'kml':
      return 'kml';
    case 'kmz':
      return 'kmz';
    case 'gml':
    case 'xml':
      return 'gml';
    case 'csv':
      return 'csv';
    case 'shp':
      return 'shp';
    case 'tab':
      return 'tab';
    default:
      return null;
  }
}

export const formatNames: Record<GeodataFormat, string> = {
  zip: 'zip',
  kmz: 'KMZ (zip)',
  gpkg: 'GeoPackage',
  geojson: 'GeoJSON',
  kml: 'KML',
  gml: 'GML',
  csv: 'CSV',
  shp: 'shapefile',
  tab: 'MapInfo TAB',
};

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((byte, index) => head[index] === byte);

/** The first non-blank character of a text file (a UTF-8 or UTF-16 byte order mark skipped). */
function firstText(head: Buffer): string {
  let text = head.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.trimStart().charAt(0);
}

/**
 * Whether a file's first bytes are what its name says (issue 13 point 8): a zip starts 'PK', a
 * GeoPackage is SQLite, GeoJSON opens with '{', KML and GML with '<', a shapefile with its
 * magic number 9994, a CSV is text (no NUL bytes) and a MapInfo .tab starts '!table'.
 */
export function contentMatches(format: GeodataFormat, head: Buffer): boolean {
  switch (format) {
    case 'zip':
    case 'kmz':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
    case 'gpkg':
      return head.subarray(0, 16).toString('latin1') === 'SQLite format 3\0';
    case 'geojson':
      return firstText(head) === '{';
    case 'kml':
    case 'gml':
      return firstText(head) === '<';
    case 'shp':
      return startsWith(head, [0x00, 0x00, 0x27, 0x0a]);
    case 'csv':
      return head.length > 0 && !head.includes(0);
    case 'tab':
      // A MapInfo table's header is text starting '!table' (a seamless or view table too).
      return /^!table\b/i.test(
        head
          .toString('latin1')
          .replace(/^\uFEFF/, '')
          .trimStart(),
      );
  }
}
