import { z } from 'zod';
import { hexColorSchema } from '../common/schemas';
import { searchFiltersSchema } from '../search/filters';
import { DEFAULT_CHART_COLOUR, DOCUMENT_LIMITS } from './limits';
import { documentMessages } from './messages';
import { richTextSchema, SAFE_IMAGE, SAFE_LINK } from './richText';

/**
 * Spec 02 §3 Document: a config is a map of entities by id (sections and blocks), each with its
 * type and the ids of its children, plus the root, the hero and the first section shown.
 */
export const entityIdSchema = z
  .string()
  .min(1)
  .max(DOCUMENT_LIMITS.entityIdMax)
  .regex(/^[A-Za-z0-9_-]+$/, 'An id is letters, digits, - and _');

const text = z.string().max(DOCUMENT_LIMITS.textMax);
const linkUrl = z.string().max(DOCUMENT_LIMITS.urlMax).regex(SAFE_LINK, documentMessages.unsafeUrl);
const imageUrl = z.string().max(DOCUMENT_LIMITS.urlMax).regex(SAFE_IMAGE, documentMessages.unsafeUrl);
const webUrl = z
  .string()
  .max(DOCUMENT_LIMITS.urlMax)
  .regex(/^https?:\/\//i, documentMessages.unsafeUrl);
const columnName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, 'A column name is letters, digits and _');
const siteId = z.string().regex(/^\d{1,18}$/, 'A site id is a number');

export const documentEntityTypes = [
  'hero',
  'section',
  'subSection',
  'carouselSection',
  'tableOfContents',
  'divider',
  'textBlock',
  'image',
  'table',
  'video',
  'tagTopic',
  'map',
  'chart',
  'link',
  'poll',
  'question',
] as const;
export type DocumentEntityType = (typeof documentEntityTypes)[number];

/** Spec 02 §3 Chart config (and spec 03 §3.8). */
export const chartTypes = ['pie', 'column', 'line'] as const;
export const columnChartTypes = ['default', 'group', 'stack'] as const;
export const chartRowSchema = z.object({
  label: text,
  value: z.number().finite(),
  serial: text.optional(),
  color: hexColorSchema.default(DEFAULT_CHART_COLOUR),
});
export const chartConfigSchema = z.object({
  chartName: text,
  chartType: z.enum(chartTypes),
  columnChartType: z.enum(columnChartTypes).default('default'),
  chartData: z.array(chartRowSchema).max(DOCUMENT_LIMITS.chartRowsMax),
  columns: z.array(text).max(50).default([]),
  isPercentageable: z.boolean().default(false),
});
export type ChartConfig = z.infer<typeof chartConfigSchema>;

/** Spec 02 §3 Question. The web form names them checkbox, radio, textarea, select and mapLinked. */
export const questionTypes = [
  'radioQuestion',
  'checkboxQuestion',
  'textQuestion',
  'dropdownQuestion',
  'mapLinkedQuestion',
] as const;
export type QuestionType = (typeof questionTypes)[number];
export const simpleQuestionTypes = [
  'radioQuestion',
  'checkboxQuestion',
  'textQuestion',
  'dropdownQuestion',
] as const;
export type SimpleQuestionType = (typeof simpleQuestionTypes)[number];

export const questionOptionSchema = z.object({
  title: text.min(1),
  description: text.optional(),
  imageURL: imageUrl.optional(),
});

/** A site-linked question: the resident picks a site (and may comment on it). */
export const mapFeatureSelectSchema = z.object({
  type: z.literal('site'),
  commentsBox: z.boolean().default(false),
  showAssociatedLayers: z.boolean().default(false),
});

const questionFields = {
  id: entityIdSchema,
  title: text,
  /** The question's text: TipTap JSON or HTML. */
  question: richTextSchema.optional(),
  options: z.array(questionOptionSchema).max(DOCUMENT_LIMITS.optionsMax).default([]),
  orientation: z.enum(['horizontal', 'vertical']).default('vertical'),
  minSelected: z.number().int().min(0).max(DOCUMENT_LIMITS.optionsMax).optional(),
  maxSelected: z.number().int().min(1).max(DOCUMENT_LIMITS.optionsMax).optional(),
  maxLength: z
    .number()
    .int()
    .min(1)
    .max(DOCUMENT_LIMITS.textareaMaxLengthCeiling)
    .default(DOCUMENT_LIMITS.textareaDefaultMaxLength),
  note: text.optional(),
  color: hexColorSchema.optional(),
  /** When the answer is (or includes) the option `if`, a textarea titled `title` is shown too. */
  conditional: z.object({ if: text, show: z.literal('textarea'), title: text }).optional(),
  mapFeatureSelect: mapFeatureSelectSchema.optional(),
};

