import { z } from 'zod';
import { SUBJECT_ACCESS_SHOWN, shownText, type SubjectAccessResult } from '@planning/shared';
import type { JobContext } from '../jobs/jobs.records';
import type { BucketName } from '../storage/storage';
import { subjectAccessZip, type AttachedFile } from './subject-access.export';
import { findPerson, schemaColumns, type FoundTable } from './subject-access.search';

/** The request as checked by the route, and the council's name for the export's title. */
export const subjectAccessPayload = z.object({
  request: z.object({
    email: z.string().nullable(),
    name: z.string().nullable(),
    postcode: z.string().nullable(),
  }),
  council: z.string(),
});
export type SubjectAccessPayload = z.infer<typeof subjectAccessPayload>;

// The export carries the files the records name, up to this much in all; the rest are listed.
const FILES_MAX_BYTES = 100 * 1024 * 1024;

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** The stored files among the records (scanned clean ones only: a quarantined file is not sent on). */
async function attachedFiles(
  context: JobContext<SubjectAccessPayload>,
  tables: FoundTable[],
): Promise<AttachedFile[]> {
  const ids =
    tables.find((table) => table.table === 'files')?.rows.flatMap((row) => (row.id ? [row.id] : [])) ?? [];
  if (ids.length === 0) return [];
  const rows = await context.inTenant((trx) =>
    trx
      .selectFrom('files')
      .select(['id', 'bucket', 'key', 'name', 'size'])
      .where('id', 'in', ids)
      .where('scan_status', '=', 'clean')
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .execute(),
  );
  const files: AttachedFile[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (bytes + Number(row.size) > FILES_MAX_BYTES) break;
    const body = await readAll(
      await context.storage.get(context.job.tenantId, row.bucket as BucketName, row.key),
    );
    bytes += body.length;
    files.push({ id: row.id, name: row.name, body });
  }
  return files;
}

/**
 * Issue 26 point 3: finds every record of the person, writes the export to the council's exports
 * bucket (removed after EXPORT_RETENTION_HOURS like every export) and keeps the first records of
 * each table in the result for review on screen.
 */
export async function runSubjectAccess(
  context: JobContext<SubjectAccessPayload>,
): Promise<SubjectAccessResult> {
  // Checked by the route (subjectAccessRequestSchema) before it was queued.
  const { request } = context.payload;
  const searchedAt = new Date().toISOString();
  const columns = await context.inTenant(schemaColumns);
  const tables = await findPerson(
    (work) => context.inTenant(work),
    context.job.tenantId,
    request,
    columns,
    (done, total) => context.progress(done, total),
  );
  const files = await attachedFiles(context, tables);
  const key = `${context.job.id}/subject-access.zip`;
  const name = `subject-access-${context.payload.council}-${searchedAt.slice(0, 10)}.zip`;
  await context.storage.put(
    context.job.tenantId,
    'exports',
    key,
    subjectAccessZip(context.payload.council, request, searchedAt, tables, files),
    { contentType: 'application/zip' },
  );
  return {
    request,
    searchedAt,
    files: files.length,
    file: { key, name, contentType: 'application/zip' },
    tables: tables.map((table) => ({
      table: table.table,
      record: table.record,
      count: table.rows.length,
      records: table.rows.slice(0, SUBJECT_ACCESS_SHOWN).map((row) => ({
        id: row.id,
        matchedBy: row.matchedBy,
        fields: Object.fromEntries(
          Object.entries(row.fields).map(([column, value]) => [column, shownText(value)]),
        ),
      })),
    })),
  };
}
