import { z } from 'zod';
import { REPRESENTATION_LIMITS as L } from './limits';
import { responseSchema } from './responses';

/** The response manager's words where the spec is silent (spec 02 §5's are in messages.ts). */
export const responseManagerMessages = {
  targetRequired: 'A response that is not a template belongs to a representation or a sub-representation',
  notDeleted: 'This response is not deleted',
  noResponses: 'No responses yet',
  noTemplates: 'You haven’t saved any response templates',
} as const;

/** 'true' or 'false' in an address, as a boolean. */
const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/**
 * GET /consultations/responses: one representation's or sub-representation's responses, the
 * templates (`templates=true`), or a search over titles and plain text; deleted ones on request.
 */
export const responseListQuerySchema = z
  .object({
    representationId: z.uuid().optional(),
    subRepresentationId: z.uuid().optional(),
    templates: queryFlag,
    search: z.string().trim().max(L.searchMax).optional(),
    includeDeleted: queryFlag,
  })
  .refine((value) => !(value.representationId && value.subRepresentationId), {
    message: 'Name a representation or a sub-representation, not both',
  });
export type ResponseListQuery = z.input<typeof responseListQuerySchema>;

export const responseListSchema = z.object({ responses: z.array(responseSchema) });

/** At most this many responses in one list (a search or the templates). */
export const RESPONSE_LIST_MAX = 200;
