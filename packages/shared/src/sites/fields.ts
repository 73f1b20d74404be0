import { z } from 'zod';

/** Spec 03 §3.8: the types a site field can have in a council's data dictionary. */
export const siteFieldTypes = [
  'number',
  'money.pounds',
  'list',
  'list.multiple',
  'address',
  'switch',
  'text.small',
  'text.large',
  'area.hectares',
  'area.sqmeters',
  'area.sqfeet',
  'length.metres',
  'length.feet',
  'residential.units',
  'residential.unitsPerHectare',
  'percentage',
  'json',
  'lon',
  'lat',
  'dropdown',
  'status',
  'tags',
  'layer',
  'geojson',
  // Not in spec 03 §3.8's list, but site feature cells have dates (spec 03 §3.2).
  'date',
] as const;
export const siteFieldTypeSchema = z.enum(siteFieldTypes);
export type SiteFieldType = z.infer<typeof siteFieldTypeSchema>;

/** Spec 03 §5: field units. */
export const fieldUnits = ['ft', '£', 'm', 'ft2', 'm2', 'ha', 'lat', 'lon', '%'] as const;

/** How a field's values compare, which decides the filters and operators it accepts. */
export type FieldKind = 'number' | 'text' | 'boolean' | 'date' | 'array' | 'other';

export function fieldKind(type: SiteFieldType): FieldKind {
  switch (type) {
    case 'number':
    case 'money.pounds':
    case 'area.hectares':
    case 'area.sqmeters':
    case 'area.sqfeet':
    case 'length.metres':
    case 'length.feet':
    case 'residential.units':
    case 'residential.unitsPerHectare':
    case 'percentage':
    case 'lon':
    case 'lat':
      return 'number';
    case 'list':
    case 'address':
    case 'text.small':
    case 'text.large':
    case 'dropdown':
    case 'status':
      return 'text';
    case 'switch':
      return 'boolean';
    case 'date':
      return 'date';
    case 'list.multiple':
    case 'tags':
      return 'array';
    default:
      return 'other';
  }
}

/** One entry of a council's data dictionary (DESIGN.md "Data"). */
export const siteFieldSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/),
  label: z.string().min(1).max(200),
  fieldType: siteFieldTypeSchema,
  unit: z.enum(fieldUnits).nullable(),
  decimals: z.number().int().min(0).max(6).nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  options: z.array(z.string()).nullable(),
  filterable: z.boolean(),
  sortable: z.boolean(),
});
export type SiteField = z.infer<typeof siteFieldSchema>;

/** GET /data-dictionary: the council's site fields, in the council's order. */
export const dataDictionarySchema = z.object({ fields: z.array(siteFieldSchema) });

/** GET /scenarios: a council's site scenarios (Base first). */
export const scenarioListSchema = z.object({
  scenarios: z.array(z.object({ name: z.string(), isDefault: z.boolean() })),
});
