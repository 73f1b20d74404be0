import { z } from 'zod';
import { siteLayoutsSchema } from '../sites/record';

/** Issue 16 point 3: the council's default site page layout (null: the built-in one). */
export const councilLayoutSchema = z.object({
  layouts: siteLayoutsSchema.nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type CouncilLayout = z.infer<typeof councilLayoutSchema>;
export const councilLayoutInputSchema = z.object({ layouts: siteLayoutsSchema.nullable() });
