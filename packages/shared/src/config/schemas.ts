import { z } from 'zod';
import {
  callForSitesQuestionnaireConfigSchema,
  interactiveMapConfigSchema,
  publicWebMapConfigSchema,
  storytellingConfigSchema,
  suggestionMapConfigSchema,
  touchPointsConfigSchema,
} from './documents';
import {
  layersOrderConfigSchema,
  layerTreeTooltipsConfigSchema,
  mapMetadataCardConfigSchema,
} from './layers';
import { siteFeaturesConfigSchema } from './siteFeatures';
import { siteCardConfigSchema, siteSearchConfigSchema } from './siteSearch';
import { configIssueMessage } from './issues';
import { configMessages, configTypeSchema, type ConfigType } from './types';

/** Spec 03 §3.2: the schema of each config type's document. */
export const configSchemas = {
  'interactive-map': interactiveMapConfigSchema,
  'public-web-map': publicWebMapConfigSchema,
  'suggestion-map': suggestionMapConfigSchema,
  storytelling: storytellingConfigSchema,
  'call-for-sites-questionnaire': callForSitesQuestionnaireConfigSchema,
  'touch-points': touchPointsConfigSchema,
  'site-card': siteCardConfigSchema,
  'site-features': siteFeaturesConfigSchema,
  'site-search': siteSearchConfigSchema,
  'map-metadata-card': mapMetadataCardConfigSchema,
  'layers-order': layersOrderConfigSchema,
  'layer-tree-tooltips': layerTreeTooltipsConfigSchema,
} as const satisfies Record<ConfigType, z.ZodType>;

/** The document of a type, as its schema gives it. */
export type ConfigDocumentOf<T extends ConfigType> = z.infer<(typeof configSchemas)[T]>;

/** One problem of a document: where (dotted path, '' for the whole document) and what. */
export const configIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ConfigIssue = z.infer<typeof configIssueSchema>;

export const configValidationSchema = z.object({
  valid: z.boolean(),
  /** 'Config is valid', 'Config is invalid', or why links could not be resolved. */
  message: z.string(),
  issues: z.array(configIssueSchema),
});
export type ConfigValidation = z.infer<typeof configValidationSchema>;

/** A zod path as the API and the editor show it: 'filters.0.label'. */
export const issuePath = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/**
 * Checks a document (links already resolved) against its type's schema: the result the editor
 * shows and the server refuses a save with.
 */
export function validateConfig(
  type: ConfigType,
  document: unknown,
): ConfigValidation & { data?: ConfigDocumentOf<ConfigType> } {
  const parsed = configSchemas[type].safeParse(document, { error: configIssueMessage });
  if (parsed.success) return { valid: true, message: configMessages.valid, issues: [], data: parsed.data };
  return {
    valid: false,
    message: configMessages.invalid,
    issues: parsed.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })),
  };
}

/** GET /configs/:type: the council's current document of a type (what the screens read). */
export const configResponseSchema = z.object({
  /** Null (with updatedAt) while the council has none and this is the type's default (spec 03 §3.3). */
  id: z.string().nullable(),
  type: configTypeSchema,
  label: z.string(),
  config: z.unknown(),
  updatedAt: z.string().nullable(),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;
