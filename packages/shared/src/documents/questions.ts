import { z } from 'zod';
import { siteOverlapsSchema } from '../layers/overlaps';
import { documentSiteSchema } from './sites';

/**
 * The sites a resident may pick in a document's site questions: those of its map blocks (spec 02
 * §2 the site-linked question's 'Select site' list), named as the public may see them.
 */
export const publicDocumentSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The HELAA reference, when the council gave one. */
  reference: z.string().nullable(),
  /** The outline in WGS84 for the question's map (null: no outline). */
  geometry: documentSiteSchema.shape.geometry,
});
export type PublicDocumentSite = z.infer<typeof publicDocumentSiteSchema>;
export const publicDocumentSitesSchema = z.object({ sites: z.array(publicDocumentSiteSchema) });

/** Spec 02 §2 'Layer associated with this site': the public layers a document's site overlaps. */
export const publicSiteLayersSchema = siteOverlapsSchema;
export const publicSiteParamsSchema = z.object({
  id: z.string().uuid(),
  siteId: z.string().regex(/^\d{1,18}$/, 'A site id is a number'),
});
