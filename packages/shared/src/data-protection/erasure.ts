import { z } from 'zod';
import { subjectAccessRequestSchema } from './subjectAccess';

/**
 * Issue 26 point 4: erasing a person (UK GDPR art. 17). Their accounts and contacts lose every
 * personal field, what they wrote stays as the consultation record with their details replaced by
 * ERASED_MARK, and a consultation under legal hold refuses the erasure.
 */
export const ERASED_MARK = '[erased]';

export const erasureMessages = {
  nothingChosen: 'Choose at least one account or contact to erase, or enter a name or email to remove.',
  done: 'The person’s personal data was erased.',
  nothingToErase: 'Nothing holds this person’s personal data: nothing was changed.',
  legalHold: (consultation: string, reason: string) =>
    `This person cannot be erased: their representations are part of “${consultation}”, which is under legal hold (${reason}). Release the hold first.`,
  ownAccount: 'You cannot erase your own account: untick it, or ask another data protection officer.',
  holdReasonMissing: 'Say why the consultation is under legal hold.',
  holdReasonTooLong: 'Keep the reason under 500 characters.',
  consultationNotFound: 'No such consultation.',
  confirmTitle: 'Erase this person’s personal data?',
  confirmBody:
    'Their accounts are closed and their personal details removed from every record, file and export. Representations stay, anonymised. This cannot be undone.',
} as const;

/**
 * The person, found as for subject access (email, name, postcode: the strings removed from free
 * text), and the records that are theirs. Without `accounts`/`contacts` the server chooses the
 * ones holding the email address (or, with no email, the name and the postcode together); the
 * screen sends the officer's choice.
 */
export const erasureRequestSchema = subjectAccessRequestSchema.and(
  z.object({
    accounts: z.array(z.uuid('An account id')).max(50).optional(),
    contacts: z.array(z.uuid('A contact id')).max(50).optional(),
  }),
);
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

/** A record that may be the person's: the preview lists them to choose from. */
export const erasureCandidateSchema = z.object({
  table: z.enum(['users', 'contacts']),
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  postcode: z.string().nullable(),
  chosen: z.boolean(),
});
export type ErasureCandidate = z.infer<typeof erasureCandidateSchema>;

export const erasureChangeSchema = z.object({
  table: z.string(),
  record: z.string(),
  /** Deleted rows; anonymised rows (personal fields emptied); or the person's details replaced in text. */
  action: z.enum(['deleted', 'anonymised', 'text replaced']),
  rows: z.number().int().nonnegative(),
  fields: z.array(z.string()),
});
export type ErasureChange = z.infer<typeof erasureChangeSchema>;

export const legalHoldRefusalSchema = z.object({
  consultationId: z.string(),
  consultation: z.string(),
  reason: z.string(),
  message: z.string(),
});

export const erasurePreviewSchema = z.object({
  candidates: z.array(erasureCandidateSchema),
  changes: z.array(erasureChangeSchema),
  /** Stored files that belong only to the person (attachments of their own representations). */
  files: z.number().int().nonnegative(),
  /** Finished exports (downloads waiting) withdrawn: they may copy the person's records. */
  exports: z.number().int().nonnegative(),
  /** Rows of the representations' full-text index and of the sites' search rows rewritten. */
  searchRows: z.number().int().nonnegative(),
  /** Set when a consultation under legal hold refuses the erasure. */
  refusal: legalHoldRefusalSchema.nullable(),
});
export type ErasurePreview = z.infer<typeof erasurePreviewSchema>;

export const erasureResultSchema = erasurePreviewSchema.omit({ candidates: true, refusal: true }).extend({
  erasedAt: z.string(),
  message: z.string(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

/** Legal hold (issue 26 point 4): a consultation under examination keeps its record whole. */
export const legalHoldRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, erasureMessages.holdReasonMissing)
    .max(500, erasureMessages.holdReasonTooLong),
});

export const consultationHoldSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  hold: z.object({ reason: z.string(), since: z.string() }).nullable(),
});
export type ConsultationHold = z.infer<typeof consultationHoldSchema>;
export const consultationHoldsSchema = z.array(consultationHoldSchema);
