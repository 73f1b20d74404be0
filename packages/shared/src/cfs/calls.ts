import { z } from 'zod';
import { eventStateAt } from '../admin-content/events';
import { questionTopicSchema } from '../config/documents';

/**
 * Issue 27 point 1: a call for sites. It is a council event that runs the 'call-for-sites'
 * feature (spec 03 §3.4 features_enabled): the event gives its name, times and state, the
 * feature its questionnaire config; the call adds the guidance submitters read and the public
 * layers they see on the map.
 */
export const cfsMessages = {
  callNotFound: 'Call for sites not found',
  nameRequired: 'Name the call for sites',
  startRequired: 'Choose when the call opens',
  endRequired: 'Choose when the call closes',
  endAfterStart: 'The call must close after it opens',
  questionnaireRequired: 'Choose the questionnaire submitters answer',
  questionnaireNotFound: 'The questionnaire does not exist',
  questionnaireWrongType: 'Choose a Call for sites questionnaire config',
  layerNotPublic: 'Submitters can only be shown layers on the public web map',
  layerTwice: 'Each layer can be chosen once',
  guidanceTooLong: (max: number) => `The guidance must be at most ${max.toLocaleString('en-GB')} characters`,
  callsEmpty: (state: string) => `No ${state} calls for sites`,
  noOpenCalls: 'There are no calls for sites open at the moment. Please check back later.',
  saved: 'Saved',
  created: 'Call for sites created',
} as const;

export const CALL_LIMITS = {
  nameMax: 200,
  descriptionMax: 4000,
  guidanceMax: 100_000,
  layersMax: 50,
} as const;

/** A call is upcoming, open or closed like its event (live is open, expired closed), or cancelled. */
export const callStates = ['upcoming', 'open', 'closed', 'cancelled'] as const;
export const callStateSchema = z.enum(callStates);
export type CallState = z.infer<typeof callStateSchema>;
export const callStateLabels: Record<CallState, string> = {
  upcoming: 'Upcoming',
  open: 'Open',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

export function callStateAt(
  call: { startsAt: string | Date; endsAt: string | Date; cancelled: boolean },
  now: Date,
): CallState {
  const state = eventStateAt(call, now);
  if (state === 'live') return 'open';
  if (state === 'expired') return 'closed';
  return state;
}

const dateTime = (message: string) => z.iso.datetime({ offset: true, message });

export const adminCallInputSchema = z
  .object({
    name: z.string().trim().min(1, cfsMessages.nameRequired).max(CALL_LIMITS.nameMax),
    description: z.string().trim().max(CALL_LIMITS.descriptionMax).nullish(),
    startsAt: dateTime(cfsMessages.startRequired),
    endsAt: dateTime(cfsMessages.endRequired),
    questionnaireConfigId: z.uuid(cfsMessages.questionnaireRequired),
    /** Rich text (HTML): sanitised by the server, headings, paragraphs, lists and links only. */
    guidance: z
      .string()
      .max(CALL_LIMITS.guidanceMax, cfsMessages.guidanceTooLong(CALL_LIMITS.guidanceMax))
      .default(''),
    layerIds: z.array(z.uuid()).max(CALL_LIMITS.layersMax).default([]),
  })
  .refine((value) => new Date(value.endsAt).getTime() > new Date(value.startsAt).getTime(), {
    path: ['endsAt'],
    message: cfsMessages.endAfterStart,
  })
  .refine((value) => new Set(value.layerIds).size === value.layerIds.length, {
    path: ['layerIds'],
    message: cfsMessages.layerTwice,
  });
export type AdminCallInput = z.input<typeof adminCallInputSchema>;

const callLayerSchema = z.object({ id: z.string(), title: z.string() });

export const adminCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  cancelled: z.boolean(),
  state: callStateSchema,
  questionnaire: z.object({ configId: z.string(), label: z.string() }),
  guidance: z.string(),
  layers: z.array(callLayerSchema),
  updatedAt: z.string(),
});
export type AdminCall = z.infer<typeof adminCallSchema>;

export const adminCallListQuerySchema = z.object({ state: callStateSchema.optional() });
export const adminCallListSchema = z.object({
  calls: z.array(adminCallSchema),
  counts: z.object({ upcoming: z.number(), open: z.number(), closed: z.number(), cancelled: z.number() }),
});
export type AdminCallList = z.infer<typeof adminCallListSchema>;

/** What residents, landowners and agents read: no config ids, no cancelled calls. */
export const publicCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: callStateSchema.exclude(['cancelled']),
  guidance: z.string(),
  layers: z.array(callLayerSchema),
  /** The questions submitters answer for each site, by topic (issue 27 point 2). */
  questionnaire: z.object({ topics: z.array(questionTopicSchema) }),
});
export type PublicCall = z.infer<typeof publicCallSchema>;

/** The council's open calls, closing soonest first, and those opening soon. */
export const publicCallListSchema = z.object({
  open: z.array(publicCallSchema.omit({ guidance: true, layers: true, questionnaire: true })),
  upcoming: z.array(publicCallSchema.omit({ guidance: true, layers: true, questionnaire: true })),
});
export type PublicCallList = z.infer<typeof publicCallListSchema>;
