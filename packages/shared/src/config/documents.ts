import { z } from 'zod';
import { configMessages } from './types';

/**
 * Spec 03 §3.2: the shapes of the consultation config documents (interactive map, public web map,
 * suggestion map, storytelling, call for sites questionnaire, touch points) and their parts, with
 * the §5 rules. The site and layer documents keep their schemas beside the code that reads them
 * (siteSearch.ts, siteFeatures.ts, layers.ts).
 */

const id = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'An id has letters, digits, - or _ (up to 64)');
const text = (max: number, message?: string) => z.string().trim().min(1, message).max(max);
const longText = z.string().max(20_000);
/**
 * Spec 03 §5: image urls must be urls. An http(s) address, or a path on this site (an uploaded
 * file, '/api/v1/files/…'); never javascript: or data: (they are shown to the public).
 */
export function isImageUrl(value: string): boolean {
  // A path here: one slash, then no white space. An address: http(s)://host, then no white space.
  return /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#]\S*)?$/i.test(value);
}
const url = z.string().max(2000, configMessages.imageUrl).refine(isImageUrl, configMessages.imageUrl);

/** Fails with the duplicate-id message at each later repeat of the same id. */
function uniqueIds<T extends { id: string }>(items: T[], context: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id))
      context.addIssue({ code: 'custom', message: configMessages.duplicateId, path: [index, 'id'] });
    seen.add(item.id);
  });
}

/** Spec 03 §5: a location is exactly 2 numbers, longitude then latitude. */
export const configLocationSchema = z
  .array(z.number(), { message: configMessages.locationTwoNumbers })
  .length(2, configMessages.locationTwoNumbers)
  .refine(([lon = 0, lat = 0]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90, {
    message: 'Longitude is between -180 and 180, latitude between -90 and 90',
  });
export type ConfigLocation = z.infer<typeof configLocationSchema>;

/** Spec 03 §9: zoom 2 to 19. */
export const mapViewSchema = z.object({
  center: configLocationSchema,
  zoom: z.number().min(2).max(19),
  /** Layer ids (or names) shown on this view. */
  layers: z.array(z.string().min(1).max(200)).max(200),
  pitch: z.number().min(0).max(85).optional(),
  bearing: z.number().min(-360).max(360).optional(),
});
export type MapView = z.infer<typeof mapViewSchema>;

// ---------------------------------------------------------------------------------------------
// Feedback (spec 03 §3.2): question; options (name, value, details); limit; multimedia; comment;
// emotion. At least one of options, comment, multimedia or emotion must be filled.

export const feedbackOptionSchema = z.object({
  name: text(200, configMessages.nameRequired),
  value: z.union([z.string().min(1).max(200), z.number()]),
  details: z.string().max(2000).optional(),
});
export type FeedbackOption = z.infer<typeof feedbackOptionSchema>;

const feedbackFields = {
  question: text(500, configMessages.questionRequired),
  options: z.array(feedbackOptionSchema).max(50).optional(),
  /** How many answers one person may give. */
  limit: z.number().int().min(1).max(1000),
  multimedia: z.boolean().optional(),
  comment: z.boolean().optional(),
  emotion: z.boolean().optional(),
};

function feedbackIsAnswerable(
  feedback: { options?: unknown[]; comment?: boolean; multimedia?: boolean; emotion?: boolean },
  context: z.RefinementCtx,
) {
  const filled =
    (feedback.options?.length ?? 0) > 0 ||
    feedback.comment === true ||
    feedback.multimedia === true ||
    feedback.emotion === true;
  if (!filled) context.addIssue({ code: 'custom', message: configMessages.feedbackNeedsAnswer, path: [] });
}

export const feedbackSchema = z.object(feedbackFields).superRefine(feedbackIsAnswerable);
export type Feedback = z.infer<typeof feedbackSchema>;

// ---------------------------------------------------------------------------------------------
// Question set (spec 03 §3.2): showMode all or one-by-one, questions of kinds Preferences,
// Opinion, Comment and Ranking.

export const questionKinds = ['Preferences', 'Opinion', 'Comment', 'Ranking'] as const;
export type QuestionKind = (typeof questionKinds)[number];
export const questionShowModes = ['all', 'one-by-one'] as const;

const choice = z.object({ id, label: text(200, configMessages.labelRequired) });
const questionBase = {
  id,
  question: text(500, configMessages.questionRequired),
  description: z.string().max(2000).optional(),
  required: z.boolean().optional(),
};

export const configQuestionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('Preferences'),
    ...questionBase,
    options: z.array(choice).min(2, configMessages.optionsForPreferences).max(30).superRefine(uniqueIds),
    /** How many options one may pick (1 = a single choice). */
    maxChoices: z.number().int().min(1).max(30).optional(),
  }),
  z.object({
    kind: z.literal('Opinion'),
    ...questionBase,
    /** The scale's ends, such as 'Strongly disagree' … 'Strongly agree'. */
    scale: z.array(text(100, configMessages.labelRequired)).min(2).max(10),
  }),
  z.object({
    kind: z.literal('Comment'),
    ...questionBase,
    placeholder: z.string().max(200).optional(),
    maxLength: z.number().int().min(1).max(10_000).optional(),
  }),
  z.object({
    kind: z.literal('Ranking'),
    ...questionBase,
    items: z.array(choice).min(2, configMessages.itemsForRanking).max(30).superRefine(uniqueIds),
  }),
]);
export type ConfigQuestion = z.infer<typeof configQuestionSchema>;

