import { z } from 'zod';
import { configChangeSchema } from './compare';
import { featureFlagNameSchema } from './flags';
import { configValidationSchema } from './schemas';
import { configMessages, configStoreSchema, configTypeSchema } from './types';

/**
 * The API of the config documents (issue 16 point 1; spec 03 §3.4, §7.2): /config-documents and
 * /config-templates, all for a council's administrators. Every change is versioned and audited.
 */

/** A tag of a config (spec 03 §3.4 config meta: tags). */
export const configTagSchema = z
  .string()
  .trim()
  .min(1, configMessages.tagInvalid)
  .max(50, configMessages.tagInvalid);
export const configTagsSchema = z.array(configTagSchema).max(20);

/**
 * Spec 03 §3.4 config_assignment: what a config is assigned to. 'tenant' is the council's current
 * document of the type (what the screens read); others name their use ('event', 'draft', …).
 */
export const configAssignmentSchema = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9][a-z0-9:_-]{0,99}$/,
    'An assignment has lower-case letters, digits, :, _ or - (up to 100)',
  );

export const configLabelSchema = z.string().trim().min(1, configMessages.labelRequired).max(200);

/** Free data kept with a config (spec 03 §3.4 optional_data), such as a description. */
export const configOptionalDataSchema = z.record(z.string(), z.unknown());

/** The actions a config version records. */
export const configVersionActions = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  restore: 'Restored',
  rollback: 'Rolled back',
} as const;
export type ConfigVersionAction = keyof typeof configVersionActions;
export const configVersionActionSchema = z.enum(
  Object.keys(configVersionActions) as [ConfigVersionAction, ...ConfigVersionAction[]],
);

const timestamp = z.string();

/** A config in a list: its meta, no document. */
export const configDocumentListItemSchema = z.object({
  id: z.uuid(),
  type: configTypeSchema,
  typeLabel: z.string(),
  store: configStoreSchema,
  label: z.string(),
  tags: z.array(z.string()),
  assignment: z.string().nullable(),
  appFeature: featureFlagNameSchema.nullable(),
  templateId: z.uuid().nullable(),
  /** 1 when created; each change, deletion, restore or rollback adds one. */
  version: z.number().int(),
  createdAt: timestamp,
  createdBy: z.string().nullable(),
  updatedAt: timestamp,
  updatedBy: z.string().nullable(),
  deletedAt: timestamp.nullable(),
  deletedBy: z.string().nullable(),
});
export type ConfigDocumentListItem = z.infer<typeof configDocumentListItemSchema>;

/** GET /config-documents/:id/meta (spec 03 §7.2 config metadata by config id). */
export const configDocumentMetaSchema = configDocumentListItemSchema.extend({
  optionalData: configOptionalDataSchema.nullable(),
});
export type ConfigDocumentMeta = z.infer<typeof configDocumentMetaSchema>;

/** GET /config-documents/:id: the meta, the document as stored, with links resolved, and its check. */
export const configDocumentDetailSchema = configDocumentMetaSchema.extend({
  config: z.unknown(),
  /** The document with every link replaced (null when a link could not be resolved). */
  resolved: z.unknown().nullable(),
  validation: configValidationSchema,
});
export type ConfigDocumentDetail = z.infer<typeof configDocumentDetailSchema>;

export const configDocumentListSchema = z.object({ items: z.array(configDocumentListItemSchema) });
export type ConfigDocumentList = z.infer<typeof configDocumentListSchema>;

/** GET /config-documents/by-ids (spec 03 §7.2 configs by ids with a table and type): documents. */
export const configDocumentDetailListSchema = z.object({ items: z.array(configDocumentDetailSchema) });

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

export const configDocumentListQuerySchema = z.object({
  type: configTypeSchema.optional(),
  store: configStoreSchema.optional(),
  assignment: configAssignmentSchema.optional(),
  tag: configTagSchema.optional(),
  /** Deleted configs too (they are left out otherwise). */
  includeDeleted: booleanQuery,
});
export type ConfigDocumentListQuery = z.input<typeof configDocumentListQuerySchema>;

export const configDocumentsByIdsQuerySchema = z.object({
  /** Comma-separated config ids (up to 100). */
  ids: z
    .string()
    .max(4000)
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.uuid()).min(1).max(100)),
  store: configStoreSchema.optional(),
  type: configTypeSchema.optional(),
});

