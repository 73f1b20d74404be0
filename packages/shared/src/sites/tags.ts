import { z } from 'zod';

/** Spec 01 §5, §9: tag names and their suggestions. */
export const TAG_LIMITS = { nameMin: 3, nameMax: 100, suggestionsMax: 8, bulkSitesMax: 10_000 } as const;

export const tagMessages = {
  tooShort: `A tag needs at least ${TAG_LIMITS.nameMin} characters`,
  tooLong: `A tag has at most ${TAG_LIMITS.nameMax} characters`,
  empty: 'Enter a tag',
  notOnSite: 'This site has no such tag',
  failed: 'Failed to update tags for sites',
  fetchFailed: 'Failed fetching tags',
} as const;

/**
 * Spec 01 §4: a tag as typed becomes trimmed, its spaces hyphens, lower case ("Flood zone 2" is
 * "flood-zone-2"). Runs of spaces make one hyphen.
 */
export function normaliseTagName(typed: string): string {
  return typed.trim().replace(/\s+/g, '-').toLowerCase();
}

/** A typed tag, normalised, or the reason it cannot be one. */
export const tagNameSchema = z
  .string()
  .max(1000)
  .transform(normaliseTagName)
  .pipe(
    z
      .string()
      .min(1, tagMessages.empty)
      .min(TAG_LIMITS.nameMin, tagMessages.tooShort)
      .max(TAG_LIMITS.nameMax, tagMessages.tooLong),
  );

/**
 * Spec 01 §5: suggestions for what is being typed: the council's tags containing it, without those
 * the site has already (compared case-insensitively), at most eight, in name order.
 */
export function tagSuggestions(all: readonly string[], applied: readonly string[], typed: string): string[] {
  const wanted = normaliseTagName(typed);
  const taken = new Set(applied.map((name) => name.toLowerCase()));
  return [...all]
    .filter((name) => !taken.has(name.toLowerCase()) && name.toLowerCase().includes(wanted))
    .sort((a, b) => a.localeCompare(b))
    .slice(0, TAG_LIMITS.suggestionsMax);
}

export const tagSchema = z.object({ id: z.string(), name: z.string(), color: z.string().nullable() });
export type SiteTagItem = z.infer<typeof tagSchema>;
export const tagListSchema = z.object({ tags: z.array(tagSchema) });

export const createTagBodySchema = z.object({ created_tag_name: tagNameSchema });
export const deleteTagBodySchema = z.object({ deleted_tag_name: tagNameSchema });
export const bulkTagBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(TAG_LIMITS.bulkSitesMax),
  tag: tagNameSchema,
});
export const bulkTagAnswerSchema = z.object({
  tag: tagSchema,
  created: z.array(z.object({ site_id: z.number(), tag_id: z.string() })),
});
