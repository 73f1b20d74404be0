import { describe, expect, it } from 'vitest';
import type { DocumentExportStatus } from '@planning/shared';
import { EXPORT_GIVE_UP_MS, runDocumentExport, type ExportProgress, type ExportRunDeps } from './exportRun';

const status = (over: Partial<DocumentExportStatus>): DocumentExportStatus => ({
  jobId: 'job-1',
  format: 'pdf',
  status: 'running',
  progress: { done: 0, total: 4 },
  error: null,
  download: null,
  ...over,
});

/** A run against answers given in turn, on a clock that moves only when the run waits. */
function harness(answers: DocumentExportStatus[], start: Awaited<ReturnType<ExportRunDeps['start']>>) {
  let clock = 0;
  const seen: ExportProgress[] = [];
  const downloads: string[] = [];
  let bell = 0;
  const deps: ExportRunDeps = {
    start: () => Promise.resolve(start),
    status: () => Promise.resolve(answers.length > 1 ? answers.shift()! : answers[0]!),
    download: (url, name) => Promise.resolve(downloads.push(`${url} ${name}`)),
    wait: (ms) => Promise.resolve(void (clock += ms)),
    now: () => clock,
    onProgress: (progress) => seen.push(progress),
    onJobChanged: () => void (bell += 1),
  };
  return { deps, seen, downloads, bell: () => bell };
}

const queued = { kind: 'accepted' as const, data: { jobId: 'job-1', notificationId: 'n-1', steps: 4 } };

describe('runDocumentExport (spec 02 §4 export steps)', () => {
  it('follows the PDF job through its 4 steps, asks the bell again, then saves the file', async () => {
    const run = harness(
      [
        status({ progress: { done: 1, total: 4 } }),
        status({ progress: { done: 3, total: 4 } }),
        status({
          status: 'succeeded',
          progress: { done: 4, total: 4 },
          download: { url: '/api/v1/public/documents/d/exports/job-1/download', name: 'Plan.pdf' },
        }),
      ],
      queued,
    );
    await runDocumentExport('pdf', run.deps);
    expect(run.seen.map((p) => `${p.done}/${p.total}`)).toEqual(['0/0', '0/4', '1/4', '3/4', '4/4']);
    expect(run.downloads).toEqual(['/api/v1/public/documents/d/exports/job-1/download Plan.pdf']);
    expect(run.bell()).toBeGreaterThanOrEqual(4);
  });

  it('is done at once when the answer was the file (a signed-out reader)', async () => {
    const run = harness([], { kind: 'downloaded' });
    await runDocumentExport('docx', run.deps);
    expect(run.seen).toEqual([{ format: 'docx', done: 0, total: 0 }]);
  });

  it("fails in the spec's words when the job fails or runs too long", async () => {
    const failed = harness([status({ status: 'failed', error: 'anything' })], queued);
    await expect(runDocumentExport('docx', failed.deps)).rejects.toThrow(
      'Failed to export document in .docx format',
    );
    const stuck = harness([status({ progress: { done: 2, total: 4 } })], queued);
    await expect(runDocumentExport('pdf', stuck.deps)).rejects.toThrow(
      'Failed to export document in .pdf format',
    );
    expect(stuck.deps.now()).toBeGreaterThan(EXPORT_GIVE_UP_MS);
  });
});
