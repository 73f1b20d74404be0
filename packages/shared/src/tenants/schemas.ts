import { z } from 'zod';
import { baseMapInfoSchema, baseMapsConfigSchema } from '../basemaps/schemas';
import { assetUrlSchema, hexColorSchema, httpUrlSchema } from '../common/schemas';
import { featureFlagNameSchema, featureFlagsSchema } from '../config/flags';
import { tenantNameSchema } from './rules';

/** What the tenant picker may show about every tenant: nothing beyond branding. */
export const tenantSummarySchema = z.object({
  name: tenantNameSchema,
  shortName: z.string(),
  rawName: z.string(),
  logo: assetUrlSchema.nullable(),
  smallLogo: assetUrlSchema.nullable(),
  mainColor: hexColorSchema,
});
export type TenantSummary = z.infer<typeof tenantSummarySchema>;

export const tenantThemeSchema = z.object({
  mode: z.enum(['light', 'dark']),
  /** Header background; the main colour when absent. */
  headerColor: hexColorSchema.optional(),
});
export type TenantTheme = z.infer<typeof tenantThemeSchema>;

export const tenantEmailsSchema = z.object({
  noReply: z.email().optional(),
  forReply: z.email().optional(),
  forDeletionReq: z.email().optional(),
});

export const socialLinkNames = [
  'twitter',
  'facebook',
  'instagram',
  'youtube',
  'telegram',
  'whatsApp',
  'mainLink',
  'contactUs',
  'aboutUs',
] as const;
export const tenantSocialLinksSchema = z.partialRecord(z.enum(socialLinkNames), httpUrlSchema);

export const pageMaintenanceSchema = z.object({
  route: z.string().startsWith('/'),
  maintenanceActive: z.boolean(),
  maintenanceActiveUntil: z.iso.datetime({ offset: true }).nullable(),
});
export type PageMaintenance = z.infer<typeof pageMaintenanceSchema>;

export const globalMaintenanceSchema = z.object({
  active: z.boolean(),
  until: z.iso.datetime({ offset: true }).nullable(),
  /** Shown instead of the default "We're planning something big." when set. */
  message: z.string().nullable(),
});

/** Longitude first, as GeoJSON and MapLibre expect. */
export const lonLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const tenantDataSchema = tenantSummarySchema.extend({
  id: z.uuid(),
  logos: z.record(z.string(), assetUrlSchema),
  theme: tenantThemeSchema,
  adminRoleId: z.string().nullable(),
  email: tenantEmailsSchema,
  social: tenantSocialLinksSchema,
  location: z.string().nullable(),
  locationLonLat: lonLatSchema.nullable(),
  mapLicense: z.string().nullable(),
  mainSchema: z.string().nullable(),
  baseMaps: z.array(baseMapInfoSchema),
});
export type TenantData = z.infer<typeof tenantDataSchema>;

/** GET /tenants/current: the tenant, its flags, and maintenance already evaluated against "now". */
export const currentTenantSchema = z.object({
  tenant: tenantDataSchema,
  flags: featureFlagsSchema,
  maintenance: z.object({
    global: globalMaintenanceSchema.extend({ inEffect: z.boolean() }),
    pages: z.array(pageMaintenanceSchema.extend({ inEffect: z.boolean() })),
  }),
});
export type CurrentTenant = z.infer<typeof currentTenantSchema>;

export const tenantListSchema = z.object({ tenants: z.array(tenantSummarySchema) });

/** What provisioning a tenant takes (demo seed, tests, and later the platform admin). */
export const newTenantSchema = z.object({
  name: tenantNameSchema,
  shortName: z.string().trim().min(1).max(64),
  rawName: z.string().trim().min(1).max(200),
  logo: assetUrlSchema.nullable().default(null),
  smallLogo: assetUrlSchema.nullable().default(null),
  logos: z.record(z.string(), assetUrlSchema).default({}),
  mainColor: hexColorSchema,
  theme: tenantThemeSchema.default({ mode: 'light' }),
  email: tenantEmailsSchema.default({}),
  social: tenantSocialLinksSchema.default({}),
  location: z.string().max(200).nullable().default(null),
  locationLonLat: lonLatSchema.nullable().default(null),
  mapLicense: z.string().max(500).nullable().default(null),
  mainSchema: z.string().max(63).nullable().default(null),
  baseMaps: baseMapsConfigSchema.default({}),
  flags: z.partialRecord(featureFlagNameSchema, z.boolean()).default({}),
});
export type NewTenant = z.input<typeof newTenantSchema>;
