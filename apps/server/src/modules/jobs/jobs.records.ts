import { type Kysely, type Selectable, type Transaction } from 'kysely';
import type { z } from 'zod';
import { API_BASE_PATH } from '@planning/shared';
import type { Database, JobsTable } from '../../db/schema';
import type { Storage } from '../storage/storage';

/** What a job is: its definition, the context its handler gets, its record and its file. */

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export type JobLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type JobContext<P> = {
  job: { id: string; tenantId: string; userId: string | null; kind: string; attempt: number };
  payload: P;
  /** The application role's database: scope work to the job's council with `inTenant`. */
  db: Kysely<Database>;
  inTenant<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  storage: Storage;
  /** Aborted when the owner cancels the job, the server shuts down or another worker took it over. */
  signal: AbortSignal;
  /** Reports progress (shown in the job's notification as done / total). */
  progress(done: number, total: number): Promise<void>;
  log: JobLog;
};

export type JobDefinition<P> = {
  handler: (context: JobContext<P>) => Promise<unknown>;
  /** Checked before each run: a payload it refuses fails the job at once, without retries. */
  payload?: z.ZodType<P>;
  maxAttempts?: number;
  /**
   * The key of the file a result left in the council's 'exports' bucket, when the result names it
   * otherwise than `{ file: { key } }` (which needs no declaring). Either way the file is deleted
   * once EXPORT_RETENTION_HOURS have passed (jobs.retention.ts).
   */
  exportKeyOf?: (result: unknown) => string | null;
};

export type EnqueueOptions = {
  tenantId: string;
  userId?: string | null;
  kind: string;
  payload?: unknown;
  maxAttempts?: number;
  /** A notification for the user that follows the job: processing, then success or error. */
  notify?: { label: string; message?: string };
};

export type JobRecord = {
  id: string;
  status: JobState;
  attempts: number;
  result: unknown;
  error: string | null;
  progress: { done: number; total: number };
  finishedAt: Date | null;
};

/** Thrown by a handler for a failure that trying again cannot mend (a bad file, say). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type JobQueueOptions = {
  db: Kysely<Database>;
  storage: Storage;
  log: JobLog;
  /** Only jobs of this queue are claimed ('default'; tests give each app its own). */
  queue: string;
  /** How long a claim holds without renewal before another worker may take the job over. */
  leaseMs: number;
  /** How often the queue is asked for work besides the nudge an enqueue in this process gives. */
  pollMs: number;
  /** Jobs run side by side in this process. */
  concurrency: number;
  /** Delay before the first retry; doubled each attempt up to 15 minutes. */
  retryBaseMs: number;
  /** How long an exported file is kept after its job finished (EXPORT_RETENTION_HOURS). */
  exportRetentionMs: number;
};

/** A job row as its callers see it. */
export function recordOf(row: Selectable<JobsTable>): JobRecord {
  return {
    id: row.id,
    status: row.status,
    attempts: row.attempts,
    result: row.result,
    error: row.error,
    progress: { done: row.progress_done, total: row.progress_total },
    finishedAt: row.finished_at,
  };
}

/** A job's file in the council's 'exports' bucket, which its owner downloads via /jobs/{id}/download. */
export type JobFile = { key: string; name: string; contentType: string };

/** The file a finished job left, when its result names one (`{ file: { key, name, contentType } }`). */
export function jobFileOf(result: unknown): JobFile | null {
  if (!result || typeof result !== 'object' || !('file' in result)) return null;
  const file = (result as { file: unknown }).file;
  if (!file || typeof file !== 'object') return null;
  const { key, name, contentType } = file as Record<string, unknown>;
  return typeof key === 'string' && typeof name === 'string' && typeof contentType === 'string'
    ? { key, name, contentType }
    : null;
}

export function downloadOf(jobId: string, result: unknown): { url: string; name: string } | null {
  const file = jobFileOf(result);
  if (file) return { url: `${API_BASE_PATH}/jobs/${jobId}/download`, name: file.name };
  if (!result || typeof result !== 'object' || !('download' in result)) return null;
  const download = (result as { download: unknown }).download;
  if (!download || typeof download !== 'object') return null;
  const { url, name } = download as { url?: unknown; name?: unknown };
  return typeof url === 'string' && typeof name === 'string' ? { url, name } : null;
}
