import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { z } from 'zod';
import { siteTagSchema } from '../search/schemas';
import { SITE_RECORD_LIMITS, siteMessages } from './messages';

dayjs.extend(customParseFormat);

/**
 * The site as an officer's working record (spec 01 §3 Site, History item, Note payload, Site update
 * payload, Related site; §4 inline edit, history filter; §5 note, numeric edit, dates, polygons).
 */
// The limits and messages live apart from the schemas (and dayjs, for dates), so a page that
// only says a message (the call-for-sites boundary map) does not load them.
export { SITE_RECORD_LIMITS, siteMessages };

/** Fields the council calculates; an officer may override them, giving a reason (issue 11 point 2). */
export const computedSiteFields = ['optimised_unit_capacity', 'suitability_assessment_result'] as const;
export const isComputedSiteField = (name: string): boolean =>
  (computedSiteFields as readonly string[]).includes(name);

/**
 * Spec 01 §5: 'Not in range {min} - {max}' when a number lies outside the field's limits; a range of
 * 0 and 0 means no limit, and a missing bound none on that side. Null when the value is fine.
 */
export function rangeError(value: number, min: number | null | undefined, max: number | null | undefined) {
  const low = min ?? null;
  const high = max ?? null;
  if (low === 0 && high === 0) return null;
  if ((low !== null && value < low) || (high !== null && value > high))
    return siteMessages.notInRange(low, high);
  return null;
}

// Spec 01 §5: the six accepted date formats (with one-digit days and months too, as people type).
const DATE_FORMATS = [
  'D MMMM YYYY',
  'DD MMMM YYYY',
  'MMMM D, YYYY',
  'MMMM DD, YYYY',
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'D/M/YYYY',
  'YYYY/MM/DD',
  'YYYY/M/D',
  'MMMM YYYY',
];

/** A date typed in one of spec 01 §5's formats as yyyy-MM-dd ('December 2026' is its first day), or null. */
export function parseSiteDate(typed: string): string | null {
  const text = typed.trim().replace(/\s+/g, ' ');
  for (const format of DATE_FORMATS) {
    // Month names in any case ('25 december 2026'): strict parsing wants them capitalised.
    const candidate = text.replace(
      /[a-z]+/gi,
      (word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
    );
    const parsed = dayjs(candidate, format, true);
    if (parsed.isValid()) return parsed.format('YYYY-MM-DD');
  }
  return null;
}

/** A geometry as GeoJSON in WGS84 (what the maps draw and what a drawn site sends). */
const geoJsonGeometrySchema = z.object({ type: z.string(), coordinates: z.unknown() }).catchall(z.unknown());
export type GeoJsonGeometry = z.infer<typeof geoJsonGeometrySchema>;
const drawnGeometrySchema = z.object({
  type: z.enum(['Polygon', 'MultiPolygon', 'Point']),
  coordinates: z.array(z.unknown()),
});

export const siteOverrideSchema = z.object({
  field: z.string(),
  computedValue: z.unknown(),
  value: z.unknown(),
  reason: z.string(),
  userName: z.string(),
  date: z.string(),
});

/** GET /site/{id}: spec 01 §3 Site, the council's field values under `properties`. */
export const siteRecordSchema = z.object({
  id: z.string(),
  id_unique: z.string(),
  scenario_name: z.string(),
  version: z.number().int(),
  properties: z.record(z.string(), z.unknown()),
  site_tags: z.array(siteTagSchema),
  children_data: z.unknown(),
  public_map_visibility: z.boolean(),
  is_deleted: z.boolean(),
  wkb_geometry: geoJsonGeometrySchema,
  wkb_geometry_cut: geoJsonGeometrySchema.nullable(),
  /** [west, south, east, north] in WGS84, for fitting a map. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  overrides: z.array(siteOverrideSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiteRecord = z.infer<typeof siteRecordSchema>;

export const historyTypes = ['NOTE', 'FILE', 'EDIT'] as const;
export const historyTypeSchema = z.enum(historyTypes);
export type HistoryType = z.infer<typeof historyTypeSchema>;

/** Spec 01 §3 History item; an edit's `edit_content` is field|old|new, its parts also given apart. */
export const historyItemSchema = z.object({
  id: z.string(),
  type: historyTypeSchema,
  user_id: z.string().nullable(),
  user_name: z.string(),
  date: z.string(),
  content: z.string().nullable(),
  edit_content: z.string().nullable(),
  edit: z.object({ field: z.string(), label: z.string(), old: z.string(), new: z.string() }).nullable(),
  override_reason: z.string().nullable(),
  file_name: z.string().nullable(),
  action_type: z.string().nullable(),
  edited_at: z.string().nullable(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const timelineQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'A history item id')
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SITE_RECORD_LIMITS.timelineMax)
    .default(SITE_RECORD_LIMITS.timelineDefault),
  type: historyTypeSchema.optional(),
});
export const timelineSchema = z.object({
  items: z.array(historyItemSchema),
  nextCursor: z.string().nullable(),
});
export type Timeline = z.infer<typeof timelineSchema>;

/** Spec 01 §4 history filter: None, File, Note or Edit, and what an empty history says for each. */
export const historyFilters = [
  { label: 'None', type: undefined, nothing: 'changes' },
  { label: 'File', type: 'FILE', nothing: 'file uploads' },
  { label: 'Note', type: 'NOTE', nothing: 'notes' },
  { label: 'Edit', type: 'EDIT', nothing: 'edits' },
] as const;
export const emptyHistoryText = (nothing: string) => `No previous ${nothing} found for this site.`;

/** GET /site/v2/{id}: the site with the first page of its history, in one round trip. */
export const sitePageSchema = z.object({ site: siteRecordSchema, history: timelineSchema });

const noteContent = z
  .string()
  .max(SITE_RECORD_LIMITS.noteMax)
  .transform((text) => text.trim())
  .pipe(z.string().min(SITE_RECORD_LIMITS.noteMin, siteMessages.noteTooShort));
/** Spec 01 §3 Note payload; the author is the signed-in user, whatever a client sends. */
export const noteBodySchema = z.object({ note_content: noteContent });
export const noteSchema = z.object({
  id: z.string(),
  note_content: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string(),
  date: z.string(),
  edited_at: z.string().nullable(),
});
export const notesSchema = z.object({ notes: z.array(noteSchema) });

/** An edited value as an inline editor sends it: text, a number, yes/no, a list, or empty. */
export const editValueSchema = z.union([
  z.string().max(SITE_RECORD_LIMITS.textMax * 2),
  z.number(),
  z.boolean(),
  z.array(z.string().max(200)).max(100),
  z.null(),
]);
export type EditValue = z.infer<typeof editValueSchema>;

const versionSchema = z.number().int().min(1);

/**
 * Spec 01 §3 Site update payload. The editor is the signed-in user (user_id and user_name sent by a
 * client are ignored); `version` (or an If-Match header) is the version the client read.
 */
export const siteUpdateBodySchema = z.object({
  column_name_raw: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, siteMessages.fieldUnknown),
  column_name_readable: z.string().max(200).optional(),
  new_value: editValueSchema,
  old_value: editValueSchema.optional(),
  should_update_all_scenarios: z.boolean().default(false),
  id_unique: z.string().max(100).optional(),
  version: versionSchema.optional(),
  /** Required when the field is one the council calculates (computedSiteFields). */
  override_reason: z.string().trim().max(SITE_RECORD_LIMITS.reasonMax).optional(),
});
export type SiteUpdateBody = z.input<typeof siteUpdateBodySchema>;

export const siteUpdateAnswerSchema = z.object({
  site: siteRecordSchema,
  history: z.array(historyItemSchema),
});

export const versionBodySchema = z.object({ version: versionSchema.optional() });

/** Public map visibility (spec 01 §4): for this site, or for the chosen scenarios of its id_unique. */
export const visibilityBodySchema = z.object({
  public_map_visibility: z.boolean(),
  scenario_names: z.array(z.string().min(1).max(100)).max(50).optional(),
  version: versionSchema.optional(),
});

export const siteScenariosSchema = z.object({
  scenarios: z.array(
    z.object({ id: z.string(), scenario_name: z.string(), public_map_visibility: z.boolean() }),
  ),
});

/** Boundary edit (spec 01 §7 "insert new edit geometry with wkbGeometry"). */
export const geometryBodySchema = z.object({
  wkbGeometry: drawnGeometrySchema.nullable(),
  version: versionSchema.optional(),
});

/** Spec 01 §3 Custom site: a drawn site, in WGS84. */
export const customSiteBodySchema = z.object({
  custom_site_name: z
    .string()
    .max(SITE_RECORD_LIMITS.siteNameMax)
    .transform((text) => text.trim())
    .pipe(z.string().min(1, siteMessages.siteNameRequired)),
  custom_site_poly: drawnGeometrySchema,
  scenario: z.string().min(1).max(100).optional(),
});
export const createdSiteSchema = z.object({ id: z.string(), id_unique: z.string() });

export const bulkSiteIdsSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(SITE_RECORD_LIMITS.bulkMax),
});
export const bulkDeleteAnswerSchema = z.object({ deleted: z.number().int() });

