import { z } from 'zod';
import { searchFiltersSchema } from '../search/filters';
import { EXPORT_LIMITS, exportFileTypes, exportGeometryColumns, exportMessages } from './rules';

const fieldName = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'A field name');
/** Ids arrive as numbers or as digit strings (the search answers them as strings). */
const siteId = z
  .union([z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,18}$/, 'A site id')])
  .transform((value) => String(value));

/**
 * PUT /site/export (spec 01 §7): which sites (ids, a site list, or a search's filters), which
 * fields, which geometry and which format. Small exports answer the file; larger ones a job.
 */
export const siteExportRequestSchema = z
  .object({
    site_ids: z.array(siteId).min(1).max(EXPORT_LIMITS.maxSites, exportMessages.tooMany).optional(),
    listId: z.uuid().optional(),
    filters: searchFiltersSchema.optional(),
    scenario: z.string().min(1).max(100).optional(),
    file_type: z.enum(exportFileTypes),
    selected_fields: z.array(fieldName).max(EXPORT_LIMITS.maxFields).default([]),
    geometry_column: z.enum(exportGeometryColumns).default('wkb_geometry'),
  })
  .refine(
    (request) =>
      [request.site_ids, request.listId, request.filters].filter((source) => source !== undefined).length <=
      1,
    { message: exportMessages.oneSource, path: ['site_ids'] },
  );
export type SiteExportRequest = z.input<typeof siteExportRequestSchema>;
export type SiteExportInput = z.output<typeof siteExportRequestSchema>;

/** The answer of an export that runs in the background. */
export const siteExportQueuedSchema = z.object({
  jobId: z.string(),
  notificationId: z.string().nullable(),
  total: z.number().int(),
});
export type SiteExportQueued = z.infer<typeof siteExportQueuedSchema>;

export const siteExportJobParamsSchema = z.object({ jobId: z.uuid() });

/**
 * A background export's state, for the export screen itself to poll: the file is collectable
 * there whatever the council's flags (the bell is hidden when notifications are off).
 */
export const siteExportStatusSchema = z.object({
  jobId: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Set once the file is ready, until it expires. */
  download: z.object({ url: z.string(), name: z.string() }).nullable(),
  expired: z.boolean(),
});
export type SiteExportStatus = z.infer<typeof siteExportStatusSchema>;

/** A saved choice of fields, geometry and format (spec 01 §3 "data export presets"). */
export const exportPresetSchema = z.object({
  name: z.string().trim().min(1, exportMessages.presetName).max(100),
  fields: z.array(fieldName).max(EXPORT_LIMITS.maxFields),
  geometry: z.enum(exportGeometryColumns).default('wkb_geometry'),
  fileType: z.enum(exportFileTypes).default('csv'),
});
export type ExportPreset = z.infer<typeof exportPresetSchema>;

/** GET/PUT /user/export-presets: the user's presets, names unique. */
export const exportPresetsSchema = z.object({
  presets: z
    .array(exportPresetSchema)
    .max(EXPORT_LIMITS.maxPresets)
    .refine((presets) => new Set(presets.map((preset) => preset.name)).size === presets.length, {
      message: 'Preset names must be unique',
    }),
});
export type ExportPresets = z.infer<typeof exportPresetsSchema>;
