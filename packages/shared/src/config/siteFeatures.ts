import { z } from 'zod';

/**
 * Spec 03 §3.2 Site features: the tabs of the site page's features panel. Each tab holds FIELD,
 * CONTAINER (an accordion, or fields grouped under a title) and TABLE items (signed by a header
 * row, a first column, or both); a field cell names the site field it shows and edits.
 */
export const featureCellTypes = ['select', 'text', 'number', 'date', 'textarea', 'checkbox'] as const;

const dbPropertyName = z
  .string()
  .regex(
    /^[a-z][a-z0-9_]{0,62}$/,
    'A field name starts with a small letter and holds only small letters, digits and _ (up to 63)',
  );

export const featureCellSchema = z.object({
  label: z.string().min(1).max(200),
  dbPropertyName,
  fieldType: z.enum(featureCellTypes),
  /** Spec 01 §5: a number must lie within min to max; 0 and 0 means no limit. */
  min: z.number().optional(),
  max: z.number().optional(),
  validation: z
    .object({
      required: z.boolean().optional(),
      /** Spec 01 §5: the user types SAVE before the change is sent. */
      confirm: z.boolean().optional(),
      maxLength: z.number().int().min(1).max(2000).optional(),
    })
    .optional(),
  /** Options of a select (the data dictionary's when absent). */
  options: z.array(z.string().max(200)).max(200).optional(),
  /** A server function run after saving (spec 03 §3.2 "function-on-save"), by name. */
  functionOnSave: z.string().max(100).optional(),
  readOnly: z.boolean().optional(),
  /** Saved to the site's rows in every scenario. */
  allScenarios: z.boolean().optional(),
});
export type FeatureCell = z.infer<typeof featureCellSchema>;

export const featureContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('FIELD'), cell: featureCellSchema }),
  z.object({
    type: z.literal('CONTAINER'),
    title: z.string().min(1).max(200),
    display: z.enum(['accordion', 'group']),
    cells: z.array(featureCellSchema).max(100),
  }),
  z.object({
    type: z.literal('TABLE'),
    title: z.string().max(200).optional(),
    signedBy: z.enum(['header', 'firstColumn', 'both']),
    /** Column headings (for 'header' and 'both'). */
    columns: z.array(z.string().max(200)).max(20),
    rows: z
      .array(z.object({ label: z.string().max(200).optional(), cells: z.array(featureCellSchema).max(20) }))
      .max(100),
  }),
]);
export type FeatureContent = z.infer<typeof featureContentSchema>;

export const featureTabSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,50}$/),
  tabTitle: z.string().min(1).max(100),
  icon: z.string().max(50).optional(),
  visible: z.boolean().default(true),
  content: z.array(featureContentSchema).max(100),
  tabActions: z.array(z.string().max(50)).max(10).optional(),
  /** Where child sites listed in this tab come from (children_data). */
  nestedSitesSource: z.string().max(100).optional(),
});
export type FeatureTab = z.infer<typeof featureTabSchema>;

export const siteFeaturesConfigSchema = z.object({ tabs: z.array(featureTabSchema).min(1).max(30) });
export type SiteFeaturesConfig = z.infer<typeof siteFeaturesConfigSchema>;

/** Every cell of a tab, in reading order. */
export function tabCells(tab: FeatureTab): FeatureCell[] {
  return tab.content.flatMap((item) =>
    item.type === 'FIELD'
      ? [item.cell]
      : item.type === 'CONTAINER'
        ? item.cells
        : item.rows.flatMap((row) => row.cells),
  );
}
