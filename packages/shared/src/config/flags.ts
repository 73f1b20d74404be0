import { z } from 'zod';

export const applicationNames = ['placemaker', 'consultations', 'cfs'] as const;
export const applicationNameSchema = z.enum(applicationNames);
export type ApplicationName = z.infer<typeof applicationNameSchema>;

/**
 * Every feature flag named in spec 01 §6 and spec 03 §4. The key is what code checks;
 * the label and the one-sentence description are what an administrator reads. `defaultValue` is
 * what a new tenant gets.
 */
export const featureFlagCatalogue = {
  aiSearch: {
    label: 'AI search',
    description: 'Lets staff search sites by describing what they want in plain words.',
    application: 'placemaker',
    defaultValue: false,
  },
  documentBuilder: {
    label: 'Document builder',
    description: 'Lets officers write consultation documents in the Doc Builder and publish them.',
    application: 'consultations',
    defaultValue: true,
  },
  satelliteLayer: {
    label: 'Satellite layer',
    description: 'Offers satellite imagery as a base map on the site maps.',
    application: 'placemaker',
    defaultValue: false,
  },
  buildings3d: {
    label: '3D buildings',
    description: 'Shows buildings in 3D when the map is tilted.',
    application: 'placemaker',
    defaultValue: false,
  },
  notifications: {
    label: 'Notifications',
    description: 'Shows the notifications bell and page for long-running work such as exports.',
    application: 'placemaker',
    defaultValue: true,
  },
  contactManagement: {
    label: 'Contact management',
    description: 'Lets officers keep contacts and organisations alongside representations.',
    application: 'consultations',
    defaultValue: true,
  },
  analysisPage: {
    label: 'Analysis page',
    description: 'Shows the Analysis page of consultation responses in the side menu.',
    application: 'consultations',
    defaultValue: true,
  },
  scenariosInSiteView: {
    label: 'Scenarios in site view',
    description: 'Lets staff choose a scenario when viewing and searching sites.',
    application: 'placemaker',
    defaultValue: false,
  },
  maps: {
    label: 'Maps',
    description: 'Shows the site maps to staff.',
    application: 'placemaker',
    defaultValue: true,
  },
  availabilityFileUpload: {
    label: 'Availability file upload',
    description: 'Lets staff upload availability files for sites.',
    application: 'placemaker',
    defaultValue: false,
  },
  individualScenarioSiteLists: {
    label: 'Individual-scenario site lists',
    description: 'Keeps a site list to the one scenario it was made in.',
    application: 'placemaker',
    defaultValue: false,
  },
  frontendClustering: {
    label: 'Frontend clustering',
    description: 'Groups nearby sites into clusters in the browser rather than on the server.',
    application: 'placemaker',
    defaultValue: false,
  },
  redesignedSiteSearch: {
    label: 'Redesigned site search',
    description: 'Uses the redesigned site search page at /map.',
    application: 'placemaker',
    defaultValue: true,
  },
  siteDetailsV2: {
    label: 'Site details v2',
    description: 'Uses the newer site details page with resizable panels.',
    application: 'placemaker',
    defaultValue: true,
  },
  maplibreMap: {
    label: 'MapLibre map',
    description: 'Draws maps with MapLibre (vector tiles) rather than the older map.',
    application: 'placemaker',
    defaultValue: true,
  },
  buildingHighlighting: {
    label: 'Building highlighting',
    description: 'Highlights the building under the pointer on the map.',
    application: 'placemaker',
    defaultValue: false,
  },
  updatedSearchFilters: {
    label: 'Updated search filters',
    description: 'Uses the updated set of site search filters.',
    application: 'placemaker',
    defaultValue: true,
  },
  // Spec 01 §4 draw site: "if a polygon overlaps an existing one and overlap is not allowed".
  siteOverlap: {
    label: 'Drawn sites may overlap existing sites',
    description: 'Lets staff save a drawn site whose outline overlaps an existing site.',
    application: 'placemaker',
    defaultValue: false,
  },
  consultationsPages: {
    label: 'Consultations pages',
    description: 'Shows the Consultations section: Doc Builder, Rep Manager and Analysis.',
    application: 'consultations',
    defaultValue: true,
  },
} as const satisfies Record<
  string,
  { label: string; description: string; application: ApplicationName; defaultValue: boolean }
>;

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
