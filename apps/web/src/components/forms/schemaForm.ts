import type { FormInstance, FormRule } from 'antd';

/** The part of a zod schema the forms use, so the web needs no zod of its own. */
export type FormSchema = {
  safeParse(values: unknown):
    | { success: true; data: unknown }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
};

/** Every message the schema gives, by top-level field name. */
export function schemaIssuesByField(schema: FormSchema, values: unknown): Record<string, string[]> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    const messages = (byField[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return byField;
}

/**
 * An antd rule that checks one field with the very schema the server uses (STYLE habit 1):
 * the whole form is parsed, so cross-field rules ('Passwords should match') apply too.
 */
export function schemaRule(schema: FormSchema, field: string): FormRule {
  return (form) => ({
    validator: async () => {
      const messages = schemaIssuesByField(schema, withBlanks(form.getFieldsValue(true)))[field];
      if (messages && messages.length > 0) throw new Error(messages[0]);
    },
  });
}

/** Empty inputs are undefined in antd; the schemas expect strings. */
function withBlanks(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value ?? '']));
}

/** Puts the server's field issues ('body.email') on the form's fields; says whether any matched. */
export function showServerIssues(
  form: FormInstance,
  issues: ReadonlyArray<{ path: string; message: string }>,
): boolean {
  const fields = issues
    .map((issue) => ({
      name: issue.path.replace(/^body\./, '').split('.')[0] ?? '',
      errors: [issue.message],
    }))
    .filter((field) => field.name !== '' && form.getFieldInstance(field.name) !== undefined);
  form.setFields(fields);
  return fields.length > 0;
}
