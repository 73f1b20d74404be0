import {
  FILE_LIMITS,
  scanQueuedSchema,
  signedUrlSchema,
  siteFilesSchema,
  uploadAnswerSchema,
  type SiteFile,
} from '@planning/shared';
import { api, downloadFile, fetchBlob, noContent } from '../../api/client';

/**
 * The site page's query keys this feature reads and refreshes. They follow the site page's
 * shape (['site', id, …]) so that leaving a site drops them with the rest.
 */
export const fileQueryKeys = {
  siteFiles: (siteId: string) => ['site', siteId, 'files'] as const,
  /** The history panel's queries (every filter): a FILE item follows each upload and delete. */
  siteTimeline: (siteId: string) => ['site', siteId, 'timeline'] as const,
};

export function fetchSiteFiles(siteId: string, signal?: AbortSignal) {
  return api.get(`/site/${siteId}/files`, siteFilesSchema, { signal });
}

/** Spec 01 §7 upload: multipart 'fileCollection' with the metadata alongside. */
export function uploadSiteFiles(siteId: string, files: readonly File[], description?: string) {
  const form = new FormData();
  if (description) form.append(FILE_LIMITS.metadataField, JSON.stringify({ description }));
  for (const file of files) form.append(FILE_LIMITS.field, file, file.name);
  return api.postForm(`/site/${siteId}/files`, uploadAnswerSchema, form);
}

export function deleteSiteFile(siteId: string, fileId: string) {
  return api.delete(`/site/${siteId}/files/${fileId}`, noContent);
}

/** A fresh link (5 minutes) by the file's self link, as spec 01 §7 asks for it. */
export function fetchSignedUrl(file: SiteFile) {
  return api.get(`/files/${file.metadata.id}/signed-url`, signedUrlSchema);
}

export async function downloadSiteFile(file: SiteFile): Promise<string> {
  const { signedUrl } = await fetchSignedUrl(file);
  return downloadFile(signedUrl, file.name);
}

/** The image's bytes for the preview, by a fresh signed link, shown inline. */
export async function fetchPreview(file: SiteFile, signal?: AbortSignal): Promise<Blob> {
  const { signedUrl } = await fetchSignedUrl(file);
  return fetchBlob(`${signedUrl}&disposition=inline`, { signal });
}

/** Asks for a file whose scan failed to be scanned again. */
export function rescanFile(file: SiteFile) {
  return api.post(`/files/${file.metadata.id}/scan`, scanQueuedSchema);
}
