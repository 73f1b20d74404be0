import { z } from 'zod';
import { httpUrlSchema } from '../common/schemas';
import { pmtilesTileTypes } from './pmtiles';

/** Spec 03 §7.3 map providers: the raster base maps a council may add to the offline one. */
export const baseMapLayers = ['os', 'satellite', 'terrain'] as const;
export type BaseMapLayer = (typeof baseMapLayers)[number];

export const basemapMessages = {
  notConfigured: 'This base map is not set up for your council',
  providerFailed: 'The map provider did not answer',
  notFound: 'There is no such base map',
  notPmtiles: 'This file is not a PMTiles archive (version 3)',
  damaged: 'This PMTiles archive is damaged',
  tooLarge: 'A base map archive can be at most 4 GB',
  notMultipart: 'Send the archive as multipart/form-data',
  noFile: 'Choose a PMTiles file to upload',
  badRange: 'The requested bytes are not in this archive',
  keyMissing: 'The address has {key}: give the key as well',
  zxyMissing: 'The address must contain {z}, {x} and {y}',
  httpsOnly: 'Give an https:// address',
  publicOnly: 'The address must be a public internet address, not this network or this machine',
  attributionMissing: 'Say whose map it is: give its attribution (for example © Ordnance Survey)',
  tooManyStyles: 'A council can have at most 20 style documents',
  tooManyRasters: 'A council can have at most 20 XYZ tile services',
  folderArchive: 'This archive was placed on the server: rename or remove its file there',
  renamed: 'Base map renamed',
} as const;

export const BASEMAP_LIMITS = {
  /** OS Open Zoomstack for Great Britain is about 3 GB as vector PMTiles. */
  maxArchiveBytes: 4 * 1024 ** 3,
  maxStyles: 20,
  maxRasters: 20,
} as const;

/**
 * Whether a host name may be an administrator's map provider: not this machine, not a private
 * or link-local network, by name or by address. The server checks the addresses a name resolves
 * to as well, when it connects.
 */
export function isPublicHostName(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (name === '' || name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local'))
    return false;
  if (name.endsWith('.internal') || name.endsWith('.home.arpa')) return false;
  // IPv6 literals: none is accepted (a provider is named, and the forms are too many to check).
  if (name.includes(':')) return false;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name);
  if (v4) {
    const [a = 0, b = 0] = v4.slice(1).map(Number);
    if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
    if (a === 169 && b === 254) return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 100 && b >= 64 && b <= 127) return false;
  }
  // Any other all-number name is an address in a short form (127.1, 0x7f.1, 2130706433).
  else if (/^(0x[0-9a-f]*|\d+)$/.test(name.split('.').pop() ?? '')) return false;
  return true;
}

/**
 * The WHATWG URL parser, which Node and browsers both have; this package is built without the
 * DOM or Node typings, so it is named here by the one thing we use of it.
 */
const WhatwgUrl = (globalThis as unknown as { URL: new (url: string) => { hostname: string } }).URL;

/** An https address on the public internet, as an administrator may add one. */
export const publicHttpsUrlSchema = httpUrlSchema
  .refine((url) => /^https:\/\//i.test(url), basemapMessages.httpsOnly)
  .refine((url) => {
    // The host as a browser or server reads it: 127.1, 0x7f.1 and 2130706433 are all 127.0.0.1.
    try {
      return isPublicHostName(new WhatwgUrl(url).hostname);
    } catch {
      return false;
    }
  }, basemapMessages.publicOnly);

const hasZxy = (url: string) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part));

/** `{key}` in an address stands for the council's key, put in by our server only. */
const hasKeyIfNeeded = (source: { key?: string | undefined }, url: string) =>
  !url.includes('{key}') || Boolean(source.key);

/** An XYZ tile service as configured (server side only: the key never reaches the browser). */
export const baseMapSourceSchema = z
  .object({
    /** http(s)://…/{z}/{x}/{y}…, as XYZ tile services give it; `{key}` where the key goes. */
    tiles: httpUrlSchema.refine(hasZxy, basemapMessages.zxyMissing),
    /** An OS Maps API (or other provider's) key, put into `{key}`. */
    key: z.string().trim().min(1).max(500).optional(),
    tileSize: z.union([z.literal(256), z.literal(512)]).default(256),
    maxZoom: z.number().int().min(0).max(23).default(19),
    attribution: z.string().max(300).nullable().default(null),
    /** Terrain only: how heights are packed into the image. */
    encoding: z.enum(['terrarium', 'mapbox']).optional(),
  })
  .refine((source) => hasKeyIfNeeded(source, source.tiles), {
    message: basemapMessages.keyMissing,
    path: ['key'],
  });

