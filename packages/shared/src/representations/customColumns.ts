import { z } from 'zod';
import { REPRESENTATION_LIMITS as L } from './limits';
import { representationMessages as m } from './messages';
import {
  customColumnTables,
  customColumnTableSchema,
  customColumnTypes,
  customColumnTypeSchema,
  requiredChoice,
  type CustomColumnType,
} from './statuses';

/** A select column's option. */
export const columnOptionSchema = z.object({
  value: z
    .string({ error: m.columnOptionRequired })
    .trim()
    .min(1, m.columnOptionRequired)
    .max(L.columnOptionMax),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullish(),
});

/**
 * Spec 02 §3 Column metadata and §5 Custom columns: name 3 to 50, table and type required, option
 * values required (select types need at least one).
 */
export const customColumnInputSchema = z
  .object({
    table: requiredChoice(customColumnTables, m.columnTableRequired, 'tables'),
    name: z
      .string({ error: m.columnNameRequired })
      .trim()
      .min(1, m.columnNameRequired)
      .min(L.columnNameMin, m.columnNameLength)
      .max(L.columnNameMax, m.columnNameLength),
    renderType: z.string().max(40).nullish(),
    renderFeature: z.string().max(40).nullish(),
    dataType: requiredChoice(customColumnTypes, m.columnTypeRequired, 'column types'),
    options: z.array(columnOptionSchema).max(L.columnOptionsMax).default([]),
  })
  .superRefine((value, ctx) => {
    if (
      (value.dataType === 'singleSelect' || value.dataType === 'multiSelect') &&
      value.options.length === 0
    ) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: m.columnOptionRequired });
    }
  })
  .transform((value) => ({ ...value, renderType: value.renderType ?? value.dataType }));
export type CustomColumnInput = z.input<typeof customColumnInputSchema>;

export const customColumnSchema = z.object({
  id: z.string(),
  /** The field name filters, sorting and grouping use: `custom_` and the id's hex. */
  field: z.string(),
  table: customColumnTableSchema,
  name: z.string(),
  renderType: z.string(),
  renderFeature: z.string().nullable(),
  dataType: customColumnTypeSchema,
  options: z.array(z.object({ value: z.string(), color: z.string().nullish() })),
});
export type CustomColumn = z.infer<typeof customColumnSchema>;

export const customFieldName = (columnId: string): string => `custom_${columnId.replace(/-/g, '')}`;

/** Spec 02 §5 column types and their limits: the check for one value (null clears it). */
export function customValueSchema(column: { dataType: CustomColumnType; options: { value: string }[] }) {
  const values = column.options.map((option) => option.value);
  const oneOf = z.string().refine((value) => values.includes(value), 'Choose one of the options');
  const typed = (() => {
    switch (column.dataType) {
      case 'checkbox':
        return z.boolean();
      case 'singleSelect':
        return oneOf;
      case 'multiSelect':
        return z.array(oneOf).max(values.length);
      case 'text':
        return z
          .string()
          .trim()
          .max(L.singleLineTextMax, `At most ${L.singleLineTextMax} characters`)
          .refine((v) => !v.includes('\n'), 'One line only');
      case 'paragraph':
        return z.string().trim().max(L.paragraphTextMax, `At most ${L.paragraphTextMax} characters`);
      case 'number':
        return z.number().finite();
      case 'percentage':
        return z.number().min(0, 'A percentage is 0 to 100').max(100, 'A percentage is 0 to 100');
      case 'date':
        return z.iso.date();
      case 'currency':
        return z
          .number()
          .finite()
          .refine(
            (v) => Math.round(v * 100) === v * 100 || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
            'At most 2 decimal places',
          );
    }
  })();
  return z.union([typed, z.null()]);
}

export const customValueBodySchema = z.object({ columnId: z.uuid(), value: z.unknown() });
