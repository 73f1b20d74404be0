import { z } from 'zod';
import { layerMachineNameSchema } from './schemas';

/** Geodata upload limits (issue 13 point 8); the server's GEODATA_MAX_UPLOAD_MB may lower or raise the first. */
export const GEODATA_LIMITS = {
  field: 'file',
  maxUploadMegabytes: 512,
  /** A zip may unpack to at most this much in all (a zip bomb stops here). */
  maxUnzippedMegabytes: 4096,
  /** Unpacked size over packed size, per entry and in all, above 1 MB unpacked. */
  maxCompressionRatio: 200,
  maxZipEntries: 10_000,
  maxLayersPerUpload: 100,
  insertBatch: 500,
  /** At most this many problems are listed in a report (the count says how many there were). */
  maxReportedProblems: 50,
} as const;

/** The kinds of file an upload may be, decided by the name and checked against the content. */
export const geodataFormats = ['zip', 'gpkg', 'geojson', 'kml', 'kmz', 'gml', 'csv', 'shp', 'tab'] as const;
export type GeodataFormat = (typeof geodataFormats)[number];

/** Projections a layer without one may be confirmed in (issue 13: BNG, WGS84, Web Mercator). */
export const geodataCrsList = ['EPSG:27700', 'EPSG:4326', 'EPSG:3857'] as const;
export const geodataCrsSchema = z.enum(geodataCrsList);
export type GeodataCrs = z.infer<typeof geodataCrsSchema>;
export const geodataCrsLabels: Record<GeodataCrs, string> = {
  'EPSG:27700': 'British National Grid (EPSG:27700)',
  'EPSG:4326': 'WGS84 longitude and latitude (EPSG:4326)',
  'EPSG:3857': 'Web Mercator (EPSG:3857)',
};

export const geodataMessages = {
  uploadAccepted: 'Upload received: reading its layers',
  inspectLabel: (name: string) => `Reading ${name}`,
  importLabel: (name: string) => `Importing ${name}`,
  notMultipart: `A geodata file must be sent as multipart/form-data in the field ${GEODATA_LIMITS.field}`,
  oneFile: 'Send one geodata file at a time',
  noFile: 'No file was sent',
  tooLarge: (megabytes: number) => `A geodata file must be at most ${megabytes}MB`,
  unsupported: (name: string) =>
    `${name} is not a supported geodata file: use a zip (of a shapefile, MapInfo TAB or FileGDB), GeoPackage, GeoJSON, KML or KMZ, GML, or CSV`,
  notWhatItSays: (name: string, format: string) =>
    `${name} is not a ${format} file: its content is something else`,
  zipInvalid: (name: string) => `${name} is not a readable zip file`,
  zipEncrypted: (name: string, entry: string) =>
    `${name}: ${entry} is encrypted; upload it without a password`,
  zipMethod: (name: string, entry: string) =>
    `${name}: ${entry} uses a compression method other than deflate`,
  zipTooManyEntries: (name: string) => `${name} has more than ${GEODATA_LIMITS.maxZipEntries} files`,
  zipTooBig: (name: string, megabytes: number) => `${name} unpacks to more than ${megabytes}MB`,
  zipRatio: (name: string, entry: string) =>
    `${name}: ${entry} is compressed more than ${GEODATA_LIMITS.maxCompressionRatio} times (a zip bomb?)`,
  zipUnsafePath: (name: string, entry: string) =>
    `${name}: the entry ${JSON.stringify(entry)} points outside the zip's folder and was refused`,
  zipSizeLies: (name: string, entry: string) => `${name}: ${entry} is larger than its zip entry says`,
  noLayers: (name: string) =>
    `${name} holds no layers we can read (shapefile, MapInfo TAB, GeoPackage, GeoJSON, KML, GML, FileGDB or CSV)`,
  shapefileMissing: (file: string, part: string) => `${file} is missing its ${part} file: add it to the zip`,
  tabAlone: (file: string) =>
    `${file} is a MapInfo table: upload it in a zip with its .dat, .map and .id files`,
  sameDataTwice: (files: string[]) =>
    `The zip holds the same data in ${files.length} formats (${files.join(', ')}): each is listed as a layer of its own; import the one you want`,
  outsideGreatBritain: (layer: string, swapped: boolean) =>
    swapped
      ? `Layer ${layer} lies outside Great Britain: its latitude and longitude (or easting and northing) columns look swapped. Correct the file and upload it again, or confirm that you want to import it as it is`
      : `Layer ${layer} lies outside Great Britain: check its projection and coordinates, or confirm that you want to import it as it is`,
  outsideGreatBritainRefused: (layer: string) =>
    `Layer ${layer} lies outside Great Britain: correct the file, or confirm that you want to import it as it is`,
  outsideCouncilArea: (layer: string) =>
    `Layer ${layer}: none of its features lies within the council's area; check the file's coordinates`,
  featureRepaired: (layer: string, feature: string) =>
    `Layer ${layer}, feature ${feature}: its geometry was not valid and was repaired (made valid, keeping its shape)`,
  csvNoCoordinates: (file: string) =>
    `${file} has no coordinate columns: name them easting and northing, x and y, or longitude and latitude`,
  unknownProjection: (file: string, layer: string) =>
    `${file}, layer ${layer}: its projection is not one we can transform to British National Grid`,
  noGeometry: (file: string, layer: string) => `${file}, layer ${layer} has no geometry column`,
  unreadable: (file: string, reason: string) => `${file} could not be read: ${reason}`,
  gdalDamaged: 'the file is damaged or not in a format we can read',
  gdalMissingPart: 'a file it needs is missing from the upload',
  gdalBadCoordinates: 'some coordinates are not numbers',
  gdalProjection: 'its projection could not be transformed to British National Grid',
  gdalEncoding: 'its text is not in an encoding we can read; save it as UTF-8',
  notFound: 'Non-existing id',
  notReady: 'The upload is still being read: try again when its notification says it is ready',
  failed: 'The upload could not be read: see its notification',
  unknownLayer: (layer: string) => `The upload has no layer named ${layer}`,
  crsNeeded: (layer: string) => `Choose the projection of layer ${layer}`,
  duplicateLayerName: (name: string) => `The layer name ${name} is used twice`,
  layerNameTaken: (name: string) => `A layer named ${name} already exists: choose another name or replace it`,
  featureDropped: (layer: string, feature: string, reason: string) =>
    `Layer ${layer}, feature ${feature}: ${reason}`,
} as const;

