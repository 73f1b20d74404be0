import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  documentExportQueuedSchema,
  documentExportStatusSchema,
  documentMessages,
  type DocumentExportFormat,
} from '@planning/shared';
import { api, downloadFile, sendForFile } from '../../api/client';
import { notifyError } from '../../platform/notices/notifyError';
import { notificationQueryKeys } from '../notifications/api';
import { runDocumentExport, type ExportProgress } from './exportRun';

export type { ExportProgress } from './exportRun';

export type DocumentExportOptions = {
  /** The share link's token, for a document shared before it is published. */
  share?: string | null;
  /** Staff: export the document as it stands, published or not (the builder's preview). */
  preview?: boolean;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spec 02 §2 Download as PDF or Word (optionally with the site info spreadsheet): starts the
 * export, follows its steps (Word 3, PDF 4; staff also see them in the notifications bell, which is
 * asked again as the job moves), then saves the file. While one runs, `saving` is true: the
 * Download button is disabled (spec 02 §5). A failure shows 'Failed to export document in
 * .{format} format' bottom-right (spec 02 §8).
 */
export function useDocumentExport(documentId: string | null, options: DocumentExportOptions = {}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  // A second click before React re-renders must not start a second export.
  const running = useRef(false);
  const { share, preview = false } = options;

  const exportAs = useCallback(
    async (format: DocumentExportFormat, includeSiteInfo = false) => {
      if (!documentId || running.current) return;
      running.current = true;
      const id = encodeURIComponent(documentId);
      const publicBase = `/public/documents/${id}`;
      const startPath = preview
        ? `/documents/${id}/export`
        : `${publicBase}/export${share ? `?share=${encodeURIComponent(share)}` : ''}`;
      try {
        await runDocumentExport(format, {
          start: () =>
            sendForFile(
              'POST',
              startPath,
              { format, includeSiteInfo },
              documentExportQueuedSchema,
              `document.${format}`,
            ),
          status: (jobId) => api.get(`${publicBase}/exports/${jobId}`, documentExportStatusSchema),
          download: (url, name) => downloadFile(url, name),
          wait,
          now: Date.now,
          onProgress: setProgress,
          onJobChanged: () => void queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all }),
        });
      } catch (error) {
        // A failed job, a lost connection or a crash: the spec's words. A refusal with a message
        // of its own (too many downloads, document not found) says that instead.
        notifyError(error, documentMessages.exportFailed(format));
      } finally {
        running.current = false;
        setProgress(null);
      }
    },
    [documentId, preview, share, queryClient],
  );

  return { exportAs, progress, saving: progress !== null };
}
