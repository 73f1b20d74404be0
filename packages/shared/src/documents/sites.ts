import { z } from 'zod';

/**
 * Spec 02 §3 "Site (in documents)": what a public document's map block (and a site question)
 * shows of one of its sites: id, name, helaa_reference, site_tags with tag_name, the outline in
 * WGS84 for the map, and the values of the block's site info config columns (and nothing else).
 */
export const documentSiteSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  helaa_reference: z.string().nullable(),
  site_tags: z.array(z.object({ tag_name: z.string() })),
  /** A GeoJSON geometry in EPSG:4326; null when the site has no outline. */
  geometry: z
    .object({ type: z.string(), coordinates: z.array(z.unknown()) })
    .loose()
    .nullable(),
  /** Column name → value, for the columns the block's site info config names. */
  info: z.record(z.string(), z.unknown()),
});
export type DocumentSite = z.infer<typeof documentSiteSchema>;

/** GET /public/documents/{id}/map/{blockId}/sites. */
export const documentSitesSchema = z.object({ sites: z.array(documentSiteSchema) });

export const documentMapParamsSchema = z.object({
  id: z.string().uuid('A document id'),
  blockId: z.string().min(1).max(100),
});

/** Spec 02 §2 Document map block, word for word. */
export const documentMapMessages = {
  selectSite: 'Please select a site to see more information',
  siteInformation: (caption: string) => `${caption} Site information`,
  loadingSiteDetails: 'Loading site details...',
  siteDetailsFailed: 'Failed to load site details',
  showAllLayers: 'Show all layers',
  screenshotName: 'map-screenshot',
  /** Ours: a block id that is not a map of this document. */
  notAMap: 'This block is not a map of the document',
} as const;