export const geodataFieldSchema = z.object({ name: z.string(), type: z.string() });

/** What the upload's reading found in one layer (GET /geodata/{uploadId}). */
export const geodataLayerFindingSchema = z.object({
  /** The layer's name in the upload (unique in it): what confirm's `source` names. */
  name: z.string(),
  /** The layer's name in its file, as GDAL reads it. */
  layer: z.string(),
  /** The file inside the upload (a path in a zip). */
  file: z.string(),
  featureCount: z.number().int(),
  geometryType: z.string(),
  fields: z.array(geodataFieldSchema),
  /** The projection the file declares (EPSG code when it has one), or null. */
  declaredCrs: z.string().nullable(),
  /** For a layer without a projection: the one its coordinates look like, if any. */
  detectedCrs: geodataCrsSchema.nullable(),
  /** True when the user must confirm a projection before the layer is imported. */
  needsConfirmation: z.boolean(),
  /** Extent in the file's own coordinates: minX, minY, maxX, maxY. */
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  /** A suggested machine name for the new layer. */
  suggestedLayerName: z.string(),
  problems: z.array(z.string()),
  /** True when the layer lies outside Great Britain (swapped columns?): confirm must say outsideGreatBritain. */
  outsideGreatBritain: z.boolean().optional(),
});
export type GeodataLayerFinding = z.infer<typeof geodataLayerFindingSchema>;

export const geodataUploadStates = ['reading', 'ready', 'failed', 'importing', 'imported'] as const;

export const geodataUploadSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  status: z.enum(geodataUploadStates),
  error: z.string().nullable(),
  layers: z.array(geodataLayerFindingSchema),
  /** Files in the upload that could not be read, and why (the readable ones are still offered). */
  problems: z.array(z.string()),
  /** The import job started by confirm, once it is. */
  importJobId: z.string().nullable(),
  /** The import's report once it succeeded: counts, features repaired, warnings (issue 25). */
  report: z
    .lazy(() => geodataImportReportSchema)
    .nullable()
    .optional(),
});
export type GeodataUpload = z.infer<typeof geodataUploadSchema>;

export const geodataUploadAnswerSchema = z.object({ uploadId: z.string(), jobId: z.string() });

/** POST /geodata/{uploadId}/confirm: which layers to import, as what, in which projection. */
export const geodataConfirmSchema = z.object({
  layers: z
    .array(
      z
        .object({
          /** The layer's name in the upload. */
          source: z.string().min(1).max(300),
          layerName: layerMachineNameSchema,
          title: z.string().trim().min(1).max(200),
          /** Required for a layer that needs confirmation; overrides nothing for one that declares its own. */
          crs: geodataCrsSchema.optional(),
          /** Replace this layer's features (its version is bumped) instead of making a new layer. */
          replaceLayerId: z.string().uuid().optional(),
          /** Import a layer that lies outside Great Britain anyway (refused without it). */
          outsideGreatBritain: z.literal(true).optional(),
        })
        .strict(),
    )
    .min(1)
    .max(GEODATA_LIMITS.maxLayersPerUpload),
});
export type GeodataConfirm = z.infer<typeof geodataConfirmSchema>;
export const geodataConfirmAnswerSchema = z.object({ jobId: z.string() });

