import type {
  CallForSitesQuestionnaireConfig,
  InteractiveMapConfig,
  PublicWebMapConfig,
  StorytellingConfig,
  SuggestionMapConfig,
  TouchPointsConfig,
} from './documents';
import { defaultLayerConfigs } from './layers';
import type { ConfigDocumentOf } from './schemas';
import type { SiteFeaturesConfig } from './siteFeatures';
import type { SiteCardConfig, SiteSearchConfig } from './siteSearch';
import type { ConfigType } from './types';

/**
 * Spec 03 §3.3: the shape a new config of each type starts from. Each passes its own schema
 * (defaults.test.ts), so a council can save a new config before changing anything.
 */

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
                  // A computed field: its override already asks for a reason, which is the
                  // deliberate step; typing SAVE as well made a routine edit two hurdles.
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

/** Spec 03 §3.3 Suggestion map: question, options, multimedia on, comment on, emotion off, limit 10. */
export const defaultSuggestionMapConfig: SuggestionMapConfig = {
  question: 'What would you like to see here?',
  options: [
    { name: 'More green space', value: 'green-space' },
    { name: 'New homes', value: 'homes' },
    { name: 'Better transport', value: 'transport' },
  ],
  multimedia: true,
  comment: true,
  emotion: false,
  limit: 10,
};

/** Spec 03 §3.3 Interactive map: scenes, name, feedback with limit 3, comment on, multimedia off. */
export const defaultInteractiveMapConfig: InteractiveMapConfig = {
  name: 'Interactive map',
  scenes: [
    {
      id: 'scene-1',
      label: 'Scene 1',
      // Over the middle of England until the council sets its own; spec 03 §9 zoom 11 in documents.
      map: { center: [-1.5, 52.5], zoom: 11, layers: [] },
      touchPoints: [],
      information: { title: 'About this area', body: 'Tell residents what this scene shows.' },
      feedback: {
        question: 'What do you think of this area?',
        limit: 3,
        comment: true,
        multimedia: false,
        emotion: false,
      },
    },
  ],
};

/** Spec 03 §3.3 Storytelling: name, stories. */
export const defaultStorytellingConfig: StorytellingConfig = { name: 'Storytelling', stories: [] };

/** Spec 03 §3.3 Questions: topics. */
export const defaultCallForSitesQuestionnaireConfig: CallForSitesQuestionnaireConfig = { topics: [] };

/** Spec 03 §3.3 Public web map: tabs. */
export const defaultPublicWebMapConfig: PublicWebMapConfig = { tabs: [] };

export const defaultTouchPointsConfig: TouchPointsConfig = { name: 'Touch points', touchPoints: [] };

export const defaultConfigs: { [T in ConfigType]: ConfigDocumentOf<T> } = {
  'interactive-map': defaultInteractiveMapConfig,
  'public-web-map': defaultPublicWebMapConfig,
  'suggestion-map': defaultSuggestionMapConfig,
  storytelling: defaultStorytellingConfig,
  'call-for-sites-questionnaire': defaultCallForSitesQuestionnaireConfig,
  'touch-points': defaultTouchPointsConfig,
  'site-card': defaultSiteCardConfig,
  'site-features': defaultSiteFeaturesConfig,
  'site-search': defaultSiteSearchConfig,
  // Spec 03 §3.3 Map metadata card: fields_config; Layer tooltips: tooltips.
  'map-metadata-card': defaultLayerConfigs['map-metadata-card'],
  'layers-order': defaultLayerConfigs['layers-order'],
  'layer-tree-tooltips': defaultLayerConfigs['layer-tree-tooltips'],
};

/** A fresh copy of a type's default (callers may change it). */
export const defaultConfigOf = <T extends ConfigType>(type: T): ConfigDocumentOf<T> =>
  JSON.parse(JSON.stringify(defaultConfigs[type])) as ConfigDocumentOf<T>;