export const simpleQuestionSchema = z.object({
  ...questionFields,
  type: z.enum(simpleQuestionTypes),
});
export type SimpleQuestion = z.infer<typeof simpleQuestionSchema>;

/** A map above several questions; each answer names the site chosen on the map. */
export const mapLinkedQuestionSchema = z.object({
  ...questionFields,
  type: z.literal('mapLinkedQuestion'),
  questions: z.array(simpleQuestionSchema).min(1).max(20),
  map: z.object({ style: text.optional(), caption: text.optional() }).default({}),
});
export type MapLinkedQuestion = z.infer<typeof mapLinkedQuestionSchema>;

export const questionSchema = z.discriminatedUnion('type', [simpleQuestionSchema, mapLinkedQuestionSchema]);
export type Question = z.infer<typeof questionSchema>;

/** Spec 02 §3 Site info config items: a table of columns, or one field. */
export const siteInfoItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('table'),
    title: text,
    columns: z
      .array(z.object({ title: text, columnName }))
      .min(1)
      .max(50),
  }),
  z.object({ type: z.literal('field'), title: text, columnName }),
]);
export type SiteInfoItem = z.infer<typeof siteInfoItemSchema>;

export const mapBlockFields = {
  caption: text.optional(),
  /** Which sites the map shows: these ids, or those the filters find (both: either). */
  sites: z
    .object({
      ids: z.array(siteId).max(DOCUMENT_LIMITS.siteIdsMax).optional(),
      filters: searchFiltersSchema.optional(),
    })
    .default({}),
  layerIds: z.array(z.string().min(1).max(100)).max(100).default([]),
  siteInfo: z.array(siteInfoItemSchema).max(50).default([]),
  /** The popup's 'Site Information' link and the accordion below the map. */
  siteDetailsDropdown: z.boolean().default(false),
  style: text.optional(),
};

const entity = <const T extends DocumentEntityType, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({
    id: entityIdSchema,
    type: z.literal(type),
    childSectionIds: z.array(entityIdSchema).max(DOCUMENT_LIMITS.entitiesMax).optional(),
    ...shape,
  });

export const documentEntitySchema = z.discriminatedUnion('type', [
  entity('hero', { title: text, subtitle: text.optional(), imageURL: imageUrl.optional() }),
  entity('section', { title: text }),
  entity('subSection', { title: text }),
  entity('carouselSection', { title: text.optional() }),
  entity('tableOfContents', { title: text.optional() }),
  entity('divider', {}),
  entity('textBlock', { content: richTextSchema }),
  entity('image', { src: imageUrl, alt: text, caption: text.optional() }),
  entity('table', {
    caption: text.optional(),
    header: z.array(text).max(50).default([]),
    rows: z.array(z.array(text).max(50)).max(1000).default([]),
  }),
  entity('video', { url: webUrl, title: text.optional(), caption: text.optional() }),
  entity('tagTopic', { title: text.optional(), tags: z.array(text).max(100).default([]) }),
  entity('map', mapBlockFields),
  entity('chart', chartConfigSchema.shape),
  entity('link', { title: text, url: linkUrl, description: text.optional() }),
  /** A quick poll: a radio or checkbox question shown as a poll. */
  entity('poll', { question: simpleQuestionSchema }),
  entity('question', { question: questionSchema }),
]);
export type DocumentEntity = z.infer<typeof documentEntitySchema>;

const entitiesSchema = z.record(entityIdSchema, documentEntitySchema);

/** Spec 02 §2 "hierarchical numbering ... hidden by documentSettings.hideSectionNumberings". */
export const documentSettingsSchema = z.object({ hideSectionNumberings: z.boolean().default(false) });