export const baseMapIdSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'Use lower-case letters, digits and hyphens');

/** A MapLibre style document (OS Vector Tile API, a council's own tile server, …). */
export const baseMapStyleSchema = z
  .object({
    id: baseMapIdSchema,
    name: z.string().trim().min(1).max(100),
    url: httpUrlSchema,
    key: z.string().trim().min(1).max(500).optional(),
    /** Shown on the map in place of the style's own sources' attribution, when given. */
    attribution: z.string().trim().min(1).max(300).optional(),
  })
  .refine((style) => hasKeyIfNeeded(style, style.url), {
    message: basemapMessages.keyMissing,
    path: ['key'],
  });

const attributionSchema = z
  .string({ message: basemapMessages.attributionMissing })
  .trim()
  .min(1, basemapMessages.attributionMissing)
  .max(300);

/**
 * An XYZ raster service an administrator added: its tiles come through our server (the key stays
 * there), which connects to public addresses only.
 */
export const baseMapRasterSchema = z
  .object({
    id: baseMapIdSchema,
    name: z.string().trim().min(1).max(100),
    tiles: publicHttpsUrlSchema.refine(hasZxy, basemapMessages.zxyMissing),
    key: z.string().trim().min(1).max(500).optional(),
    attribution: attributionSchema,
    tileSize: z.union([z.literal(256), z.literal(512)]).default(256),
    maxZoom: z.number().int().min(0).max(23).default(19),
  })
  .refine((source) => hasKeyIfNeeded(source, source.tiles), {
    message: basemapMessages.keyMissing,
    path: ['key'],
  });
export type BaseMapRaster = z.infer<typeof baseMapRasterSchema>;

const nameSchema = z.string().trim().min(1, 'Give the base map a name').max(100);

/** POST /basemaps/styles: a MapLibre style document by its https address. */
export const newStyleBaseMapSchema = z
  .object({
    name: nameSchema,
    url: publicHttpsUrlSchema,
    key: z.string().trim().min(1).max(500).optional(),
    attribution: z.string().trim().min(1).max(300).optional(),
  })
  .refine((style) => hasKeyIfNeeded(style, style.url), {
    message: basemapMessages.keyMissing,
    path: ['key'],
  });
export type NewStyleBaseMap = z.input<typeof newStyleBaseMapSchema>;

/** POST /basemaps/rasters: an XYZ raster tile service by its https template. */
export const newRasterBaseMapSchema = z
  .object({
    name: nameSchema,
    tiles: publicHttpsUrlSchema.refine(hasZxy, basemapMessages.zxyMissing),
    key: z.string().trim().min(1).max(500).optional(),
    attribution: attributionSchema,
    tileSize: z.union([z.literal(256), z.literal(512)]).default(256),
    maxZoom: z.number().int().min(0).max(23).default(19),
  })
  .refine((source) => hasKeyIfNeeded(source, source.tiles), {
    message: basemapMessages.keyMissing,
    path: ['key'],
  });
export type NewRasterBaseMap = z.input<typeof newRasterBaseMapSchema>;

/** PATCH /basemaps/{id}: a new name for an uploaded archive, a style document or an XYZ service. */
export const renameBaseMapSchema = z.object({ name: nameSchema });
export type RenameBaseMap = z.infer<typeof renameBaseMapSchema>;

/**
 * `tenants.base_maps`: the council's raster services (through our server), its style documents.
 * PMTiles archives are not listed here: they are files under DATA_DIR/basemaps/{council}/ or
 * uploads (`base_map_archives`).
 */
export const baseMapsConfigSchema = z.object({
  os: baseMapSourceSchema.optional(),
  satellite: baseMapSourceSchema.optional(),
  terrain: baseMapSourceSchema.optional(),
  styles: z.array(baseMapStyleSchema).max(BASEMAP_LIMITS.maxStyles).optional(),
  rasters: z.array(baseMapRasterSchema).max(BASEMAP_LIMITS.maxRasters).optional(),
});
export type BaseMapsConfig = z.input<typeof baseMapsConfigSchema>;

/** What the browser learns about a configured raster base map: never its address. */
export const baseMapInfoSchema = z.object({
  layer: z.enum(baseMapLayers),
  tileSize: z.union([z.literal(256), z.literal(512)]),
  maxZoom: z.number().int(),
  attribution: z.string().nullable(),
  encoding: z.enum(['terrarium', 'mapbox']).optional(),
});
export type BaseMapInfo = z.infer<typeof baseMapInfoSchema>;