export const questionSetSchema = z.object({
  showMode: z.enum(questionShowModes),
  questions: z.array(configQuestionSchema).min(1).max(100).superRefine(uniqueIds),
});
export type QuestionSet = z.infer<typeof questionSetSchema>;

// ---------------------------------------------------------------------------------------------
// Touch point (spec 03 §3.2): location (exactly 2 numbers), identifier, site_name, text, images
// (urls), questions.

export const touchPointSchema = z.object({
  identifier: id,
  location: configLocationSchema,
  site_name: text(200, configMessages.nameRequired),
  text: longText,
  images: z.array(url).max(20),
  questions: questionSetSchema.optional(),
});
export type TouchPoint = z.infer<typeof touchPointSchema>;

const touchPointList = z
  .array(touchPointSchema)
  .max(500)
  .superRefine((points, context) =>
    uniqueIds(
      points.map((point) => ({ id: point.identifier })),
      context,
    ),
  );

export const touchPointsConfigSchema = z.object({
  name: text(200, configMessages.nameRequired),
  touchPoints: touchPointList,
});
export type TouchPointsConfig = z.infer<typeof touchPointsConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Scene and interactive map (spec 03 §3.2): id; map (center, zoom, layers); touchPoints; label;
// information (title, body, footer); feedback.

export const sceneSchema = z.object({
  id,
  label: text(200, configMessages.labelRequired),
  map: mapViewSchema,
  touchPoints: touchPointList,
  information: z.object({
    title: text(200, configMessages.titleRequired),
    body: longText,
    footer: z.string().max(2000).optional(),
  }),
  feedback: feedbackSchema.optional(),
});
export type Scene = z.infer<typeof sceneSchema>;

export const interactiveMapConfigSchema = z.object({
  name: text(200, configMessages.nameRequired),
  scenes: z.array(sceneSchema).min(1).max(100).superRefine(uniqueIds),
});
export type InteractiveMapConfig = z.infer<typeof interactiveMapConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Suggestion map (spec 03 §3.3: question, options, multimedia, comment, emotion, limit): the
// feedback a resident gives by dropping a suggestion on the map.

export const suggestionMapConfigSchema = z
  .object({
    ...feedbackFields,
    options: z.array(feedbackOptionSchema).max(50),
    multimedia: z.boolean(),
    comment: z.boolean(),
    emotion: z.boolean(),
    map: mapViewSchema.optional(),
  })
  .superRefine(feedbackIsAnswerable);
