import type { SiteField } from '@planning/shared';
import { demoConstraints } from './sites.generator';

export type DictionaryEntry = SiteField & { storage: 'column' | 'attribute' };

const field = (
  entry: Partial<DictionaryEntry> & Pick<DictionaryEntry, 'name' | 'label' | 'fieldType'>,
): DictionaryEntry => ({
  unit: null,
  decimals: null,
  min: null,
  max: null,
  options: null,
  filterable: true,
  sortable: true,
  storage: 'column',
  ...entry,
});

/** The HELAA fields every demo council starts with (spec 02 §3 "Site preview"). */
export const defaultDictionary: DictionaryEntry[] = [
  field({ name: 'site_name', label: 'Site name', fieldType: 'text.small' }),
  field({ name: 'helaa_reference', label: 'HELAA reference', fieldType: 'text.small' }),
  field({ name: 'size_ha', label: 'Site area', fieldType: 'area.hectares', unit: 'ha', decimals: 2, min: 0 }),
  field({
    name: 'suitable_area',
    label: 'Suitable area',
    fieldType: 'area.hectares',
    unit: 'ha',
    decimals: 2,
    min: 0,
  }),
  field({
    name: 'optimised_unit_capacity',
    label: 'Optimised unit capacity',
    fieldType: 'residential.units',
    decimals: 0,
    min: 0,
    max: 100_000,
  }),
  field({
    name: 'suitability_assessment_result',
    label: 'Suitability',
    fieldType: 'dropdown',
    options: ['Suitable', 'Potentially suitable', 'Not suitable'],
  }),
  field({
    name: 'accessibility_band',
    label: 'Accessibility band',
    fieldType: 'dropdown',
    options: ['A', 'B', 'C', 'D', 'E'],
  }),
  field({
    name: 'availability_time_period',
    label: 'Availability',
    fieldType: 'dropdown',
    options: ['0-5 years', '6-10 years', '11-15 years', 'Not currently available'],
  }),
  field({ name: 'neighbourhood_area_name', label: 'Neighbourhood area', fieldType: 'list' }),
  field({ name: 'ward', label: 'Ward', fieldType: 'list' }),
  field({ name: 'parish', label: 'Parish', fieldType: 'list' }),
  field({
    name: 'status',
    label: 'Status',
    fieldType: 'status',
    options: ['Submitted', 'Under assessment', 'Assessed', 'Allocated', 'Rejected'],
  }),
  field({ name: 'public_map_visibility', label: 'On the public map', fieldType: 'switch' }),
  field({ name: 'tags', label: 'Tags', fieldType: 'tags', sortable: false }),
  // Council-specific fields live in `attributes`; these show how (and are searchable).
  field({ name: 'assessment_date', label: 'Assessment date', fieldType: 'date', storage: 'attribute' }),
  field({
    name: 'constraints',
    label: 'Constraints',
    fieldType: 'list.multiple',
    storage: 'attribute',
    sortable: false,
    options: [...demoConstraints],
  }),
];
