import type { FormRule } from 'antd';
import { schemaIssuesByField, type FormSchema } from '../../components/forms/schemaForm';

/**
 * The drawers check their fields with the server's own zod schemas (STYLE habit 1), through the
 * forms' adapter (components/forms/schemaForm). A drawer's one form holds several schemas' fields
 * (a representee, an agent, the correspondence), so each rule says which values its schema reads.
 */

/** An empty input is "not given": antd leaves it undefined or '', the schemas want it absent. */
export function given(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

type RuleOptions = {
  /** The values the schema reads (default: the whole form's). */
  pick?: (all: Record<string, unknown>) => Record<string, unknown>;
  /** The schema's field, when the form names it otherwise. */
  schemaField?: string;
  /** Also the schema's issues that name no field (an object-wide refinement). */
  withFormIssues?: boolean;
};

/** The first message the schema gives for a field of the form's values, or null. */
export function fieldMessage(
  schema: FormSchema,
  values: Record<string, unknown>,
  field: string,
  withFormIssues = false,
) {
  const issues = schemaIssuesByField(schema, given(values));
  return issues[field]?.[0] ?? (withFormIssues ? (issues['']?.[0] ?? null) : null);
}

/** An antd rule for one field, checked by `schema` against the values `pick` chooses. */
export function drawerRule(schema: FormSchema, field: string, options: RuleOptions = {}): FormRule {
  return (form) => ({
    validator: async () => {
      const all = form.getFieldsValue(true) as Record<string, unknown>;
      const values = options.pick ? options.pick(all) : all;
      const message = fieldMessage(schema, values, options.schemaField ?? field, options.withFormIssues);
      if (message) throw new Error(message);
    },
  });
}

/** A rule for a field of one item in a list (an organisation's contacts, a column's options). */
export function listItemRule(
  schema: FormSchema,
  list: string,
  index: number,
  field: string,
  extra: Record<string, unknown> = {},
): FormRule {
  return drawerRule(schema, field, {
    pick: (all) => {
      const items = (all[list] ?? []) as Record<string, unknown>[];
      return { ...extra, ...(items[index] ?? {}) };
    },
  });
}
