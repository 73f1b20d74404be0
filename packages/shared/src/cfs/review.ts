import { z } from 'zod';
import { questionTopicSchema } from '../config/documents';
import {
  cfsReviewMessages,
  clientSchema,
  submissionSiteSchema,
  submissionStatuses,
  submitterContactSchema,
  SUBMISSION_LIMITS,
} from './submissions';

/**
 * Issue 27 point 4: several submissions taken into review, or rejected with one reason (each
 * submitter emailed), at once from the queue. Each id goes through the single routes' rules.
 */
export const BULK_REVIEW_MAX = 100;
export const bulkReviewSchema = z
  .object({
    action: z.enum(['review', 'reject'], 'The action is review or reject'),
    ids: z
      .array(z.uuid('A submission id'))
      .min(1, 'Choose at least one submission')
      .max(BULK_REVIEW_MAX, `Choose at most ${BULK_REVIEW_MAX} submissions at once`),
    reason: z.string().trim().max(SUBMISSION_LIMITS.longTextMax).optional(),
  })
  .superRefine((body, context) => {
    if (body.action === 'reject' && !body.reason)
      context.addIssue({ code: 'custom', path: ['reason'], message: cfsReviewMessages.reasonRequired });
  });
export type BulkReviewInput = z.input<typeof bulkReviewSchema>;

export const bulkOutcomes = ['done', 'not-found', 'not-awaiting'] as const;
export const bulkReviewResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      reference: z.string().nullable(),
      outcome: z.enum(bulkOutcomes),
      /** The submission's status after the action (null when not found). */
      status: z.enum(submissionStatuses).nullable(),
      /** Why it was not done, in the single route's words. */
      message: z.string().nullable(),
    }),
  ),
  message: z.string(),
});
export type BulkReviewResult = z.infer<typeof bulkReviewResultSchema>;

export const cfsBulkMessages = {
  summary: (action: 'review' | 'reject', done: number, refused: number) => {
    const count = done === 1 ? '1 submission' : `${done} submissions`;
    const verb = action === 'review' ? 'marked as in review' : 'rejected';
    const rest = refused === 0 ? '' : `; ${refused} could not be`;
    return `${count} ${verb}${rest}`;
  },
} as const;

/**
 * Issue 27 point 4: the submissions a site of the register came from (accepted as it, or merged
 * into it), for the site's page; for staff with the cfs grant only, the submitter's details with them.
 */
export const siteSubmissionsSchema = z.object({
  submissions: z.array(
    z.object({
      id: z.string(),
      reference: z.string().nullable(),
      callId: z.string(),
      callName: z.string(),
      status: z.enum(submissionStatuses),
      submittedAt: z.string().nullable(),
      contact: submitterContactSchema,
      onBehalfOf: clientSchema.nullable(),
      /** The submitted site that became (or was merged into) this one. */
      site: submissionSiteSchema.omit({ boundary: true }),
      /** The call's questionnaire, to read the answers in the submitter's words. */
      topics: z.array(questionTopicSchema),
    }),
  ),
});
export type SiteSubmissions = z.infer<typeof siteSubmissionsSchema>;

/** Spec 03 §7 /submissions delete and restore: finding the person's accounts first, by email. */
export const submitterLookupQuerySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter an email address in the correct format')),
});
export const submitterLookupSchema = z.object({
  accounts: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      name: z.string().nullable(),
      submissions: z.array(
        z.object({
          id: z.string(),
          reference: z.string().nullable(),
          callName: z.string(),
          status: z.enum(submissionStatuses),
          updatedAt: z.string(),
          deletedAt: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type SubmitterLookup = z.infer<typeof submitterLookupSchema>;
