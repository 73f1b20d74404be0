import { z } from 'zod';
import { formatPostcode, isUkPostcode } from '../representations/contacts';

/** Issue 26 point 3: the subject access request's messages, one place for server and screen. */
export const subjectAccessMessages = {
  nothingToFind: 'Enter an email address, a name or a postcode.',
  emailInvalid: 'Enter a valid email address.',
  nameTooShort: 'Enter the full name, at least 3 letters.',
  postcodeInvalid: 'Enter a full UK postcode, like SW1A 1AA.',
  started: 'Searching every record for this person. The export will be ready in the notifications bell.',
  notificationLabel: 'Subject access request',
  notFound: 'No such subject access request.',
} as const;

const optional = (schema: z.ZodType<string | null>) => schema.optional().transform((value) => value ?? null);

export const subjectAccessRequestSchema = z
  .object({
    email: optional(
      z
        .string()
        .trim()
        .max(320, subjectAccessMessages.emailInvalid)
        .pipe(z.union([z.literal(''), z.email(subjectAccessMessages.emailInvalid)]))
        .transform((value) => (value ? value.toLowerCase() : null)),
    ),
    name: optional(
      z
        .string()
        .trim()
        .max(200, subjectAccessMessages.nameTooShort)
        .refine(
          (value) => value === '' || value.replace(/[^\p{L}]/gu, '').length >= 3,
          subjectAccessMessages.nameTooShort,
        )
        .transform((value) => (value ? value.replace(/\s+/g, ' ') : null)),
    ),
    postcode: optional(
      z
        .string()
        .trim()
        .refine((value) => value === '' || isUkPostcode(value), subjectAccessMessages.postcodeInvalid)
        .transform((value) => (value ? formatPostcode(value) : null)),
    ),
  })
  .refine((request) => request.email ?? request.name ?? request.postcode, {
    message: subjectAccessMessages.nothingToFind,
  });
export type SubjectAccessRequest = z.infer<typeof subjectAccessRequestSchema>;

/** A found record as the screen shows it: its table, id and the personal fields it holds. */
export const subjectAccessRecordSchema = z.object({
  id: z.string().nullable(),
  /** Why it was found: 'email address', 'name', 'postcode', or a link ('account', 'representation'…). */
  matchedBy: z.array(z.string()),
  fields: z.record(z.string(), z.string().nullable()),
});
export type SubjectAccessRecord = z.infer<typeof subjectAccessRecordSchema>;

export const subjectAccessTableSchema = z.object({
  table: z.string(),
  record: z.string(),
  count: z.number().int().nonnegative(),
  /** The first records, for review on screen; the export holds every one. */
  records: z.array(subjectAccessRecordSchema),
});

export const subjectAccessResultSchema = z.object({
  request: z.object({
    email: z.string().nullable(),
    name: z.string().nullable(),
    postcode: z.string().nullable(),
  }),
  searchedAt: z.string(),
  tables: z.array(subjectAccessTableSchema),
  files: z.number().int().nonnegative(),
  file: z.object({ key: z.string(), name: z.string(), contentType: z.string() }),
});
export type SubjectAccessResult = z.infer<typeof subjectAccessResultSchema>;

/** Records of one table shown on screen; the export has all. */
export const SUBJECT_ACCESS_SHOWN = 20;
/** A field's text on screen and in the summary is cut here; the JSON and CSV keep it whole. */
export const SUBJECT_ACCESS_TEXT_SHOWN = 400;

/** A field's text as the screen and the summary show it: cut at SUBJECT_ACCESS_TEXT_SHOWN. */
export const shownText = (text: string | null): string | null =>
  text !== null && text.length > SUBJECT_ACCESS_TEXT_SHOWN
    ? `${text.slice(0, SUBJECT_ACCESS_TEXT_SHOWN)}…`
    : text;

export const SUBJECT_ACCESS_JOB = 'data-protection.subject-access';

/** The answer to starting one: its id, and what the screen says meanwhile. */
export const subjectAccessStartedSchema = z.object({ id: z.string(), message: z.string() });

/** A request's state for the screen: its progress, and its findings once done. */
export const subjectAccessStatusSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  result: subjectAccessResultSchema.nullable(),
  error: z.string().nullable(),
  /** The zip's address (for the member of staff who made the request). */
  download: z.string().nullable(),
});
export type SubjectAccessStatus = z.infer<typeof subjectAccessStatusSchema>;
