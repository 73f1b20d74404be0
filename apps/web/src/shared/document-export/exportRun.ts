import {
  documentMessages,
  type DocumentExportFormat,
  type DocumentExportQueued,
  type DocumentExportStatus,
} from '@planning/shared';

/** How often a running export is asked about (the bell asks every 10 s on its own). */
export const EXPORT_POLL_MS = 1_000;
/** Spec 02 §9: a map gives up after 60 s; a whole document gets a few of those. */
export const EXPORT_GIVE_UP_MS = 5 * 60_000;

export type ExportProgress = { format: DocumentExportFormat; done: number; total: number };

/** What a run needs from the outside world: the calls, the clock, and where progress goes. */
export type ExportRunDeps = {
  /** POST …/export: the file itself (signed out) or 202 with the job. */
  start: () => Promise<{ kind: 'downloaded' } | { kind: 'accepted'; data: DocumentExportQueued }>;
  status: (jobId: string) => Promise<DocumentExportStatus>;
  download: (url: string, name: string) => Promise<unknown>;
  wait: (ms: number) => Promise<void>;
  now: () => number;
  onProgress: (progress: ExportProgress) => void;
  /** A job changed: the bell's list is asked again. */
  onJobChanged?: () => void;
};

/**
 * One export from the click to the saved file: follows the job's steps (Word 3, PDF 4) until it
 * succeeds and then downloads its file. Rejects with spec 02 §8's message when the job fails, is
 * cancelled (from the bell) or takes too long.
 */
export async function runDocumentExport(format: DocumentExportFormat, deps: ExportRunDeps): Promise<void> {
  deps.onProgress({ format, done: 0, total: 0 });
  const answer = await deps.start();
  if (answer.kind === 'downloaded') return;
  const { jobId, steps } = answer.data;
  deps.onProgress({ format, done: 0, total: steps });
  deps.onJobChanged?.();
  const giveUpAt = deps.now() + EXPORT_GIVE_UP_MS;
  let done = 0;
  for (;;) {
    await deps.wait(EXPORT_POLL_MS);
    const status = await deps.status(jobId);
    if (status.progress.done !== done) {
      done = status.progress.done;
      deps.onJobChanged?.();
    }
    deps.onProgress({ format, done: status.progress.done, total: status.progress.total || steps });
    if (status.status === 'succeeded' && status.download) {
      deps.onJobChanged?.();
      await deps.download(status.download.url, status.download.name);
      return;
    }
    if (status.status === 'failed' || status.status === 'cancelled') {
      deps.onJobChanged?.();
      throw new Error(documentMessages.exportFailed(format));
    }
    if (deps.now() > giveUpAt) throw new Error(documentMessages.exportFailed(format));
  }
}