/** Spec 01 §3 Related site. */
export const relatedSiteSchema = z.object({
  id: z.string(),
  id_unique: z.string(),
  site_name: z.string().nullable(),
  isPrimary: z.boolean(),
  comment: z.string().nullable(),
});
export const relatedSitesSchema = z.object({ related: z.array(relatedSiteSchema) });
export const relatedSiteBodySchema = z.object({
  isPrimary: z.boolean().default(false),
  comment: z.string().trim().max(SITE_RECORD_LIMITS.textMax).nullable().default(null),
});
export const childSitesSchema = z.object({
  children: z.array(z.object({ id: z.string(), id_unique: z.string(), site_name: z.string().nullable() })),
});

/** How a value reads in history and in 'field|old|new' (empty is '-', lists joined by ', '). */
export function historyValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Issue 11 point 3: the site page's panels and its breakpoints (widest first). */
export const siteLayoutBreakpoints = ['4k', '2k', 'lg', 'md', 'sm', 'xs', 'xxs'] as const;
export type SiteLayoutBreakpoint = (typeof siteLayoutBreakpoints)[number];
export const sitePanels = [
  'map',
  'cutMap',
  'notes',
  'features',
  'history',
  'related',
  'files',
  'constraints',
] as const;
export type SitePanel = (typeof sitePanels)[number];
const layoutItemSchema = z.object({
  i: z.enum(sitePanels),
  x: z.number().int().min(0).max(100),
  y: z.number().int().min(0).max(1000),
  w: z.number().int().min(1).max(100),
  h: z.number().int().min(1).max(1000),
});
/** The user's saved panel layout per breakpoint (user metadata `site-details-layout`). */
export const siteLayoutsSchema = z.partialRecord(
  z.enum(siteLayoutBreakpoints),
  z.array(layoutItemSchema).max(sitePanels.length),
);
export type SiteLayouts = z.infer<typeof siteLayoutsSchema>;
export const siteLayoutAnswerSchema = z.object({ layouts: siteLayoutsSchema.nullable() });
