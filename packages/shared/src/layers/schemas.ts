import { z } from 'zod';
import { layerPlaceSearchSchema } from '../places/schemas';
import { layerStyleSchema } from './style';

/** Our words for the layer and geodata screens and API (spec 03 §8 where it has them). */
export const layerMessages = {
  notFound: 'Non-existing id',
  themeNotFound: 'The theme does not exist',
  themeNameTaken: 'A theme with this name already exists',
  layerNameTaken: 'A layer with this name already exists',
  layerNameFormat:
    'A layer name starts with a letter and has only lower-case letters, digits and underscores (at most 63)',
  payloadInvalid: 'Payload data is invalid',
  deleted: 'Layer deleted',
} as const;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().optional();

/** The machine name of a layer (spec 03 §3.6 layerName), unique in the council. */
export const layerMachineNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, layerMessages.layerNameFormat);

export const layerFieldSchema = z.object({
  name: z.string(),
  type: z.string(),
  label: z.string().optional(),
});
export type LayerField = z.infer<typeof layerFieldSchema>;

export const layerGeometryTypes = ['polygon', 'line', 'point', 'mixed'] as const;

/** A layer's metadata as the API shows it (spec 03 §3.6 Map layer metadata). */
export const layerSchema = z.object({
  id: z.string(),
  layerName: z.string(),
  title: z.string(),
  themeId: z.string().nullable(),
  themeName: z.string().nullable(),
  category: z.string().nullable(),
  defaultDescription: z.string().nullable(),
  placemakerDescription: z.string().nullable(),
  publicWebMapDescription: z.string().nullable(),
  placemakerVisibility: z.boolean(),
  publicWebmapVisibility: z.boolean(),
  addOnMap: z.boolean(),
  zIndex: z.number().int(),
  tags: z.array(z.string()),
  geometryType: z.enum(layerGeometryTypes),
  /** mbstyle: MapLibre paint and layout; an unparsable stored style is shown as null (spec 03 §8). */
  style: layerStyleSchema.nullable(),
  fields: z.array(layerFieldSchema),
  featureCount: z.number().int(),
  /** EPSG:27700 extent: minX, minY, maxX, maxY; null while empty. */
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  source: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  /** Place search (issue 27): the property naming each feature, found by the public place search. */
  placeSearch: layerPlaceSearchSchema.nullable(),
  updatedAt: z.string(),
});
export type Layer = z.infer<typeof layerSchema>;

export const layerListSchema = z.object({ layers: z.array(layerSchema) });

/** PUT /layers/{id}: any of the metadata; each write bumps the layer's version. */
export const layerUpdateSchema = z
  .object({
    title: text(200).min(1),
    themeId: z.string().uuid().nullable(),
    category: optionalText(200),
    defaultDescription: optionalText(4000),
    placemakerDescription: optionalText(4000),
    publicWebMapDescription: optionalText(4000),
    placemakerVisibility: z.boolean(),
    publicWebmapVisibility: z.boolean(),
    addOnMap: z.boolean(),
    zIndex: z.number().int().min(-1000).max(1000),
    tags: z.array(text(50).min(1)).max(20),
    style: layerStyleSchema,
    placeSearch: layerPlaceSearchSchema.nullable(),
  })
  .partial()
  .strict();
export type LayerUpdate = z.infer<typeof layerUpdateSchema>;

export const layerThemeSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  orderIndex: z.number().int(),
});
export type LayerTheme = z.infer<typeof layerThemeSchema>;

export const layerThemeInputSchema = z
  .object({
    name: text(200).min(1),
    category: optionalText(200),
    description: optionalText(4000),
    orderIndex: z.number().int().min(0).max(100000).optional(),
  })
  .strict();
export const layerThemeUpdateSchema = layerThemeInputSchema.partial().strict();
export const layerThemeListSchema = z.object({ themes: z.array(layerThemeSchema) });

/** GET /layers/grouped: the layer tree (spec 03 §2): themes in order, then layers without a theme. */
export const layerGroupedSchema = z.object({
  groups: z.array(z.object({ theme: layerThemeSchema.nullable(), layers: z.array(layerSchema) })),
});
