import { z } from 'zod';

/** Spec 01 §3 File buckets (one set per council). */
export const fileBuckets = [
  'oldSiteFiles',
  'siteFiles',
  'geodata',
  'oldAvailability',
  'availability',
  'unscanned',
  'quarantined',
  'consultations-attachments',
  'documents',
  'documents-attachments',
] as const;
export const fileBucketSchema = z.enum(fileBuckets);
export type FileBucket = z.infer<typeof fileBucketSchema>;

/**
 * Spec 01 §3 scan statuses. unscanned: waiting for the scanner, or none is configured; clean: in
 * its own bucket; quarantined: a virus was found, never downloadable; fail: the scanner could not
 * say (down, timed out), tried again.
 */
export const scanStatuses = ['unscanned', 'clean', 'quarantined', 'fail'] as const;
export const scanStatusSchema = z.enum(scanStatuses);
export type ScanStatus = z.infer<typeof scanStatusSchema>;

export const fileIdSchema = z.string().uuid('A file id is a UUID');

/** Spec 01 §3 File metadata, in the storage object's words. */
export const fileMetadataSchema = z.object({
  id: z.string(),
  name: z.string(),
  orig_name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  kind: z.literal('storage#object'),
  selfLink: z.string(),
  timeCreated: z.string(),
  updated: z.string(),
});

/** Spec 01 §3 File, with who uploaded it and what the caller may do with it (shown, not trusted). */
export const siteFileSchema = z.object({
  name: z.string(),
  signedUrl: z.string().nullable(),
  metadata: fileMetadataSchema,
  scannedStatus: scanStatusSchema,
  siteId: z.string().nullable(),
  uploadedBy: z.object({ id: z.string().nullable(), name: z.string() }),
  /** True when a scanner is configured, so an unscanned file is only waiting for it. */
  scannerConfigured: z.boolean(),
  canDownload: z.boolean(),
  canDelete: z.boolean(),
});
export type SiteFile = z.infer<typeof siteFileSchema>;

export const siteFilesSchema = z.object({ files: z.array(siteFileSchema) });
export type SiteFiles = z.infer<typeof siteFilesSchema>;

/** The JSON in an upload's `metadata` field (optional). */
export const uploadMetadataSchema = z
  .object({
    /** For POST /file: the site the files belong to, if any. */
    siteId: z
      .string()
      .regex(/^\d{1,18}$/, 'A site id is a number')
      .optional(),
    /** Free text kept with the upload, e.g. what the files show. */
    description: z.string().max(1000).optional(),
  })
  .strict();
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

export const uploadAnswerSchema = z.object({ files: z.array(siteFileSchema) });

export const signedUrlSchema = z.object({ signedUrl: z.string(), expiresAt: z.string() });

export const downloadQuerySchema = z.object({
  token: z.string().regex(/^v1\.[0-9a-f-]{36}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/, 'Not a download token'),
  /** inline: shown in the page (images only); otherwise saved as a file. */
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});

export const scanQueuedSchema = z.object({ jobId: z.string() });
