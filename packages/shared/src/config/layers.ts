import { z } from 'zod';

/**
 * The three configuration documents of the map layers (spec 03 §3.1–3.3): what a feature's card
 * shows per layer (Map metadata card), how the layer tree groups and orders layers (Layers order),
 * and the tooltip beside each layer's name (Layer tree tooltips). One document per council and
 * type; the placemaker and consultations admin screens edit the same one.
 */

export const layerConfigMessages = {
  labelRequired: 'Enter a label',
  propertyRequired: 'Choose a property',
  fieldsRequired: 'Add at least one field',
  groupNameRequired: 'Enter a group name',
  tooltipRequired: 'Enter a tooltip',
  /** Spec 03 §8 'Failed to save changes'; ours when it worked. */
  saved: 'Changes saved',
  saveFailed: 'Failed to save changes',
  duplicateLayer: 'A layer appears more than once',
  duplicateGroup: 'Two groups have the same name',
  /** An id that is not one of the council's layers (another council's layer is unknown too). */
  unknownLayers: (ids: readonly string[]) =>
    ids.length === 1 ? `The layer ${ids[0]} does not exist` : `These layers do not exist: ${ids.join(', ')}`,
} as const;

const layerId = z.string().uuid();
const label = z.string().trim().min(1, layerConfigMessages.labelRequired).max(200);
/** A feature property name as the layer's upload gave it (any text, no control characters). */
const propertyName = z
  .string()
  .min(1, layerConfigMessages.propertyRequired)
  .max(200)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'A property name has no control characters');

/** Fails with `message` at each later repeat of the same key. */
function unique<T>(keyOf: (item: T) => string, message: string) {
  return (items: T[], context: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = keyOf(item);
      if (seen.has(key)) context.addIssue({ code: 'custom', message, path: [index] });
      seen.add(key);
    });
  };
}

/** Spec 03 §3.2 Map metadata card: one line of a feature's card, `value` the property it shows. */
export const mapCardFieldSchema = z.object({ label, value: propertyName });
export type MapCardField = z.infer<typeof mapCardFieldSchema>;

export const mapCardLayerSchema = z.object({
  layerId,
  /** The layer's theme when the entry was written, for the reader of the document. */
  layerTheme: z.string().max(200).nullable().optional(),
  fields: z.array(mapCardFieldSchema).min(1, layerConfigMessages.fieldsRequired).max(50),
});
export type MapCardLayer = z.infer<typeof mapCardLayerSchema>;

export const mapMetadataCardConfigSchema = z.object({
  fields_config: z
    .array(mapCardLayerSchema)
    .max(1000)
    .superRefine(unique((entry) => entry.layerId, layerConfigMessages.duplicateLayer)),
});
export type MapMetadataCardConfig = z.infer<typeof mapMetadataCardConfigSchema>;

/** Spec 03 §3.2 Layers order: named groups, each with its layers in order. */
export const layersOrderGroupSchema = z.object({
  groupName: z.string().trim().min(1, layerConfigMessages.groupNameRequired).max(200),
  layersOrder: z.array(layerId).max(1000),
});
export type LayersOrderGroup = z.infer<typeof layersOrderGroupSchema>;

export const layersOrderConfigSchema = z.object({
  groups: z
    .array(layersOrderGroupSchema)
    .max(200)
    .superRefine(unique((group) => group.groupName.toLowerCase(), layerConfigMessages.duplicateGroup))
    .superRefine((groups, context) => {
      // A layer sits in one place in the tree.
      const seen = new Set<string>();
      groups.forEach((group, groupIndex) =>
        group.layersOrder.forEach((id, index) => {
          if (seen.has(id))
            context.addIssue({
              code: 'custom',
              message: layerConfigMessages.duplicateLayer,
              path: [groupIndex, 'layersOrder', index],
            });
          seen.add(id);
        }),
      );
    }),
});
export type LayersOrderConfig = z.infer<typeof layersOrderConfigSchema>;

/** Spec 03 §3.2 Layer tree tooltips: the tooltip of each layer, by id. */
export const layerTooltipSchema = z.object({
  id: layerId,
  tooltip: z.string().trim().min(1, layerConfigMessages.tooltipRequired).max(1000),
});
export type LayerTooltip = z.infer<typeof layerTooltipSchema>;

export const layerTreeTooltipsConfigSchema = z.object({
  tooltips: z
    .array(layerTooltipSchema)
    .max(1000)
    .superRefine(unique((entry) => entry.id, layerConfigMessages.duplicateLayer)),
});
export type LayerTreeTooltipsConfig = z.infer<typeof layerTreeTooltipsConfigSchema>;

/** Spec 03 §3.3: what a council without its own document gets (maps work on a fresh council). */
export const defaultLayerConfigs = {
  'map-metadata-card': { fields_config: [] } satisfies MapMetadataCardConfig,
  'layers-order': { groups: [] } satisfies LayersOrderConfig,
  'layer-tree-tooltips': { tooltips: [] } satisfies LayerTreeTooltipsConfig,
} as const;
export type LayerConfigType = keyof typeof defaultLayerConfigs;
export const layerConfigTypes = Object.keys(defaultLayerConfigs) as LayerConfigType[];
export const layerConfigTypeSchema = z.enum(layerConfigTypes as [LayerConfigType, ...LayerConfigType[]]);

/** Every layer id a layer config names, where it names it (for the "does not exist" check). */
export function layerIdsOf(
  type: LayerConfigType,
  config: MapMetadataCardConfig | LayersOrderConfig | LayerTreeTooltipsConfig,
): Array<{ id: string; path: (string | number)[] }> {
  switch (type) {
    case 'map-metadata-card':
      return (config as MapMetadataCardConfig).fields_config.map((entry, index) => ({
        id: entry.layerId,
        path: ['fields_config', index, 'layerId'],
      }));
    case 'layers-order':
      return (config as LayersOrderConfig).groups.flatMap((group, groupIndex) =>
        group.layersOrder.map((id, index) => ({ id, path: ['groups', groupIndex, 'layersOrder', index] })),
      );
    case 'layer-tree-tooltips':
      return (config as LayerTreeTooltipsConfig).tooltips.map((entry, index) => ({
        id: entry.id,
        path: ['tooltips', index, 'id'],
      }));
  }
}

/** Spec 03 §5: empty values show '-'; numbers are trimmed to 2 decimals. */
export function formatMapCardValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'number')
    return Number.isFinite(value) && !Number.isInteger(value) ? value.toFixed(2) : String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.map(formatMapCardValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The card's lines for a feature: the configured fields in order, else null (show every property). */
export function mapCardLines(
  config: MapMetadataCardConfig | undefined,
  layer: string,
  properties: Record<string, unknown>,
): Array<{ label: string; text: string }> | null {
  const entry = config?.fields_config.find((candidate) => candidate.layerId === layer);
  if (!entry) return null;
  return entry.fields.map((field) => ({
    label: field.label,
    text: formatMapCardValue(properties[field.value]),
  }));
}
