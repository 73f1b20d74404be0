import { z } from 'zod';
import { DOCUMENT_LIMITS } from './limits';
import { responseTagMessages } from './messages';
import { entityIdSchema } from './schemas';

/** The key two tags are compared by: 'Flooding' and 'flooding ' are the same tag. */
export const responseTagKey = (tag: string) => tag.trim().toLowerCase();

/** One tag: trimmed text of 1 to 40 characters. */
export const responseTagSchema = z
  .string()
  .trim()
  .min(1, responseTagMessages.tagEmpty)
  .max(DOCUMENT_LIMITS.tagLengthMax, responseTagMessages.tagTooLong);

/**
 * A question's tags (spec 02 §2 My responses): at most 10, no two alike ignoring case. The web
 * form and the server apply this same rule, so both say the same words.
 */
export const responseTagListSchema = z
  .array(responseTagSchema)
  .max(DOCUMENT_LIMITS.tagsPerQuestionMax, responseTagMessages.tooManyTags)
  .superRefine((tags, context) => {
    const seen = new Set<string>();
    tags.forEach((tag, index) => {
      if (seen.has(responseTagKey(tag)))
        context.addIssue({ code: 'custom', message: responseTagMessages.duplicateTag(tag), path: [index] });
      seen.add(responseTagKey(tag));
    });
  });

/**
 * What the resident sends. The generous caps here only bound the request; `responseTagsProblem` applies
 * the rule above with its words.
 */
export const responseTagsInputSchema = z.object({
  tags: z.array(z.string().max(1000)).max(100),
});
export type ResponseTagsInput = z.infer<typeof responseTagsInputSchema>;

/** The first thing wrong with a list of tags, in the user's words; null when it may be saved. */
export function responseTagsProblem(tags: readonly string[]): string | null {
  const parsed = responseTagListSchema.safeParse(tags);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? responseTagMessages.tagEmpty);
}

/** Tags as kept: trimmed (call after `responseTagsProblem` said null). */
export const normaliseResponseTags = (tags: readonly string[]) => tags.map((tag) => tag.trim());

export const responseTagsParamsSchema = z.object({
  id: z.string().uuid('A document id'),
  questionId: entityIdSchema,
});

/** One question's tags, as My responses reads them and the save answers. */
export const questionTagsSchema = z.object({
  questionId: z.string(),
  tags: z.array(z.string()),
});
export type QuestionTags = z.infer<typeof questionTagsSchema>;

/** Whether the reader may tag their answered questions now, and if not why (spec 02 §6). */
export const responseTagPolicySchema = z.object({
  canTag: z.boolean(),
  /** Why not, in words for the reader; null when they may. */
  reason: z.string().nullable(),
});
export type ResponseTagPolicy = z.infer<typeof responseTagPolicySchema>;
