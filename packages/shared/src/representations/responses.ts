import { z } from 'zod';
import { REPRESENTATION_LIMITS as L } from './limits';
import { representationMessages as m } from './messages';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text a reader sees in an HTML fragment: tags dropped, block ends as line breaks, entities
 * decoded. Spec 02 §5 counts a response's 8000 characters in this plain text, not in its HTML.
 */
export function htmlPlainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === '#') {
        const point =
          code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
      }
      return entities[code.toLowerCase()] ?? whole;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Spec 02 §5 Response: title required, at most 2000; content required, at most 8000 in plain text. */
export const responseTitleSchema = z
  .string({ error: m.responseTitleRequired })
  .trim()
  .min(1, m.responseTitleRequired)
  .max(L.responseTitleMax, m.responseTitleTooLong);

export const responseTextSchema = z
  .string({ error: m.responseRequired })
  .max(100_000, m.responseTooLong)
  .refine((html) => htmlPlainText(html).length > 0, m.responseRequired)
  .refine((html) => htmlPlainText(html).length <= L.responseContentMax, m.responseTooLong);

/** Spec 02 §3 Response and §7 "Upsert responses: a list per representation or sub-representation". */
export const responseInputSchema = z.object({
  id: z.uuid().nullish(),
  description: responseTitleSchema,
  text: responseTextSchema,
  useAsTemplate: z.boolean().default(false),
});
export type ResponseInput = z.input<typeof responseInputSchema>;

export const upsertResponsesBodySchema = z
  .object({
    representationId: z.uuid().nullish(),
    subRepresentationId: z.uuid().nullish(),
    responses: z.array(responseInputSchema).max(50),
  })
  .refine((value) => !(value.representationId && value.subRepresentationId), { message: m.responseTarget });

export const responseSchema = z.object({
  id: z.string(),
  description: z.string(),
  text: z.string(),
  useAsTemplate: z.boolean(),
  representationId: z.string().nullable(),
  subRepresentationId: z.string().nullable(),
  /** 'R000042' or 'R000042/3'. */
  target: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deleted: z.boolean(),
});
export type ConsultationResponse = z.infer<typeof responseSchema>;
