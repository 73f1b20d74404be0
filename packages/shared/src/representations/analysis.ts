import { z } from 'zod';
import { entityIdSchema, simpleQuestionTypes } from '../documents/schemas';
import { REPRESENTATION_LIMITS as L } from './limits';
import {
  attitudeSchema,
  correspondenceTypeSchema,
  organisationTypeSchema,
  representationStatusSchema,
} from './statuses';

/**
 * Spec 02 §2 /document/response-analysis ("Analyse responses", §1) and issue 15 point 7, the
 * consultation statement: the shapes the analysis routes answer with, and their messages.
 */
export const analysisMessages = {
  analysisOff: 'The analysis page is not enabled for this council',
  consultationsOff: 'The consultation pages are not enabled for this council',
  chooseDocument: 'Choose a document or a consultation event to analyse',
  chooseDocumentForCsv: 'Choose a document to export its answers',
  dateOrder: 'The start date must not be after the end date',
  formatInvalid: 'The format is docx or pdf',
  notPublishedYet: 'The representations of this consultation are published once it has closed',
  noAnswers: 'No answers yet',
  noRepresentations: 'No representations in this consultation yet',
  loadFailed: 'Failed to load the analysis',
  exportFailed: 'Failed to export the answers',
  statementFailed: (format: string) => `Failed to export the consultation statement in .${format} format`,
} as const;

/** How many of the newest text answers a question's analysis lists. */
export const ANALYSIS_LATEST_TEXTS = 20;
/** The CSV's columns: a respondent by number (never a name or an email address). */
export const analysisCsvColumns = ['Respondent', 'Question', 'Answer', 'Comment', 'Site', 'Date'] as const;

const isoDate = z.iso.date('A date is YYYY-MM-DD');
const siteId = z.string().regex(/^\d{1,18}$/, 'A site id is a number');

/** GET /consultations/analysis and its CSV: a document, an event (or both), and the filters. */
export const analysisQuerySchema = z
  .object({
    documentId: z.uuid('A document id').optional(),
    eventId: z.uuid('A consultation event id').optional(),
    questionId: entityIdSchema.optional(),
    siteId: siteId.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((query) => !(query.from && query.to && query.from > query.to), {
    path: ['to'],
    message: analysisMessages.dateOrder,
  });
export type AnalysisQuery = z.infer<typeof analysisQuerySchema>;

const countSchema = z.number().int();

/** A choice question's option: how many answers chose it, and their share of the answers. */
export const optionCountSchema = z.object({
  title: z.string(),
  count: countSchema,
  /** 0–1 of the question's answers (a checkbox answer may choose several: shares may add past 1). */
  share: z.number(),
  /** An answer no option of the document has now (the option was renamed or removed). */
  retired: z.boolean(),
});

export const siteCountSchema = z.object({ siteId: z.string(), siteName: z.string(), count: countSchema });
export type SiteCount = z.infer<typeof siteCountSchema>;

export const textAnswerSchema = z.object({
  text: z.string(),
  /** The answer itself, the text under a chosen option ('Please tell us why'), or a site comment. */
  kind: z.enum(['answer', 'conditional', 'siteComment']),
  siteName: z.string().nullable(),
  answeredAt: z.string(),
});
export type TextAnswer = z.infer<typeof textAnswerSchema>;

export const questionAnalysisSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(simpleQuestionTypes),
  kind: z.enum(['choice', 'text']),
  /** The map-linked question it sits under, if any. */
  parentId: z.string().nullable(),
  /** A site question: each answer names a site. */
  siteQuestion: z.boolean(),
  answerCount: countSchema,
  options: z.array(optionCountSchema),
  /** The newest 20 texts: a text question's answers, or a choice question's comments. */
  latestText: z.array(textAnswerSchema),
  textCount: countSchema,
  sites: z.array(siteCountSchema),
});
export type QuestionAnalysis = z.infer<typeof questionAnalysisSchema>;

export const dayCountSchema = z.object({ date: z.string(), count: countSchema });

export const attitudeCountSchema = z.object({
  attitude: attitudeSchema.nullable(),
  label: z.string(),
  count: countSchema,
});
export const statusCountSchema = z.object({ status: representationStatusSchema, count: countSchema });
export const topicCountSchema = z.object({ id: z.string().nullable(), name: z.string(), count: countSchema });

export const eventAnalysisSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  documentId: z.string().nullable(),
  representationCount: countSchema,
  subRepresentationCount: countSchema,
  /** Support, Neutral, Oppose and none, in that order. */
  attitudes: z.array(attitudeCountSchema),
  /** The eight statuses in order (spec 02 §4). */
  statuses: z.array(statusCountSchema),
  /** Topics by count (most first), then 'No topic'. */
  topics: z.array(topicCountSchema),
  received: z.array(dayCountSchema),
});
export type EventAnalysis = z.infer<typeof eventAnalysisSchema>;

export const analysisSchema = z.object({
  document: z
    .object({
      id: z.string(),
      title: z.string(),
      respondents: countSchema,
      answerCount: countSchema,
      questions: z.array(questionAnalysisSchema),
      /** Answers a day (the day in UK time), oldest first. */
      overTime: z.array(dayCountSchema),
      /** The sites answered about (for the site filter), most answered first. */
      sites: z.array(siteCountSchema),
    })
    .nullable(),
  event: eventAnalysisSchema.nullable(),
});
export type Analysis = z.infer<typeof analysisSchema>;

export const statementFormats = ['docx', 'pdf'] as const;
export const statementQuerySchema = z.object({
  format: z.enum(statementFormats, { error: analysisMessages.formatInvalid }),
});
export type StatementFormat = (typeof statementFormats)[number];

/** GET /public/consultations/events/{id}/representations: a closed consultation's published record. */
export const publicRepresentationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(L.pageSizeMax).default(L.pageSize),
});

export const publicRepresentationSchema = z.object({
  reference: z.string(),
  /** An organisation's name; a private individual is never named. */
  representee: z.string(),
  representeeType: z.enum(['organisation', 'privateIndividual']),
  organisationType: organisationTypeSchema.nullable(),
  attitude: attitudeSchema.nullable(),
  correspondenceType: correspondenceTypeSchema,
  topics: z.array(z.string()),
  receivedDate: z.string(),
  /** The text with every redaction replaced ('[telephone number redacted]'). */
  text: z.string(),
  subRepresentations: z.array(
    z.object({
      reference: z.string(),
      attitude: attitudeSchema.nullable(),
      topic: z.string().nullable(),
      text: z.string(),
    }),
  ),
  /** The council's responses, once sent ('Response sent'). */
  responses: z.array(z.object({ target: z.string(), title: z.string(), text: z.string() })),
});
export type PublicRepresentation = z.infer<typeof publicRepresentationSchema>;

export const publicRepresentationsSchema = z.object({
  event: z.object({ id: z.string(), name: z.string(), startsOn: z.string(), endsOn: z.string() }),
  count: countSchema,
  page: countSchema,
  pageSize: countSchema,
  representations: z.array(publicRepresentationSchema),
});
