import { z } from 'zod';

/** Spec 01 §5, §7 "Lists": a council's named lists of sites. */
export const SITE_LIST_LIMITS = { nameMax: 100, sitesMax: 10_000 } as const;

export const siteListMessages = {
  /** Spec 01 §5: a list name is required to submit. */
  nameRequired: 'List name is required',
  nameTooLong: `A list name has at most ${SITE_LIST_LIMITS.nameMax} characters`,
  nameTaken: 'A list with this name already exists',
  /** Spec 01 §8 success note. */
  created: 'List created',
  added: (count: number, listName: string) =>
    `${count.toLocaleString('en-GB')} ${count === 1 ? 'site' : 'sites'} added to ${listName}`,
  scenarioNeeded: 'Choose the scenario this list is for',
} as const;

export const listNameSchema = z
  .string()
  .max(1000)
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .min(1, siteListMessages.nameRequired)
      .max(SITE_LIST_LIMITS.nameMax, siteListMessages.nameTooLong),
  );

export const siteListSchema = z.object({
  id: z.string(),
  listName: z.string(),
  siteCount: z.number().int(),
  scenarioName: z.string().nullable(),
  createdAt: z.string(),
});
export type SiteList = z.infer<typeof siteListSchema>;
export const siteListsSchema = z.object({ lists: z.array(siteListSchema) });

export const createSiteListBodySchema = z.object({
  listName: listNameSchema,
  scenarioName: z.string().min(1).max(100).optional(),
});
export const renameSiteListBodySchema = z.object({ listName: listNameSchema });
export const siteListSitesBodySchema = z.object({
  siteIds: z.array(z.number().int().positive()).min(1).max(SITE_LIST_LIMITS.sitesMax),
});
export const siteListChangeSchema = z.object({ changed: z.number().int(), siteCount: z.number().int() });
export const siteListSiteIdsSchema = z.object({ siteIds: z.array(z.string()) });
export const siteListsOfSiteSchema = z.object({
  lists: z.array(z.object({ id: z.string(), listName: z.string() })),
});
