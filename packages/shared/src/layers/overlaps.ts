import { z } from 'zod';

/** Spec 03 §3.6 "Layer overlap result", with the area it stands for. */
export const layerOverlapSchema = z.object({
  layerId: z.string(),
  layerName: z.string(),
  layerTitle: z.string(),
  /** Of the site's own area, 0 to 100 (0 for a point or line layer the site meets). */
  layerOverlapPercent: z.number(),
  overlapAreaM2: z.number(),
});
export type LayerOverlap = z.infer<typeof layerOverlapSchema>;

export const siteOverlapsSchema = z.object({ layers: z.array(layerOverlapSchema) });

/** The job that works out every site's overlap with a layer (after an upload or replacement). */
export const OVERLAPS_JOB_KIND = 'layers.overlaps';
export const overlapsJobPayloadSchema = z.object({ layerId: z.string().uuid().optional() });

export const overlapMessages = {
  notificationLabel: 'Constraint overlaps',
  failed: 'Failed to fetch related sites data',
} as const;
