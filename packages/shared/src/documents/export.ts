import { z } from 'zod';

/**
 * Spec 02 §2, §4, §9: a document downloaded as Word or PDF, optionally with a spreadsheet of its
 * map blocks' site info. The file is made by a background job whose steps the bell shows.
 */
export const documentExportFormats = ['docx', 'pdf'] as const;
export type DocumentExportFormat = (typeof documentExportFormats)[number];

/** Spec 02 §4, §9: Word 3 steps, PDF 4 steps. */
export const DOCUMENT_EXPORT_STEPS: Record<DocumentExportFormat, number> = { docx: 3, pdf: 4 };

/** Spec 02 §9: the docx page and its numbers. */
export const DOCUMENT_EXPORT_PAGE = {
  /** A4, 8.27 x 11.7 in, in twentieths of a point (Word's own A4). */
  widthTwips: 11906,
  heightTwips: 16838,
  /** 0.33 in. */
  marginInches: 0.33,
  /** Regular text 0.155 in; root titles 1.5 times that. */
  fontInches: 0.155,
  rootTitleScale: 1.5,
  /** Table widths (twips): landscape 16000, portrait 10000; a column at least 1750. */
  tableWidthLandscape: 16000,
  tableWidthPortrait: 10000,
  tableColumnMin: 1750,
  /** Spec 02 §9: a map screenshot gives up after 60 s. */
  mapTimeoutMs: 60_000,
} as const;

export const documentExportRequestSchema = z.object({
  format: z.enum(documentExportFormats, { error: 'The format is docx or pdf' }),
  includeSiteInfo: z.boolean().default(false),
});
export type DocumentExportRequest = z.infer<typeof documentExportRequestSchema>;

/** The share link's token, for a document shared before it is published. */
export const documentExportQuerySchema = z.object({ share: z.string().max(200).optional() });

/** 202: the job is queued; its notification (staff) and the status route follow it. */
export const documentExportQueuedSchema = z.object({
  jobId: z.string(),
  notificationId: z.string().nullable(),
  steps: z.number().int(),
});
export type DocumentExportQueued = z.infer<typeof documentExportQueuedSchema>;

export const documentExportStatusSchema = z.object({
  jobId: z.string(),
  format: z.enum(documentExportFormats),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  error: z.string().nullable(),
  /** When succeeded: where the file is, and its name. */
  download: z.object({ url: z.string(), name: z.string() }).nullable(),
});
export type DocumentExportStatus = z.infer<typeof documentExportStatusSchema>;

export const documentExportJobParamsSchema = z.object({
  id: z.string().uuid('A document id'),
  jobId: z.string().uuid('A job id'),
});
