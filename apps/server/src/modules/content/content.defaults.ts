import type { SiteCardConfig, SiteSearchConfig } from '@planning/shared';

// The defaults of a new council's site documents live with every type's default in shared
// (spec 03 §3.3); the seed and tests read them from here as before.
export { defaultSiteCardConfig, defaultSiteFeaturesConfig, defaultSiteSearchConfig } from '@planning/shared';

/** Northfield's officers work with a shorter panel and card: councils differ. */
export const northfieldSiteSearchConfig: SiteSearchConfig = {
  filters: [
    {
      type: 'text',
      dbPropertyName: 'site_name',
      label: 'Site name',
      placeholder: 'Search by name',
      maxLength: 60,
    },
    { type: 'checkboxesList', dbPropertyName: 'parish', label: 'Parish' },
    { type: 'checkboxesList', dbPropertyName: 'suitability_assessment_result', label: 'Suitability' },
    { type: 'range', dbPropertyName: 'suitable_area', label: 'Suitable area', unit: 'ha', min: 0 },
  ],
};

export const northfieldSiteCardConfig: SiteCardConfig = {
  elements: [
    { label: 'Reference', dbPropertyName: 'helaa_reference' },
    {
      label: 'Suitable area',
      dbPropertyName: 'suitable_area',
      measurement: 'ha',
      formatting: { decimals: 1 },
    },
    { label: 'Parish', dbPropertyName: 'parish' },
  ],
};
