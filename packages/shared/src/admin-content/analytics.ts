import { z } from 'zod';

/** /admin/consultations/analytics: a line per document, with a link to its response analysis. */
export const documentActivitySchema = z.object({
  id: z.string(),
  title: z.string(),
  published: z.boolean(),
  respondents: z.number().int(),
  answers: z.number().int(),
  lastResponseAt: z.string().nullable(),
});
export type DocumentActivity = z.infer<typeof documentActivitySchema>;
export const documentActivityListSchema = z.object({ documents: z.array(documentActivitySchema) });