/** What an import reports for each layer (the job's result). */
export const geodataImportReportSchema = z.object({
  layers: z.array(
    z.object({
      layerId: z.string(),
      layerName: z.string(),
      source: z.string(),
      imported: z.number().int(),
      repaired: z.number().int(),
      dropped: z.number().int(),
      problems: z.array(z.string()),
      /** The features repaired, by number and id (at most maxReportedProblems). */
      repairs: z.array(z.string()).optional(),
      /** Warnings about the imported layer (outside the council's area). */
      warnings: z.array(z.string()).optional(),
    }),
  ),
});
export type GeodataImportReport = z.infer<typeof geodataImportReportSchema>;

export const geodataCheckSchemaInput = z.object({
  source: z.string().min(1).max(300),
  layerId: z.string().uuid(),
});
export const geodataCheckSchemaAnswer = z.object({
  matches: z.boolean(),
  /** In the existing layer, not in the upload. */
  missing: z.array(z.string()),
  /** In the upload, not in the existing layer. */
  added: z.array(z.string()),
  typeChanges: z.array(z.object({ name: z.string(), from: z.string(), to: z.string() })),
  geometryTypeMatches: z.boolean(),
});

export const geodataRenameSchema = z.object({
  layerId: z.string().uuid(),
  layerName: layerMachineNameSchema.optional(),
  title: z.string().trim().min(1).max(200).optional(),
});

/** GET /geodata-info (spec 03 §3.6 Geodata info: id, layerId, parentId). */
export const geodataInfoSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      layerId: z.string(),
      /** The layer's theme. */
      parentId: z.string().nullable(),
      layerName: z.string(),
      title: z.string(),
      geometryType: z.string(),
      featureCount: z.number().int(),
      version: z.number().int(),
      source: z.record(z.string(), z.unknown()),
      updatedAt: z.string(),
    }),
  ),
});

/** A machine layer name from any text: lower case, digits and underscores, starting with a letter. */
export function suggestLayerName(text: string): string {
  const base = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 55);
  const name = /^[a-z]/.test(base) ? base : `layer_${base}`;
  return name.replace(/_+$/, '') || 'layer';
}

/**
 * The projection a layer's coordinates look like when its file declares none (issue 13): degrees
 * within ±180/±90 are WGS84, metres within Great Britain's grid are BNG, and metres in Web
 * Mercator's range around the British Isles are Web Mercator. Null when none fits.
 */
export function detectCrs(extent: readonly [number, number, number, number] | null): GeodataCrs | null {
  if (!extent) return null;
  const [minX, minY, maxX, maxY] = extent;
  if (![minX, minY, maxX, maxY].every(Number.isFinite)) return null;
  if (minX >= -180 && maxX <= 180 && minY >= -90 && maxY <= 90) return 'EPSG:4326';
  if (minX >= -100_000 && maxX <= 800_000 && minY >= -100_000 && maxY <= 1_400_000) return 'EPSG:27700';
  if (minX >= -2_000_000 && maxX <= 700_000 && minY >= 6_000_000 && maxY <= 9_000_000) return 'EPSG:3857';
  return null;
}

// Great Britain with its islands (Scilly to Shetland), a little generous, in each projection we read.
const GREAT_BRITAIN: Record<GeodataCrs, [number, number, number, number]> = {
  'EPSG:4326': [-9, 49.5, 2.1, 61.1],
  'EPSG:27700': [-10_000, -10_000, 710_000, 1_310_000],
  'EPSG:3857': [-1_000_000, 6_360_000, 235_000, 8_650_000],
};

/**
 * Whether an extent in a known projection lies outside Great Britain (issue 25: latitude and
 * longitude swapped imported silently far away), and whether swapping its axes would put it inside.
 * Null when the projection is not one we know the bounds in.
 */
export function outsideGreatBritain(
  extent: readonly [number, number, number, number] | null,
  crs: string | null,
): { outside: boolean; swapped: boolean } | null {
  if (!extent || !crs || !(crs in GREAT_BRITAIN)) return null;
  const [minX, minY, maxX, maxY] = GREAT_BRITAIN[crs as GeodataCrs];
  const inside = (e: readonly number[]) => e[0]! >= minX && e[2]! <= maxX && e[1]! >= minY && e[3]! <= maxY;
  if (inside(extent)) return { outside: false, swapped: false };
  return { outside: true, swapped: inside([extent[1], extent[0], extent[3], extent[2]]) };
}
