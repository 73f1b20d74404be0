import { documentConfigSchema, documentTitleSchema, type DocumentConfig } from '@planning/shared';

/** What the builder edits and saves (PUT /documents/{id}); the undo history is over these. */
export type Draft = {
  title: string;
  config: DocumentConfig;
  answersOpenUntil: string | null;
};

/** A problem that stops the draft being saved, tied to the block or section it is in (if any). */
export type DraftProblem = { entityId: string | null; field: string; message: string };

const FIELD_WORDS: Record<string, string> = {
  src: 'Image address',
  alt: 'Alt text',
  url: 'Address',
  title: 'Title',
  chartName: 'Chart name',
  chartData: 'Chart rows',
  question: 'Question',
  options: 'Options',
  columnName: 'Column name',
  imageURL: 'Image address',
};

/**
 * The problems the shared schema (the server's own) finds in a draft, plus the builder's own rule
 * that an image has alt text (GOV.UK: every image is described), in words for the screen.
 */
export function draftProblems(draft: Draft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const title = documentTitleSchema.safeParse(draft.title);
  if (!title.success)
    problems.push({
      entityId: null,
      field: 'title',
      message: title.error.issues[0]?.message ?? 'Invalid title',
    });
  const config = documentConfigSchema.safeParse(draft.config);
  for (const issue of config.success ? [] : config.error.issues) {
    const entityId = issue.path[0] === 'entities' && typeof issue.path[1] === 'string' ? issue.path[1] : null;
    const field = [...issue.path].reverse().find((part): part is string => typeof part === 'string') ?? '';
    const value = valueAt(draft.config, issue.path);
    const words = FIELD_WORDS[field] ?? field;
    problems.push({
      entityId,
      field,
      message: value === '' ? `${words} is required` : `${words}: ${issue.message}`,
    });
  }
  for (const entity of Object.values(draft.config.entities))
    if (
      entity.type === 'image' &&
      entity.alt.trim() === '' &&
      !problems.some((p) => p.entityId === entity.id && p.field === 'alt')
    )
      problems.push({ entityId: entity.id, field: 'alt', message: 'Alt text is required' });
  return problems;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/** The one line the save state shows for a draft that cannot be saved. */
export function problemSummary(problems: readonly DraftProblem[], config: DocumentConfig): string {
  const first = problems[0];
  if (!first) return '';
  const entity = first.entityId ? config.entities[first.entityId] : undefined;
  const where = entity ? `${entity.type} block: ` : '';
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `${where}${first.message}${more}`;
}
