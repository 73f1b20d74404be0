import type { SiteCardConfig, SiteFeaturesConfig, SiteSearchConfig } from '@planning/shared';

/** The filter panel a new council starts with: the HELAA fields officers filter by most. */
export const defaultSiteSearchConfig: SiteSearchConfig = {
  filters: [
    {
      type: 'text',
      dbPropertyName: 'site_name',
      label: 'Site name',
      placeholder: 'e.g. Land north of Mill Lane',
      maxLength: 100,
    },
    { type: 'range', dbPropertyName: 'size_ha', label: 'Site area', unit: 'ha', min: 0 },
    {
      type: 'number',
      dbPropertyName: 'optimised_unit_capacity',
      label: 'Capacity (homes)',
      min: 0,
      max: 100_000,
      equality: 'GE',
    },
    { type: 'checkboxesList', dbPropertyName: 'suitability_assessment_result', label: 'Suitability' },
    { type: 'checkboxesList', dbPropertyName: 'availability_time_period', label: 'Availability' },
    { type: 'checkboxesList', dbPropertyName: 'status', label: 'Status' },
    { type: 'checkboxesList', dbPropertyName: 'accessibility_band', label: 'Accessibility band' },
    { type: 'checkboxesList', dbPropertyName: 'ward', label: 'Ward' },
    {
      type: 'inArray',
      dbPropertyName: 'tags',
      label: 'Tags',
      description: 'Sites with any of the chosen tags',
      placeholder: 'Any tag',
    },
    { type: 'checkbox', dbPropertyName: 'public_map_visibility', label: 'Shown on the public map' },
  ],
};

export const defaultSiteCardConfig: SiteCardConfig = {
  elements: [
    { label: 'HELAA reference', dbPropertyName: 'helaa_reference' },
    { label: 'Site area', dbPropertyName: 'size_ha', measurement: 'ha', formatting: { decimals: 2 } },
    {
      label: 'Capacity',
      dbPropertyName: 'optimised_unit_capacity',
      measurement: 'homes',
      formatting: { decimals: 0, thousandsSeparator: true },
    },
    {
      label: 'Suitability',
      dbPropertyName: 'suitability_assessment_result',
      formatting: {
        colouredDotList: {
          Suitable: '#00703c',
          'Potentially suitable': '#f47738',
          'Not suitable': '#d4351c',
        },
      },
    },
    { label: 'Status', dbPropertyName: 'status' },
    { label: 'Ward', dbPropertyName: 'ward' },
  ],
};

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

/** Spec 03 §3.2 Site features: the site page's tabs a new council starts with. */
export const defaultSiteFeaturesConfig: SiteFeaturesConfig = {
  tabs: [
    {
      id: 'overview',
      tabTitle: 'Overview',
      visible: true,
      content: [
        {
          type: 'FIELD',
          cell: { label: 'Site name', dbPropertyName: 'site_name', fieldType: 'text', allScenarios: true },
        },
        {
          type: 'FIELD',
          cell: { label: 'HELAA reference', dbPropertyName: 'helaa_reference', fieldType: 'text' },
        },
        {
          type: 'CONTAINER',
          title: 'Location',
          display: 'group',
          cells: [
            { label: 'Ward', dbPropertyName: 'ward', fieldType: 'text' },
            { label: 'Parish', dbPropertyName: 'parish', fieldType: 'text' },
            { label: 'Neighbourhood area', dbPropertyName: 'neighbourhood_area_name', fieldType: 'text' },
          ],
        },
      ],
    },
    {
      id: 'assessment',
      tabTitle: 'Assessment',
      visible: true,
      content: [
        {
          type: 'TABLE',
          title: 'Capacity',
          signedBy: 'both',
          columns: ['Measure', 'Value'],
          rows: [
            {
              label: 'Site area (ha)',
              cells: [{ label: 'Site area', dbPropertyName: 'size_ha', fieldType: 'number', min: 0, max: 0 }],
            },
            {
              label: 'Suitable area (ha)',
              cells: [
                {
                  label: 'Suitable area',
                  dbPropertyName: 'suitable_area',
                  fieldType: 'number',
                  min: 0,
                  max: 5000,
                },
              ],
            },
            {
              label: 'Optimised unit capacity',
              cells: [
                {
                  label: 'Optimised unit capacity',
                  dbPropertyName: 'optimised_unit_capacity',
                  fieldType: 'number',
                  min: 0,
                  max: 100_000,
                  validation: { confirm: true },
                },
              ],
            },
          ],
        },
        {
          type: 'CONTAINER',
          title: 'Suitability and availability',
          display: 'accordion',
          cells: [
            { label: 'Suitability', dbPropertyName: 'suitability_assessment_result', fieldType: 'select' },
            { label: 'Accessibility band', dbPropertyName: 'accessibility_band', fieldType: 'select' },
            { label: 'Availability', dbPropertyName: 'availability_time_period', fieldType: 'select' },
          ],
        },
      ],
    },
    {
      id: 'status',
      tabTitle: 'Status',
      visible: true,
      content: [
        {
          type: 'FIELD',
          cell: {
            label: 'Status',
            dbPropertyName: 'status',
            fieldType: 'select',
            validation: { confirm: true },
          },
        },
        {
          type: 'FIELD',
          cell: { label: 'Assessment date', dbPropertyName: 'assessment_date', fieldType: 'date' },
        },
      ],
    },
  ],
};
