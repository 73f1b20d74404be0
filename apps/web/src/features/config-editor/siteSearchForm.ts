import { fieldKind, type FieldKind, type SiteField } from '@planning/shared';
import { isRecord } from './configJson';

/**
 * The Site search filter builder's rules (spec 03 §3.2, §3.8, §5): the filter types, what a new
 * filter of each type holds, and what survives when an admin changes a filter's type.
 */
export const filterTypeLabels = {
  checkbox: 'Checkbox',
  checkboxesList: 'Checkboxes list',
  select: 'Select',
  number: 'Number',
  range: 'Range',
  text: 'Text',
  dateRange: 'Date range',
  inArray: 'In array',
  overlapsLayer: 'Overlaps layer',
  group: 'Group',
} as const;
export type FilterTypeName = keyof typeof filterTypeLabels;
export const filterTypeNames = Object.keys(filterTypeLabels) as FilterTypeName[];

export const isFilterType = (type: unknown): type is FilterTypeName =>
  typeof type === 'string' && type in filterTypeLabels;

/** The types a field's values suit, best first (a number field: number, range). */
const typesByKind: Record<FieldKind, FilterTypeName[]> = {
  number: ['range', 'number', 'select', 'checkboxesList'],
  text: ['checkboxesList', 'select', 'text'],
  boolean: ['checkbox'],
  date: ['dateRange'],
  array: ['inArray'],
  other: ['text'],
};

export function filterTypesFor(field: SiteField | undefined): FilterTypeName[] {
  return field ? typesByKind[fieldKind(field.fieldType)] : filterTypeNames.filter((type) => type !== 'group');
}

/** What a filter of `type` needs besides its field and label (spec 03 §5: number: min, max, equality; text: placeholder). */
function requiredSettings(
  type: FilterTypeName,
  field: SiteField | undefined,
  label: string,
): Record<string, unknown> {
  switch (type) {
    case 'number':
      return { min: field?.min ?? 0, max: field?.max ?? 100, equality: 'GE' };
    case 'text':
      return { placeholder: `Search ${(field?.label ?? label).toLowerCase() || 'text'}` };
    case 'group':
      return { operator: '_and', filters: [] };
    case 'overlapsLayer':
      return { layerName: '' };
    default:
      return {};
  }
}

/** Settings that belong to one type only, dropped when the type changes. */
const typeSettings = [
  'min',
  'max',
  'equality',
  'unit',
  'placeholder',
  'maxLength',
  'options',
  'layerName',
  'operator',
  'filters',
  'dbPropertyName',
] as const;

/** A new filter on `field` (or on no field yet), of the type its values suit best. */
export function newFilter(field?: SiteField, type?: FilterTypeName): Record<string, unknown> {
  const chosen = type ?? filterTypesFor(field)[0] ?? 'text';
  return changeFilterType({ label: field?.label ?? '', dbPropertyName: field?.name ?? '' }, chosen, field);
}

/**
 * The filter as `type`: its label, description and field kept (a group has no field), settings
 * the new type shares kept, the ones it needs added, the rest dropped.
 */
export function changeFilterType(
  filter: unknown,
  type: FilterTypeName,
  field?: SiteField,
): Record<string, unknown> {
  const current = isRecord(filter) ? filter : {};
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(current))
    if (!(typeSettings as readonly string[]).includes(key) && key !== 'type') kept[key] = value;
  const next: Record<string, unknown> = { type, ...kept };
  if (type !== 'group') next.dbPropertyName = current.dbPropertyName ?? field?.name ?? '';
  const needed = requiredSettings(type, field, typeof current.label === 'string' ? current.label : '');
  for (const [key, value] of Object.entries(needed)) next[key] = current[key] ?? value;
  // Options carry over between the list types (checkboxes list, select, in array).
  if (['checkboxesList', 'select', 'inArray'].includes(type) && Array.isArray(current.options))
    next.options = current.options;
  if (type === 'range') {
    if (typeof current.min === 'number') next.min = current.min;
    if (typeof current.max === 'number') next.max = current.max;
    if (field?.unit) next.unit = field.unit;
  }
  return next;
}

/** A field chosen for a filter: its name, and its label when the filter has none yet. */
export function withField(filter: unknown, field: SiteField | { name: string }): Record<string, unknown> {
  const current = isRecord(filter) ? filter : {};
  const label = typeof current.label === 'string' && current.label.trim() !== '' ? current.label : undefined;
  return {
    ...current,
    dbPropertyName: field.name,
    label: label ?? ('label' in field ? field.label : field.name),
  };
}

/** Options a list filter offers, from the dictionary's list of values. */
export function optionsFromField(field: SiteField): { label: string; value: string }[] {
  return (field.options ?? []).map((value) => ({ label: value, value }));
}
