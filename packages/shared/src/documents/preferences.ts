import { z } from 'zod';

/**
 * Spec 02 §2 /p/document/preferences: the emails a consultation account chooses to get. Updates
 * on consultations answered are on until turned off; news of new consultations is asked for.
 */
export const communicationPreferencesSchema = z.object({
  /** News about consultations the resident has answered (changes, results, closing dates). */
  documentUpdates: z.boolean(),
  /** Word when the council opens a new consultation. */
  newConsultations: z.boolean(),
});
export type CommunicationPreferences = z.infer<typeof communicationPreferencesSchema>;

export const DEFAULT_COMMUNICATION_PREFERENCES: CommunicationPreferences = {
  documentUpdates: true,
  newConsultations: false,
};

export const communicationSettingsSchema = z.object({
  email: z.string(),
  preferences: communicationPreferencesSchema,
  /** The web address of the account's one-click unsubscribe link (emails carry it). */
  unsubscribePath: z.string(),
});
export type CommunicationSettings = z.infer<typeof communicationSettingsSchema>;

/** An unsubscribe link's token: `u1{account}{mac}`, nothing to guess and nothing to edit. */
export const unsubscribeBodySchema = z.object({ token: z.string().min(1).max(200) });
export const unsubscribeAnswerSchema = z.object({ unsubscribed: z.literal(true) });

export const preferenceMessages = {
  documentUpdates: 'Updates about consultations I have answered',
  newConsultations: 'News when the council opens a new consultation',
  saved: 'Your preferences have been saved',
  unsubscribed: 'You have been unsubscribed: the council will send you no more consultation emails.',
  linkInvalid: 'This unsubscribe link is not valid. Sign in to change your email preferences.',
} as const;