export const documentConfigSchema = z
  .object({
    root: entityIdSchema,
    heroSection: entityIdSchema.nullable().optional(),
    initialSection: entityIdSchema.nullable().optional(),
    documentSettings: documentSettingsSchema.default({ hideSectionNumberings: false }),
    entities: entitiesSchema,
  })
  .superRefine((config, ctx) => {
    for (const problem of configProblems(config)) ctx.addIssue({ code: 'custom', ...problem });
  });
export type DocumentConfig = z.infer<typeof documentConfigSchema>;

/** A block template (spec 02 §3): a block or section with what it holds, ready to paste in. */
export const blockTemplateConfigSchema = z
  .object({ root: entityIdSchema, entities: entitiesSchema })
  .superRefine((config, ctx) => {
    for (const problem of configProblems(config)) ctx.addIssue({ code: 'custom', ...problem });
  });
export type BlockTemplateConfig = z.infer<typeof blockTemplateConfigSchema>;

type ConfigProblem = { message: string; path: (string | number)[] };

/**
 * The referential checks (spec 02 §4 "building: resolving links, then validating"): each entity
 * stored under its own id, the root and named sections there, every child there, no section
 * inside itself, question ids unique (answers are keyed by them) and option titles unique in a
 * question (answers name them).
 */
export function configProblems(config: {
  root: string;
  heroSection?: string | null;
  initialSection?: string | null;
  entities: Record<string, DocumentEntity>;
}): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const { entities } = config;
  const ids = Object.keys(entities);
  if (ids.length > DOCUMENT_LIMITS.entitiesMax)
    return [{ message: documentMessages.tooManyEntities, path: ['entities'] }];
  if (!Object.hasOwn(entities, config.root))
    problems.push({ message: documentMessages.rootMissing(config.root), path: ['root'] });
  for (const key of ['heroSection', 'initialSection'] as const) {
    const id = config[key];
    if (id && !Object.hasOwn(entities, id))
      problems.push({ message: documentMessages.sectionMissing(key, id), path: [key] });
  }
  const questionIds = new Set<string>();
  for (const [key, item] of Object.entries(entities)) {
    if (item.id !== key)
      problems.push({ message: documentMessages.idMismatch(key), path: ['entities', key] });
    for (const [index, child] of (item.childSectionIds ?? []).entries()) {
      if (!Object.hasOwn(entities, child))
        problems.push({
          message: documentMessages.childMissing(key, child),
          path: ['entities', key, 'childSectionIds', index],
        });
    }
    for (const question of questionsOfEntity(item)) {
      if (questionIds.has(question.id))
        problems.push({
          message: documentMessages.duplicateQuestionId(question.id),
          path: ['entities', key],
        });
      questionIds.add(question.id);
      const titles = question.options.map((option) => option.title);
      if (new Set(titles).size !== titles.length)
        problems.push({ message: documentMessages.duplicateOption(question.id), path: ['entities', key] });
      if (
        question.minSelected !== undefined &&
        question.maxSelected !== undefined &&
        question.minSelected > question.maxSelected
      )
        problems.push({ message: documentMessages.minAboveMax, path: ['entities', key] });
    }
  }
  const cycle = findCycle(entities);
  if (cycle) problems.push({ message: documentMessages.cycle(cycle), path: ['entities', cycle] });
  return problems;
}

/** An entity that holds itself through its children, or null. Iterative: no stack to overflow. */
function findCycle(entities: Record<string, { childSectionIds?: string[] }>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  for (const start of Object.keys(entities)) {
    if (state.has(start)) continue;
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const children = Object.hasOwn(entities, top.id) ? (entities[top.id]!.childSectionIds ?? []) : [];
      if (top.next >= children.length) {
        state.set(top.id, 'done');
        stack.pop();
        continue;
      }
      const child = children[top.next++]!;
      if (!Object.hasOwn(entities, child)) continue;
      const seen = state.get(child);
      if (seen === 'open') return child;
      if (seen === undefined) {
        state.set(child, 'open');
        stack.push({ id: child, next: 0 });
      }
    }
  }
  return null;
}

/** The questions an entity asks (a map-linked question and the questions under its map). */
export function questionsOfEntity(item: DocumentEntity): Question[] {
  if (item.type === 'question')
    return item.question.type === 'mapLinkedQuestion'
      ? [item.question, ...item.question.questions]
      : [item.question];
  if (item.type === 'poll') return [item.question];
  return [];
}