export type SuggestionMapConfig = z.infer<typeof suggestionMapConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Public web map (spec 03 §3.3: tabs): the tabs of the public map, each with its layers.

export const publicWebMapTabSchema = z.object({
  id,
  title: text(100, configMessages.titleRequired),
  description: z.string().max(5000).optional(),
  layers: z.array(z.string().min(1).max(200)).max(200),
  visible: z.boolean(),
});
export type PublicWebMapTab = z.infer<typeof publicWebMapTabSchema>;

export const publicWebMapConfigSchema = z.object({
  tabs: z.array(publicWebMapTabSchema).max(30).superRefine(uniqueIds),
  map: mapViewSchema.optional(),
});
export type PublicWebMapConfig = z.infer<typeof publicWebMapConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Storytelling (spec 03 §3.2): name; stories (id, area, image, location, story with chapters,
// subAreas) and a borough-wide design. Chapters and subscenes: title, description, photos, map
// animation, rotate animation, onChapterEnter and onChapterExit layer opacity lists.

export const mapAnimations = ['flyTo', 'easeTo', 'jumpTo'] as const;

export const layerOpacitySchema = z.object({
  layer: z.string().min(1).max(200),
  opacity: z.number().min(0).max(1),
  /** Milliseconds the fade takes. */
  duration: z.number().int().min(0).max(60_000).optional(),
});
export type LayerOpacity = z.infer<typeof layerOpacitySchema>;

export const chapterSchema = z.object({
  id,
  title: text(200, configMessages.titleRequired),
  description: longText,
  photos: z.array(url).max(20),
  location: mapViewSchema.omit({ layers: true }),
  mapAnimation: z.enum(mapAnimations),
  rotateAnimation: z.boolean(),
  onChapterEnter: z.array(layerOpacitySchema).max(50),
  onChapterExit: z.array(layerOpacitySchema).max(50),
});
export type Chapter = z.infer<typeof chapterSchema>;

const chapters = z.array(chapterSchema).min(1).max(100).superRefine(uniqueIds);

export const subAreaSchema = z.object({
  id,
  name: text(200, configMessages.nameRequired),
  location: configLocationSchema.optional(),
  /** The subscenes of this part of the area. */
  chapters,
});
export type SubArea = z.infer<typeof subAreaSchema>;

export const storySchema = z.object({
  id,
  area: text(200, configMessages.nameRequired),
  image: url.optional(),
  location: configLocationSchema,
  story: z.object({ title: z.string().max(200).optional(), chapters }),
  subAreas: z.array(subAreaSchema).max(50).superRefine(uniqueIds),
});
export type Story = z.infer<typeof storySchema>;

/** The borough-wide design: how the map of the whole area introduces the stories. */
export const boroughWideDesignSchema = z.object({
  title: text(200, configMessages.titleRequired),
  description: longText,
  image: url.optional(),
  map: mapViewSchema,
  /** Colour of the story areas on the borough-wide map. */
  areaColour: z
    .string()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Invalid HEX color')
    .optional(),
});
export type BoroughWideDesign = z.infer<typeof boroughWideDesignSchema>;

export const storytellingConfigSchema = z.object({
  name: text(200, configMessages.nameRequired),
  stories: z.array(storySchema).max(100).superRefine(uniqueIds),
  boroughWide: boroughWideDesignSchema.optional(),
});
export type StorytellingConfig = z.infer<typeof storytellingConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Call for sites questionnaire (spec 03 §3.3 Questions: topics): topics, each a question set.

export const questionTopicSchema = z.object({
  id,
  title: text(200, configMessages.titleRequired),
  description: z.string().max(5000).optional(),
  ...questionSetSchema.shape,
});
export type QuestionTopic = z.infer<typeof questionTopicSchema>;

export const callForSitesQuestionnaireConfigSchema = z.object({
  topics: z.array(questionTopicSchema).max(50).superRefine(uniqueIds),
});
export type CallForSitesQuestionnaireConfig = z.infer<typeof callForSitesQuestionnaireConfigSchema>;
