import { z } from 'zod';

export const applicationNames = ['placemaker', 'consultations', 'cfs'] as const;
export const applicationNameSchema = z.enum(applicationNames);
export type ApplicationName = z.infer<typeof applicationNameSchema>;

/**
 * Every feature flag named in spec 01 §6 and spec 03 §4. The key is what code checks;
 * the label is what an administrator reads. `defaultValue` is what a new tenant gets.
 */
export const featureFlagCatalogue = {
  aiSearch: { label: 'AI search', application: 'placemaker', defaultValue: false },
  documentBuilder: { label: 'Document builder', application: 'consultations', defaultValue: true },
  satelliteLayer: { label: 'Satellite layer', application: 'placemaker', defaultValue: false },
  buildings3d: { label: '3D buildings', application: 'placemaker', defaultValue: false },
  notifications: { label: 'Notifications', application: 'placemaker', defaultValue: true },
  contactManagement: { label: 'Contact management', application: 'consultations', defaultValue: true },
  analysisPage: { label: 'Analysis page', application: 'consultations', defaultValue: true },
  scenariosInSiteView: { label: 'Scenarios in site view', application: 'placemaker', defaultValue: false },
  maps: { label: 'Maps', application: 'placemaker', defaultValue: true },
  availabilityFileUpload: {
    label: 'Availability file upload',
    application: 'placemaker',
    defaultValue: false,
  },
  individualScenarioSiteLists: {
    label: 'Individual-scenario site lists',
    application: 'placemaker',
    defaultValue: false,
  },
  frontendClustering: { label: 'Frontend clustering', application: 'placemaker', defaultValue: false },
  redesignedSiteSearch: { label: 'Redesigned site search', application: 'placemaker', defaultValue: true },
  siteDetailsV2: { label: 'Site details v2', application: 'placemaker', defaultValue: true },
  maplibreMap: { label: 'MapLibre map', application: 'placemaker', defaultValue: true },
  buildingHighlighting: { label: 'Building highlighting', application: 'placemaker', defaultValue: false },
  updatedSearchFilters: { label: 'Updated search filters', application: 'placemaker', defaultValue: true },
  // Spec 01 §4 draw site: "if a polygon overlaps an existing one and overlap is not allowed".
  siteOverlap: {
    label: 'Drawn sites may overlap existing sites',
    application: 'placemaker',
    defaultValue: false,
  },
  consultationsPages: { label: 'Consultations pages', application: 'consultations', defaultValue: true },
} as const satisfies Record<string, { label: string; application: ApplicationName; defaultValue: boolean }>;

export type FeatureFlagName = keyof typeof featureFlagCatalogue;
export const featureFlagNames = Object.keys(featureFlagCatalogue) as FeatureFlagName[];
export const featureFlagNameSchema = z.enum(featureFlagNames as [FeatureFlagName, ...FeatureFlagName[]]);

/** Every flag, each true or false: a flag a tenant has no row for takes its default. */
export const featureFlagsSchema = z.record(featureFlagNameSchema, z.boolean());
export type FeatureFlags = Record<FeatureFlagName, boolean>;

export function withDefaultFlags(stored: Partial<Record<string, boolean>>): FeatureFlags {
  const flags = {} as FeatureFlags;
  for (const name of featureFlagNames) {
    flags[name] = stored[name] ?? featureFlagCatalogue[name].defaultValue;
  }
  return flags;
}
