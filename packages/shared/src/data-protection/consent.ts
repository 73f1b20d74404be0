import { z } from 'zod';

/**
 * Issue 26 point 6: the council's privacy notice, in versions, and what a person agreed to when
 * they took part. UK GDPR articles 13 and 7(1): the council must be able to show which notice a
 * person was given and what they consented to. A notice is never changed in place: editing it
 * publishes a new version, and the old ones are kept, since a consent points at the one seen.
 */

export const PRIVACY_NOTICE_MAX = 20_000;

export const privacyNoticeMessages = {
  cardTitle: 'Privacy notice',
  cardIntro:
    'Shown on every public form. Editing publishes a new version; earlier versions are kept, as each response records the version its writer saw.',
  textMissing: 'Write the privacy notice before publishing it.',
  textTooLong: `The privacy notice cannot be longer than ${PRIVACY_NOTICE_MAX.toLocaleString('en-GB')} characters.`,
  unchanged: 'This is the text of the current version: change it before publishing.',
  published: (version: number) => `Version ${version} of the privacy notice published.`,
  none: 'The council has not published a privacy notice yet.',
  notFound: 'No such version of the privacy notice.',
  publish: 'Publish new version',
  versions: 'Earlier versions',
} as const;

export const consentMessages = {
  legend: 'Your name and contact details',
  publishName: 'Publish my name with my response',
  publishNameHint:
    'Without this, your response is published as from a private individual. Your address, email address and telephone number are never published.',
  contactForUpdates: 'Contact me by email about updates to this consultation',
  noticeLink: (version: number) => `Read the privacy notice (version ${version})`,
  noticeRead: (version: number) => `I have read the privacy notice (version ${version}).`,
  noticeUnknown: 'The privacy notice you were shown is not this council’s. Reload the page and try again.',
  saved: 'Your choices are saved with your response.',
  recorded: (version: number | null, at: string | null) =>
    version === null
      ? 'No privacy notice recorded'
      : `Privacy notice version ${version}${at ? `, ${at}` : ''}`,
} as const;

export const privacyNoticeInputSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, privacyNoticeMessages.textMissing)
    .max(PRIVACY_NOTICE_MAX, privacyNoticeMessages.textTooLong),
});
export type PrivacyNoticeInput = z.infer<typeof privacyNoticeInputSchema>;

export const privacyNoticeSchema = z.object({
  version: z.number().int().positive(),
  text: z.string(),
  publishedAt: z.string(),
  /** The member of staff who published it: on the staff's read only. */
  publishedBy: z.string().nullable().optional(),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** The public read: the current version, or null when the council has none. */
export const currentPrivacyNoticeSchema = z.object({ notice: privacyNoticeSchema.nullable() });
export type CurrentPrivacyNotice = z.infer<typeof currentPrivacyNoticeSchema>;

/** The staff's read: every version, newest first. */
export const privacyNoticeVersionsSchema = z.object({ versions: z.array(privacyNoticeSchema) });
export type PrivacyNoticeVersions = z.infer<typeof privacyNoticeVersionsSchema>;

export const privacyNoticeParamsSchema = z.object({
  version: z.coerce.number().int().positive(privacyNoticeMessages.notFound),
});

/**
 * What a person agreed to on a public form. Both default to no: a name is published, and a person
 * contacted, only on their word (UK GDPR art. 25, data protection by default).
 */
export const consentInputSchema = z.object({
  /** The privacy notice version the form showed; null when the council had none. */
  noticeVersion: z.number().int().positive().nullable(),
  publishName: z.boolean().default(false),
  contactForUpdates: z.boolean().default(false),
});
export type ConsentInput = z.infer<typeof consentInputSchema>;

export const consentSchema = z.object({
  noticeVersion: z.number().int().positive().nullable(),
  publishName: z.boolean(),
  contactForUpdates: z.boolean(),
  /** When the choices were made; null before any were recorded. */
  consentedAt: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

/** No choices recorded: nothing published, nobody contacted. */
export const noConsent: Consent = {
  noticeVersion: null,
  publishName: false,
  contactForUpdates: false,
  consentedAt: null,
};
