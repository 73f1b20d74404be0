import { z } from 'zod';
import { consultationEventStates } from '../representations/schemas';
import { adminContentMessages as M } from './messages';

/**
 * Spec 03 §3.4 Event "features_enabled (feature_id, config_id)": the public features an event can
 * run, each with the config document type it runs from (the config picker lists that type only).
 */
export const eventFeatures = {
  'suggestion-map': { label: 'Suggestion map', configType: 'suggestion-map', configLabel: 'Suggestion map' },
  'interactive-map': {
    label: 'Interactive map',
    configType: 'interactive-map',
    configLabel: 'Interactive map',
  },
  'curated-tour': { label: 'Curated tour', configType: 'storytelling', configLabel: 'Storytelling' },
  'touch-points': { label: 'Touch points', configType: 'touch-points', configLabel: 'Touch points' },
  'public-web-map': { label: 'Public web map', configType: 'public-web-map', configLabel: 'Public web map' },
  'call-for-sites': {
    label: 'Call for sites',
    configType: 'call-for-sites-questionnaire',
    configLabel: 'Call for sites questionnaire',
  },
} as const;
export type EventFeature = keyof typeof eventFeatures;
export const eventFeatureNames = Object.keys(eventFeatures) as EventFeature[];
export const eventFeatureSchema = z.enum(eventFeatureNames as [EventFeature, ...EventFeature[]]);

export const EVENT_LIMITS = { nameMax: 200, descriptionMax: 4000 } as const;

export const eventStateSchema = z.enum(consultationEventStates);
export type EventState = z.infer<typeof eventStateSchema>;
export const eventStateLabels: Record<EventState, string> = {
  upcoming: 'Upcoming',
  live: 'Live',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/**
 * Spec 03 §4 Events: upcoming (start after now, not cancelled); live (started, not ended, not
 * cancelled); expired (ended, not cancelled); cancelled. The end is exclusive: at the very
 * moment an event ends it is expired.
 */
export function eventStateAt(
  event: { startsAt: string | Date; endsAt: string | Date; cancelled: boolean },
  now: Date,
): EventState {
  if (event.cancelled) return 'cancelled';
  const time = now.getTime();
  if (time < new Date(event.startsAt).getTime()) return 'upcoming';
  return time < new Date(event.endsAt).getTime() ? 'live' : 'expired';
}

const dateTime = (message: string) => z.iso.datetime({ offset: true, message });

export const enabledFeatureInputSchema = z.object({ feature: eventFeatureSchema, configId: z.uuid() });

export const adminEventInputSchema = z
  .object({
    name: z.string().trim().min(1, M.eventNameRequired).max(EVENT_LIMITS.nameMax),
    description: z.string().trim().max(EVENT_LIMITS.descriptionMax).nullish(),
    startsAt: dateTime(M.startRequired),
    endsAt: dateTime(M.endRequired),
    documentId: z.uuid().nullish(),
    features: z.array(enabledFeatureInputSchema).max(eventFeatureNames.length).default([]),
  })
  .refine((value) => new Date(value.endsAt).getTime() > new Date(value.startsAt).getTime(), {
    path: ['endsAt'],
    message: M.endAfterStart,
  })
  .refine((value) => new Set(value.features.map((f) => f.feature)).size === value.features.length, {
    path: ['features'],
    message: M.featureTwice,
  });
export type AdminEventInput = z.input<typeof adminEventInputSchema>;

export const cancelEventSchema = z.object({ cancelled: z.boolean() });

export const enabledFeatureSchema = z.object({
  feature: eventFeatureSchema,
  featureLabel: z.string(),
  configId: z.string(),
  configLabel: z.string(),
});

export const adminEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  cancelled: z.boolean(),
  state: eventStateSchema,
  documentId: z.string().nullable(),
  documentTitle: z.string().nullable(),
  documentPublished: z.boolean(),
  representationCount: z.number().int(),
  features: z.array(enabledFeatureSchema),
  updatedAt: z.string(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

export const adminEventListQuerySchema = z.object({ state: eventStateSchema.optional() });
export const adminEventListSchema = z.object({
  events: z.array(adminEventSchema),
  counts: z.object({ upcoming: z.number(), live: z.number(), expired: z.number(), cancelled: z.number() }),
});
export type AdminEventList = z.infer<typeof adminEventListSchema>;

/** /consultations (public): the council's live consultations with a published document. */
export const liveConsultationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  documentId: z.string(),
  documentTitle: z.string(),
});
export const liveConsultationListSchema = z.object({ consultations: z.array(liveConsultationSchema) });
export type LiveConsultation = z.infer<typeof liveConsultationSchema>;