/** A vector or raster PMTiles archive, read by the browser a byte range at a time. */
export const pmtilesBaseMapSchema = z.object({
  kind: z.literal('pmtiles'),
  id: z.string(),
  name: z.string(),
  /** 'upload' for archives an administrator sent, 'folder' for files under DATA_DIR. */
  origin: z.enum(['upload', 'folder']),
  /** Relative to the API: `/basemaps/{id}.pmtiles`. */
  path: z.string(),
  tileType: z.enum(pmtilesTileTypes),
  minZoom: z.number().int(),
  maxZoom: z.number().int(),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  attribution: z.string().nullable(),
  /** The vector layers of an MVT archive, from its metadata. */
  vectorLayers: z.array(z.string()),
  size: z.number(),
});
export type PmtilesBaseMap = z.infer<typeof pmtilesBaseMapSchema>;

/** A style document the browser loads itself (with the key, for those who may read placemaker). */
export const styleBaseMapSchema = z.object({
  kind: z.literal('style'),
  id: z.string(),
  name: z.string(),
  url: z.string(),
  attribution: z.string().nullable(),
});
export type StyleBaseMap = z.infer<typeof styleBaseMapSchema>;

/** An administrator's XYZ raster service, through our server: never its address. */
export const xyzBaseMapSchema = z.object({
  kind: z.literal('xyz'),
  id: z.string(),
  name: z.string(),
  /** Relative to the API: `/basemaps/rasters/{id}/{z}/{x}/{y}`. */
  path: z.string(),
  tileSize: z.union([z.literal(256), z.literal(512)]),
  maxZoom: z.number().int(),
  attribution: z.string(),
});
export type XyzBaseMap = z.infer<typeof xyzBaseMapSchema>;

export const baseMapChoiceSchema = z.discriminatedUnion('kind', [
  pmtilesBaseMapSchema,
  styleBaseMapSchema,
  xyzBaseMapSchema,
]);
export type BaseMapChoice = z.infer<typeof baseMapChoiceSchema>;

/** GET /basemaps: the vector base maps the council's maps may switch to. */
export const baseMapListSchema = z.object({ baseMaps: z.array(baseMapChoiceSchema) });
export type BaseMapList = z.infer<typeof baseMapListSchema>;

/**
 * GET /basemaps/settings (administrators): the addresses behind the council's style documents and
 * XYZ services, whether each has a key (never the key), and the providers set up with the council.
 */
export const baseMapSettingsSchema = z.object({
  styles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      url: z.string(),
      attribution: z.string().nullable(),
      hasKey: z.boolean(),
    }),
  ),
  rasters: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      tiles: z.string(),
      attribution: z.string(),
      tileSize: z.union([z.literal(256), z.literal(512)]),
      maxZoom: z.number().int(),
      hasKey: z.boolean(),
    }),
  ),
  /** OS, satellite and terrain services set up with the council (by whoever runs the platform). */
  providers: z.array(baseMapInfoSchema),
});
export type BaseMapSettings = z.infer<typeof baseMapSettingsSchema>;

export const boundaryLabelKinds = ['ward', 'parish', 'neighbourhood'] as const;

/** GET /basemaps/labels: one point per named ward, parish and neighbourhood, for map labels. */
export const boundaryLabelsSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.object({ kind: z.enum(boundaryLabelKinds), name: z.string() }),
    }),
  ),
});
export type BoundaryLabels = z.infer<typeof boundaryLabelsSchema>;

/**
 * Colours for a vector archive that brings no style of its own, by its layers' names (OS Open
 * Zoomstack's and Protomaps' names among them): water blue, green spaces green, roads white.
 */
export function vectorBaseMapColour(layer: string): { fill: string; line: string } {
  const name = layer.toLowerCase();
  if (/water|sea|river|lake|ocean|foreshore/.test(name)) return { fill: '#a8c8e8', line: '#7aa6d0' };
  if (/wood|forest|park|green|grass|natural|landcover|landuse|national/.test(name))
    return { fill: '#c8dfb0', line: '#9cbf80' };
  if (/building/.test(name)) return { fill: '#ddd6cc', line: '#c4b9aa' };
  if (/road|street|transport|rail|path/.test(name)) return { fill: '#ffffff', line: '#b4a99a' };
  if (/boundar/.test(name)) return { fill: 'rgba(0,0,0,0)', line: '#8c6f9c' };
  return { fill: '#eeebe3', line: '#c9c2b3' };
}
