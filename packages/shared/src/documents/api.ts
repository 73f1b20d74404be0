import { z } from 'zod';
import { consentSchema } from '../data-protection/consent';
import { answerValueSchema } from './answers';
import { DOCUMENT_LIMITS } from './limits';
import { blockTemplateConfigSchema, documentConfigSchema, entityIdSchema, questionTypes } from './schemas';
import { questionTagsSchema, responseTagPolicySchema } from './tags';

/** The HTTP shapes of the documents routes (spec 02 §7 "Documents"). */

export const documentTitleSchema = z
  .string()
  .max(1000)
  .transform((title) => title.trim())
  .pipe(
    z
      .string()
      .min(1, 'Title is required')
      .max(DOCUMENT_LIMITS.titleMax, `A title has at most ${DOCUMENT_LIMITS.titleMax} characters`),
  );

const isoDateTime = z.iso.datetime({ offset: true });
const person = z.object({ id: z.string().nullable(), name: z.string() }).nullable();

/** Spec 02 §3 Document meta. */
export const documentMetaSchema = z.object({
  updatedAt: z.string(),
  isPublished: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type DocumentMeta = z.infer<typeof documentMetaSchema>;

export const documentSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  author: person,
  meta: documentMetaSchema,
  /** Answers may be given, changed and deleted until then (null: as long as it is published). */
  answersOpenUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;
export const documentListSchema = z.object({ documents: z.array(documentSummarySchema) });

/** What staff may do with a document, worked out on the server (the screen dims the rest). */
export const documentPolicySchema = z.object({
  canWrite: z.boolean(),
  canDelete: z.boolean(),
});

export const documentSchema = documentSummarySchema.extend({
  config: documentConfigSchema,
  shareToken: z.string().nullable(),
  policy: documentPolicySchema,
});
export type DocumentRecord = z.infer<typeof documentSchema>;

export const createDocumentBodySchema = z.object({
  title: documentTitleSchema,
  /** Blank when neither is given: one root section. */
  config: documentConfigSchema.optional(),
  templateId: z.string().uuid().optional(),
});
export type CreateDocumentBody = z.infer<typeof createDocumentBodySchema>;

export const updateDocumentBodySchema = z.object({
  title: documentTitleSchema.optional(),
  config: documentConfigSchema.optional(),
  answersOpenUntil: isoDateTime.nullable().optional(),
  /** The meta.updatedAt the edit was made on: a later save by someone else answers 409. */
  ifUpdatedAt: z.string().max(64).optional(),
});
export type UpdateDocumentBody = z.infer<typeof updateDocumentBodySchema>;

/** Spec 02 §4: polled every 60 s by the builder and the public page. */
export const documentStatusSchema = z.object({
  id: z.string(),
  updatedAt: z.string(),
  isPublished: z.boolean(),
});

export const shareLinkSchema = z.object({
  token: z.string(),
  /** The web app's address of the shared document. */
  path: z.string(),
});

// Templates (spec 02 §2 document builder, §3 block templates).
export const templateKinds = ['document', 'block'] as const;
export const templateKindSchema = z.enum(templateKinds);
const templateName = z
  .string()
  .max(1000)
  .transform((name) => name.trim())
  .pipe(z.string().min(1, 'Name is required').max(DOCUMENT_LIMITS.templateNameMax));

export const createTemplateBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('document'), name: templateName, config: documentConfigSchema }),
  z.object({ kind: z.literal('block'), name: templateName, config: blockTemplateConfigSchema }),
]);
export type CreateTemplateBody = z.infer<typeof createTemplateBodySchema>;
/** The kind names which config the edit holds; it must be the template's own kind. */
export const updateTemplateBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('document'),
    name: templateName.optional(),
    config: documentConfigSchema.optional(),
  }),
  z.object({
    kind: z.literal('block'),
    name: templateName.optional(),
    config: blockTemplateConfigSchema.optional(),
  }),
]);
export type UpdateTemplateBody = z.infer<typeof updateTemplateBodySchema>;
const templateFields = {
  id: z.string(),
  name: z.string(),
  feature: z.string(),
  createdBy: person,
  createdAt: z.string(),
  updatedAt: z.string(),
};
export const templateSchema = z.discriminatedUnion('kind', [
  z.object({ ...templateFields, kind: z.literal('document'), config: documentConfigSchema }),
  z.object({ ...templateFields, kind: z.literal('block'), config: blockTemplateConfigSchema }),
]);
export type DocumentTemplate = z.infer<typeof templateSchema>;
export const templateSummarySchema = z.object({ ...templateFields, kind: templateKindSchema });
export type DocumentTemplateSummary = z.infer<typeof templateSummarySchema>;
export const templateListSchema = z.object({ templates: z.array(templateSummarySchema) });
export const templateListQuerySchema = z.object({
  kind: templateKindSchema.optional(),
  search: z.string().max(200).optional(),
});

// The public side.
export const publicDocumentListSchema = z.object({
  documents: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      publishedAt: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
});

