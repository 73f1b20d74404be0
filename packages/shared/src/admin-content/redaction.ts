import { z } from 'zod';
import { personalDataKinds } from '../representations/personalData';
import { adminContentMessages as M } from './messages';

/**
 * Issue 16 point 3 "suggestion-redaction": residents' free text in a document's answers (a text
 * question's answer, a choice's 'Please tell us why', a site comment). An administrator redacts
 * parts; every reader but the author then gets the redacted text.
 */
export const submissionFields = ['answer', 'conditional', 'siteComment'] as const;
export const submissionFieldSchema = z.enum(submissionFields);
export type SubmissionField = z.infer<typeof submissionFieldSchema>;
export const submissionFieldLabels: Record<SubmissionField, string> = {
  answer: 'Answer',
  conditional: 'Reason given',
  siteComment: 'Site comment',
};

export const redactionSpanSchema = z.object({
  from: z.number().int().min(0),
  to: z.number().int().min(1),
  kind: z.enum(personalDataKinds).optional(),
});
export type RedactionSpan = z.infer<typeof redactionSpanSchema>;

export const SUBMISSION_TEXT_MAX = 8000;

export const redactSubmissionSchema = z.object({
  answerId: z.uuid(),
  field: submissionFieldSchema,
  /** The text as the screen showed it: a changed answer is refused, not redacted blind. */
  original: z.string().max(SUBMISSION_TEXT_MAX),
  /** Empty: the redaction is removed and readers get the text as written. */
  spans: z.array(redactionSpanSchema).max(200),
});
export type RedactSubmission = z.infer<typeof redactSubmissionSchema>;

export const submissionQuerySchema = z.object({
  withFindings: z.enum(['true', 'false']).optional(),
  documentId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const submissionSchema = z.object({
  answerId: z.string(),
  field: submissionFieldSchema,
  documentId: z.string(),
  documentTitle: z.string(),
  questionId: z.string(),
  questionTitle: z.string(),
  siteName: z.string().nullable(),
  text: z.string(),
  redactedText: z.string().nullable(),
  spans: z.array(redactionSpanSchema),
  findings: z.array(
    z.object({ kind: z.enum(personalDataKinds), from: z.number(), to: z.number(), text: z.string() }),
  ),
  answeredAt: z.string(),
  redactedAt: z.string().nullable(),
  redactedBy: z.string().nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;
export const submissionListSchema = z.object({
  submissions: z.array(submissionSchema),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** The words put where a part was redacted (the redaction editor's '[telephone number redacted]'). */
export const spanPlaceholder = (span: Pick<RedactionSpan, 'kind'>): string =>
  span.kind ? `[${span.kind} redacted]` : '[redacted]';

/** Spans in order with overlaps joined (the first's kind kept), or an error when one lies outside. */
export function normaliseSpans(
  text: string,
  spans: readonly RedactionSpan[],
): RedactionSpan[] | { error: string } {
  const sorted = [...spans].sort((a, b) => a.from - b.from || b.to - a.to);
  const merged: RedactionSpan[] = [];
  for (const span of sorted) {
    if (span.from >= span.to || span.to > text.length) return { error: M.spansInvalid };
    const last = merged.at(-1);
    if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

/** The one function that turns a submission and its redacted parts into what other readers get. */
export function applyRedactionSpans(text: string, spans: readonly RedactionSpan[]): string {
  const normalised = normaliseSpans(text, spans);
  if ('error' in normalised) throw new Error(normalised.error);
  let result = '';
  let at = 0;
  for (const span of normalised) {
    result += text.slice(at, span.from) + spanPlaceholder(span);
    at = span.to;
  }
  return result + text.slice(at);
}