/** POST /config-documents. Without `config` (and template) the type's default (spec 03 §3.3). */
export const createConfigDocumentBodySchema = z.object({
  type: configTypeSchema,
  label: configLabelSchema,
  store: configStoreSchema.optional(),
  tags: configTagsSchema.optional(),
  assignment: configAssignmentSchema.nullable().optional(),
  appFeature: featureFlagNameSchema.nullable().optional(),
  optionalData: configOptionalDataSchema.nullable().optional(),
  config: z.unknown().optional(),
  /** Copy this template's document (it must be of the same type). */
  templateId: z.uuid().optional(),
});
export type CreateConfigDocumentBody = z.infer<typeof createConfigDocumentBodySchema>;

/** PUT /config-documents/:id. `expectedVersion` is the version the editor opened (409 when stale). */
export const updateConfigDocumentBodySchema = z.object({
  config: z.unknown(),
  label: configLabelSchema.optional(),
  tags: configTagsSchema.optional(),
  assignment: configAssignmentSchema.nullable().optional(),
  appFeature: featureFlagNameSchema.nullable().optional(),
  optionalData: configOptionalDataSchema.nullable().optional(),
  expectedVersion: z.number().int().min(1),
});
export type UpdateConfigDocumentBody = z.infer<typeof updateConfigDocumentBodySchema>;

/** A version of a config: who did what, when. */
export const configVersionSchema = z.object({
  version: z.number().int(),
  action: configVersionActionSchema,
  actionLabel: z.string(),
  changedAt: timestamp,
  changedBy: z.string().nullable(),
  /** What changed in a few words ('filters.2 added'). */
  summary: z.string(),
});
export type ConfigVersion = z.infer<typeof configVersionSchema>;
export const configVersionListSchema = z.object({ items: z.array(configVersionSchema) });

/** GET /config-documents/:id/versions/:version: the document before and after it. */
export const configVersionDetailSchema = configVersionSchema.extend({
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  changes: z.array(configChangeSchema),
});
export type ConfigVersionDetail = z.infer<typeof configVersionDetailSchema>;

/** POST /config-documents/:id/rollback: back to the document as it was after `version`. */
export const rollbackConfigDocumentBodySchema = z.object({
  version: z.number().int().min(1),
  /** When given, 409 unless the config is still at this version. */
  expectedVersion: z.number().int().min(1).optional(),
});
export type RollbackConfigDocumentBody = z.infer<typeof rollbackConfigDocumentBodySchema>;

/** Spec 03 §3.4 Template: name, tenant_id, feature_id (the config type), created_by. */
export const configTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: configTypeSchema,
  typeLabel: z.string(),
  config: z.unknown(),
  createdAt: timestamp,
  createdBy: z.string().nullable(),
});
export type ConfigTemplate = z.infer<typeof configTemplateSchema>;
export const configTemplateListSchema = z.object({ items: z.array(configTemplateSchema) });

export const configTemplateListQuerySchema = z.object({ type: configTypeSchema.optional() });

/** POST /config-templates: from a document given, or a copy of a config's current document. */
export const createConfigTemplateBodySchema = z
  .object({
    name: z.string().trim().min(1, configMessages.nameRequired).max(200),
    type: configTypeSchema,
    config: z.unknown().optional(),
    fromConfigId: z.uuid().optional(),
  })
  .refine((body) => body.config !== undefined || body.fromConfigId !== undefined, {
    message: 'Give a config or the id of a config to copy',
    path: ['config'],
  });
export type CreateConfigTemplateBody = z.infer<typeof createConfigTemplateBodySchema>;

/** The API's paths, for the client and the tests. */
export const configDocumentPaths = {
  list: '/config-documents',
  byIds: '/config-documents/by-ids',
  one: (id: string) => `/config-documents/${id}`,
  meta: (id: string) => `/config-documents/${id}/meta`,
  restore: (id: string) => `/config-documents/${id}/restore`,
  versions: (id: string) => `/config-documents/${id}/versions`,
  version: (id: string, version: number) => `/config-documents/${id}/versions/${version}`,
  rollback: (id: string) => `/config-documents/${id}/rollback`,
  byAssignment: (assignment: string) => `/config-documents/assignment/${assignment}`,
  templates: '/config-templates',
  template: (id: string) => `/config-templates/${id}`,
} as const;