/** Whether the reader may answer, and if not why: the question blocks disable their inputs. */
export const answerPolicySchema = z.object({
  signedIn: z.boolean(),
  /** A consultation account (spec 02 §6), signed in at this council. */
  canAnswer: z.boolean(),
  /** The answers are open: published, and before answersOpenUntil. */
  answersOpen: z.boolean(),
  /** Why not, in words for the reader; null when the reader can answer. */
  reason: z.string().nullable(),
});
export type AnswerPolicy = z.infer<typeof answerPolicySchema>;

/**
 * A document as the public reads it. Rich text (text blocks, question texts) arrives as HTML the
 * server has rendered and sanitised: the page shows it as it is and renders no JSON itself.
 */
export const publicDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  meta: documentMetaSchema,
  answersOpenUntil: z.string().nullable(),
  config: documentConfigSchema,
  viewer: answerPolicySchema,
});
export type PublicDocument = z.infer<typeof publicDocumentSchema>;
export const publicDocumentQuerySchema = z.object({
  /** A share link's token: reads the document even before it is published. */
  share: z.string().max(100).optional(),
});

export const trackingEvents = ['open', 'close', 'heartbeat'] as const;
export const trackingBodySchema = z.object({
  event: z.enum(trackingEvents),
  /** One page view, made by the page when it opens (a UUID): heartbeats count per view. */
  viewId: z.string().uuid(),
});
export const trackingAnswerSchema = z.object({ recorded: z.boolean() });

/** Spec 02 §3 Answer, as kept: the last answer per question (and per site) is the one that counts. */
export const answerSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  questionType: z.enum(questionTypes),
  value: answerValueSchema,
  conditional: z.string().nullable(),
  relatedSiteId: z.string().nullable(),
  relatedSiteName: z.string().nullable(),
  /** Spec 02 §3: also called siteName. */
  siteName: z.string().nullable(),
  relatedSiteComment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Answer = z.infer<typeof answerSchema>;

/** My responses (spec 02 §2): the signed-in resident's own answers to one document. */
export const myAnswersSchema = z.object({
  documentId: z.string(),
  responseId: z.string().nullable(),
  viewer: answerPolicySchema,
  answers: z.array(answerSchema),
  /** Whether the resident may tag their answered questions now (after the end date). */
  tagging: responseTagPolicySchema,
  /** The resident's tags, per question that has any. */
  tags: z.array(questionTagsSchema),
  /** Issue 26 point 6: the notice version the resident saw and what they agreed to. */
  consent: consentSchema,
});
export const answerParamsSchema = z.object({ id: z.string().uuid(), answerId: z.string().uuid() });

/** The documents a resident has answered, for My responses without a document open. */
export const myResponsesSchema = z.object({
  responses: z.array(
    z.object({
      documentId: z.string(),
      title: z.string(),
      answerCount: z.number().int(),
      updatedAt: z.string(),
      /** The resident's tags on the document's questions, per question that has any. */
      tags: z.array(questionTagsSchema),
    }),
  ),
});

// Staff: responses search and export.
export const responseSearchQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(DOCUMENT_LIMITS.pageSizeMax).default(DOCUMENT_LIMITS.pageSize),
  questionId: entityIdSchema.optional(),
  siteId: z
    .string()
    .regex(/^\d{1,18}$/, 'A site id is a number')
    .optional(),
  /** Words in the answer, its conditional text or site comment, or the respondent's name. */
  search: z.string().max(200).optional(),
});
export type ResponseSearchQuery = z.infer<typeof responseSearchQuerySchema>;
export const responseRowSchema = answerSchema.extend({
  responseId: z.string(),
  respondent: z.object({
    id: z.string().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    /** Issue 26 point 6: emails about updates go only to those who agreed. */
    contactForUpdates: z.boolean(),
    publishName: z.boolean(),
  }),
  questionTitle: z.string(),
});
export type ResponseRow = z.infer<typeof responseRowSchema>;
export const responseSearchSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(responseRowSchema),
});
export const responseExportQuerySchema = responseSearchQuerySchema.pick({
  questionId: true,
  siteId: true,
  search: true,
});

export const documentSummaryStatsSchema = z.object({
  opens: z.number().int(),
  visitors: z.number().int(),
  /** Reading time, from the 30-second heartbeats. */
  minutesRead: z.number().int(),
  respondents: z.number().int(),
  answers: z.array(z.object({ questionId: z.string(), count: z.number().int() })),
});

// Attachments (spec 02 §2 /p/document/{id}/attachments; spec 03 §3.8 bucket 'documents-attachments').
export const documentAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  scanStatus: z.enum(['unscanned', 'clean', 'quarantined', 'fail']),
  createdAt: z.string(),
  /** Where to download it (an API path); null while the file may not be downloaded. */
  downloadPath: z.string().nullable(),
});
export type DocumentAttachment = z.infer<typeof documentAttachmentSchema>;
export const documentAttachmentsSchema = z.object({ attachments: z.array(documentAttachmentSchema) });
