import type { AdminCall, AdminCallInput } from '@planning/shared';
import { fromLocalInput, toLocalInput } from '../../shared/event-times/format';

/** What the call form holds: times as datetime-local values, everything else as it is sent. */
export type CallFormValues = {
  name: string;
  description: string;
  startsAt: string;
  endsAt: string;
  questionnaireConfigId?: string;
  guidance: string;
  layerIds: string[];
};

export const callFormFields = [
  'name',
  'description',
  'startsAt',
  'endsAt',
  'questionnaireConfigId',
  'guidance',
  'layerIds',
] as const satisfies ReadonlyArray<keyof CallFormValues>;
export type CallFormField = (typeof callFormFields)[number];

/** The form's values for a call (a new call: all empty). */
export const callFormValues = (call: AdminCall | undefined): CallFormValues =>
  call
    ? {
        name: call.name,
        description: call.description ?? '',
        startsAt: toLocalInput(call.startsAt),
        endsAt: toLocalInput(call.endsAt),
        questionnaireConfigId: call.questionnaire.configId,
        guidance: call.guidance,
        layerIds: call.layers.map((layer) => layer.id),
      }
    : {
        name: '',
        description: '',
        startsAt: '',
        endsAt: '',
        questionnaireConfigId: undefined,
        guidance: '',
        layerIds: [],
      };

/** What is sent for the form's values: an empty time or questionnaire is left for the schema to name. */
export const callInputOf = (values: Partial<CallFormValues>): AdminCallInput => ({
  name: values.name ?? '',
  description: values.description?.trim() ? values.description : null,
  startsAt: fromLocalInput(values.startsAt),
  endsAt: fromLocalInput(values.endsAt),
  questionnaireConfigId: values.questionnaireConfigId ?? '',
  guidance: values.guidance ?? '',
  layerIds: values.layerIds ?? [],
});

/**
 * The field an issue is about, from its path as the server sends it ('body.layerIds.2') or as zod
 * gives it (['layerIds', 2]): a chosen layer's issue is the layers field's. Undefined for anything
 * the form has no field for.
 */
export function fieldOfIssue(path: string | ReadonlyArray<PropertyKey>): CallFormField | undefined {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const first = parts[0] === 'body' ? parts[1] : parts[0];
  return (callFormFields as readonly string[]).includes(first ?? '') ? (first as CallFormField) : undefined;
}

export type IssuePlaces = {
  /** Each field's first message: the one to fix first ('Choose when the call closes', not also 'must close after it opens'). */
  fields: Array<{ name: CallFormField; errors: [string] }>;
  /** Messages about no field of the form, once each, shown above its buttons. */
  other: string[];
};

/** Puts issues on the fields they are about; what belongs to none is kept apart. */
export function placeIssues(
  issues: ReadonlyArray<{ path: string | ReadonlyArray<PropertyKey>; message: string }>,
): IssuePlaces {
  const fields = new Map<CallFormField, string>();
  const other: string[] = [];
  for (const issue of issues) {
    const field = fieldOfIssue(issue.path);
    if (field) {
      if (!fields.has(field)) fields.set(field, issue.message);
    } else if (!other.includes(issue.message)) other.push(issue.message);
  }
  return { fields: [...fields].map(([name, message]) => ({ name, errors: [message] })), other };
}
