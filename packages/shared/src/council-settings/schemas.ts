import { z } from 'zod';
import { assetUrlSchema, hexColorSchema, httpUrlSchema } from '../common/schemas';
import {
  applicationNameSchema,
  featureFlagNameSchema,
  type ApplicationName,
  type FeatureFlagName,
} from '../config/flags';
import { lonLatSchema, socialLinkNames, tenantThemeSchema } from '../tenants/schemas';
import { tenantNameSchema } from '../tenants/rules';
import { COUNCIL_LIMITS } from './limits';
import { councilSettingsMessages as messages } from './messages';

const email = z.email(messages.invalidEmail).max(200);

export const councilEmailsSchema = z.object({
  noReply: email.optional(),
  forReply: email.optional(),
  forDeletionReq: email.optional(),
});
export type CouncilEmails = z.infer<typeof councilEmailsSchema>;

export const councilSocialLinksSchema = z.partialRecord(z.enum(socialLinkNames), httpUrlSchema);

/** Labels for the nine social links of spec 03 §3.5, as the settings form shows them. */
export const socialLinkLabels: Record<(typeof socialLinkNames)[number], string> = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  telegram: 'Telegram',
  whatsApp: 'WhatsApp',
  mainLink: 'Council website',
  contactUs: 'Contact us page',
  aboutUs: 'About us page',
};

export const emailLabels: Record<keyof CouncilEmails, string> = {
  noReply: 'No-reply address (sender of the platform’s emails)',
  forReply: 'Reply-to address',
  forDeletionReq: 'Address for data deletion requests',
};

/** GET /admin/council: what the Council tab edits. */
export const councilSettingsSchema = z.object({
  name: tenantNameSchema,
  rawName: z.string(),
  shortName: z.string(),
  logo: assetUrlSchema.nullable(),
  smallLogo: assetUrlSchema.nullable(),
  mainColor: hexColorSchema,
  theme: tenantThemeSchema,
  email: councilEmailsSchema,
  social: councilSocialLinksSchema,
  location: z.string().nullable(),
  locationLonLat: lonLatSchema.nullable(),
  mapLicense: z.string().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CouncilSettings = z.infer<typeof councilSettingsSchema>;

/**
 * PATCH /admin/council: any of the editable fields; emails and social links are replaced whole
 * (a link left out is removed). The colours' contrast is checked by the server against what changed.
 */
export const councilSettingsFieldsSchema = z.object({
  rawName: z.string().trim().min(1, 'Enter the council’s name').max(200),
  shortName: z.string().trim().min(1, 'Enter a short name').max(64),
  mainColor: hexColorSchema,
  theme: tenantThemeSchema,
  email: councilEmailsSchema,
  social: councilSocialLinksSchema,
  location: z.string().trim().max(COUNCIL_LIMITS.locationMax).nullable(),
  locationLonLat: lonLatSchema.nullable(),
  mapLicense: z.string().trim().max(COUNCIL_LIMITS.mapLicenseMax).nullable(),
});
export const councilSettingsPatchSchema = councilSettingsFieldsSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, messages.nothingToChange);
export type CouncilSettingsPatch = z.infer<typeof councilSettingsPatchSchema>;

export const councilSettingsFieldLabels: Record<keyof CouncilSettingsPatch, string> = {
  rawName: 'Name',
  shortName: 'Short name',
  mainColor: 'Main colour',
  theme: 'Theme',
  email: 'Emails',
  social: 'Social links',
  location: 'Location',
  locationLonLat: 'Location on the map',
  mapLicense: 'Map licence',
};

export const logoKinds = ['logo', 'smallLogo'] as const;
export const logoKindSchema = z.enum(logoKinds);
export type LogoKind = z.infer<typeof logoKindSchema>;
export const logoKindLabels: Record<LogoKind, string> = { logo: 'Logo', smallLogo: 'Small logo (icon)' };
export const logoParamsSchema = z.object({ kind: logoKindSchema });
/** The address part of a stored logo: '{kind}-{version}.{ext}', made by the server. */
export const logoFileSchema = z.string().regex(/^(logo|smallLogo)-[0-9a-f]{16}\.(png|jpg|webp)$/);
export const publicLogoParamsSchema = z.object({ council: tenantNameSchema, file: logoFileSchema });
export const councilLogosSchema = z.object({
  logo: assetUrlSchema.nullable(),
  smallLogo: assetUrlSchema.nullable(),
});

/** GET/PUT /admin/council/flags. */
export const adminFeatureFlagSchema = z.object({
  name: featureFlagNameSchema,
  label: z.string(),
  description: z.string(),
  value: z.boolean(),
  defaultValue: z.boolean(),
});
export type AdminFeatureFlag = z.infer<typeof adminFeatureFlagSchema>;
export const adminFeatureFlagsSchema = z.object({
  applications: z.array(
    z.object({
      application: applicationNameSchema,
      label: z.string(),
      flags: z.array(adminFeatureFlagSchema),
    }),
  ),
});
export type AdminFeatureFlags = z.infer<typeof adminFeatureFlagsSchema>;
export const featureFlagsUpdateSchema = z
  .partialRecord(featureFlagNameSchema, z.boolean())
  .refine((flags) => Object.keys(flags).length > 0, messages.nothingToChange);
export type FeatureFlagsUpdate = Partial<Record<FeatureFlagName, boolean>>;

export const applicationLabels: Record<ApplicationName, string> = {
  placemaker: 'Placemaker (site assessment)',
  consultations: 'Consultations',
  cfs: 'Community feedback',
};

const until = z.iso.datetime({ offset: true }).nullable();

export const pageRouteSchema = z
  .string()
  .trim()
  .max(COUNCIL_LIMITS.routeMax)
  .regex(/^\/[A-Za-z0-9/_.-]*$/, messages.pageRouteInvalid);

/** GET/PUT /admin/council/maintenance: the global switch and the whole list of pages. */
export const councilMaintenanceSchema = z.object({
  global: z.object({
    active: z.boolean(),
    until,
    /** Null: the default "We're planning something big." */
    message: z.string().trim().max(COUNCIL_LIMITS.maintenanceMessageMax).nullable(),
  }),
  pages: z
    .array(z.object({ route: pageRouteSchema, active: z.boolean(), until }))
    .max(COUNCIL_LIMITS.maintenancePagesMax, messages.tooManyPages)
    .refine(
      (pages) => new Set(pages.map((page) => page.route.replace(/\/+$/, '') || '/')).size === pages.length,
      messages.pageRouteDuplicate,
    ),
});
export type CouncilMaintenance = z.infer<typeof councilMaintenanceSchema>;
