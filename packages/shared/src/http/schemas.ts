import { z } from 'zod';

/** Every error the API sends has this body; `issues` lists field problems for a 400. */
export const errorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'postgres']),
});
export type Health = z.infer<typeof healthSchema>;
