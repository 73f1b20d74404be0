import { sql, type RawBuilder, type Transaction } from 'kysely';
import { RETENTION_EXAMPLES, RETENTION_JOB, type RetentionRecordType } from '@planning/shared';
import type { Database } from '../../db/schema';
import type { JobLog } from '../jobs/jobs.records';
import type { BucketName, Storage } from '../storage/storage';

type Trx = Transaction<Database>;

/**
 * Issue 26 point 5: what each record type's rule finds and removes. Every query runs in the
 * council's transaction (row-level security keeps it to the council); examples name ids, kinds and
 * dates, never a person. Files leave the store before their rows, batch by batch with the rows
 * locked, so a file the store refuses keeps its row and is tried again next run.
 */

export type Finding = { found: number; oldest: string | null; examples: string[] };
export type Removal = { done: number; failed: number };

export type RecordRule = {
  /** What is past the rule: counted, its oldest date, a few examples. */
  find(trx: Trx, cutoff: Date): Promise<Finding>;
  /** Removes (or anonymises) it, a batch at a time. */
  remove(work: RemovalWork, cutoff: Date): Promise<Removal>;
};

export type RemovalWork = {
  tenantId: string;
  inTenant<T>(work: (trx: Trx) => Promise<T>): Promise<T>;
  storage: Storage;
  log: JobLog;
  signal: AbortSignal;
  /** The key of the file a finished job left in the 'exports' bucket (the queue's exportKeyOf). */
  exportKeyOf(kind: string, result: unknown): string | null;
};

const BATCH = 200;
const GEODATA_INSPECT = 'geodata.inspect';
const GEODATA_IMPORT = 'geodata.import';
const FINISHED = ['succeeded', 'failed', 'cancelled'];

const day = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString().slice(0, 10);
const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type Counted = { found: string | number; oldest: Date | string | null };

async function counted(trx: Trx, query: RawBuilder<Counted>): Promise<Omit<Finding, 'examples'>> {
  const { rows } = await query.execute(trx);
  return { found: Number(rows[0]?.found ?? 0), oldest: isoOf(rows[0]?.oldest ?? null) };
}

/**
 * Runs batches until none is left: each batch's rows are locked, `removeOne` runs for each (a
 * throw counts it failed, kept for the next run), then `finish` removes the rows that went.
 */
async function inBatches<Row extends { id: string }>(
  work: RemovalWork,
  select: (trx: Trx, skip: string[]) => Promise<Row[]>,
  removeOne: (row: Row) => Promise<void>,
  finish: (trx: Trx, rows: Row[]) => Promise<void>,
): Promise<Removal> {
  const failedIds: string[] = [];
  let done = 0;
  for (;;) {
    work.signal.throwIfAborted();
    const seen = await work.inTenant(async (trx) => {
      const rows = await select(trx, failedIds);
      const gone: Row[] = [];
      for (const row of rows) {
        try {
          await removeOne(row);
          gone.push(row);
        } catch (error) {
          work.log.warn({ err: error, id: row.id }, 'retention: a record could not be removed');
          failedIds.push(row.id);
        }
      }
      if (gone.length > 0) await finish(trx, gone);
      done += gone.length;
      return rows.length;
    });
    if (seen < BATCH) return { done, failed: failedIds.length };
  }
}

// --- Representations: the people's details, N years after the plan's adoption ---------------

/** Contacts whose every representation (as representee or agent) is in a consultation adopted before the cut-off. */
const duePeople = (cutoffDay: string) => sql`
  with due as (
    select id from consultation_events where plan_adopted_on is not null and plan_adopted_on <= ${cutoffDay}::date
  )
  select c.id, min(e.plan_adopted_on) as adopted
  from contacts c
  join representations r on r.contact_id = c.id or r.agent_contact_id = c.id
  join consultation_events e on e.id = r.consultation_event_id and e.id in (select id from due)
  where c.anonymised_at is null
    and not exists (
      select 1 from representations o
      where (o.contact_id = c.id or o.agent_contact_id = c.id)
        and o.consultation_event_id not in (select id from due))
  group by c.id`;

const representations: RecordRule = {
  async find(trx, cutoff) {
    const cutoffDay = day(cutoff)!;
    const { found, oldest } = await counted(
      trx,
      sql<Counted>`select count(*) as found, min(adopted)::text as oldest from (${duePeople(cutoffDay)}) p`,
    );
    const { rows } = await sql<{ name: string; adopted: string; people: string }>`
      select e.name, e.plan_adopted_on::text as adopted, count(distinct p.id) as people
      from (${duePeople(cutoffDay)}) p
      join representations r on r.contact_id = p.id or r.agent_contact_id = p.id
      join consultation_events e on e.id = r.consultation_event_id
      group by e.id, e.name, e.plan_adopted_on
      order by e.plan_adopted_on, e.name
      limit ${RETENTION_EXAMPLES}`.execute(trx);
    const examples = rows.map(
      (row) =>
        `Consultation '${row.name}' (plan adopted ${row.adopted}): ${row.people} ${Number(row.people) === 1 ? 'person' : 'people'}`,
    );
    return { found, oldest, examples };
  },
  async remove(work, cutoff) {
    const cutoffDay = day(cutoff)!;
    return inBatches(
      work,
      async (trx, skip) =>
        (
          await sql<{ id: string }>`select p.id from (${duePeople(cutoffDay)}) p
            where p.id <> all(${skip}::uuid[]) limit ${BATCH}`.execute(trx)
        ).rows,
      async () => undefined,
      async (trx, rows) => {
        // The text of the representations stays (the consultation record); who sent it goes.
        await sql`update contacts set title = null, first_name = 'Anonymised', last_name = 'person',
            job_title = null, email = null, phone_number = null, address_line1 = null,
            address_line2 = null, town = null, country = null, postcode = null, custom = '{}',
            anonymised_at = now()
          where id = any(${rows.map((row) => row.id)}::uuid[])`.execute(trx);
      },
    );
  },
};

// --- Exports and finished background jobs -----------------------------------------------------

// A geodata upload's job is its record of the stored file: kept until that file is gone.
const oldJobs = (cutoff: Date) => sql`
  from jobs j
  where j.status = any(${FINISHED}::text[])
    and j.finished_at < ${cutoff}
    and j.kind <> ${RETENTION_JOB}
    and (j.kind <> ${GEODATA_INSPECT} or j.payload->>'fileDeleted' = 'true')`;

type JobRow = { id: string; kind: string; result: unknown };

const exports: RecordRule = {
  async find(trx, cutoff) {
    const { found, oldest } = await counted(
      trx,
      sql<Counted>`select count(*) as found, min(j.finished_at) as oldest ${oldJobs(cutoff)}`,
    );
    const { rows } = await sql<{ id: string; kind: string; status: string; finished_at: Date }>`
      select j.id, j.kind, j.status, j.finished_at ${oldJobs(cutoff)}
      order by j.finished_at limit ${RETENTION_EXAMPLES}`.execute(trx);
    const examples = rows.map((row) => `Job ${row.id}: ${row.kind}, ${row.status} ${day(row.finished_at)}`);
    return { found, oldest, examples };
  },
  remove(work, cutoff) {
    return inBatches<JobRow>(
      work,
      async (trx, skip) =>
        (
          await sql<JobRow>`select j.id, j.kind, j.result ${oldJobs(cutoff)} and j.id <> all(${skip}::uuid[])
            order by j.finished_at limit ${BATCH} for update skip locked`.execute(trx)
        ).rows,
      async (row) => {
        const key = work.exportKeyOf(row.kind, row.result);
        // Usually swept already (EXPORT_RETENTION_HOURS); a missing file is no error.
        if (key) await work.storage.delete(work.tenantId, 'exports', key);
      },
      async (trx, rows) => {
        const ids = rows.map((row) => row.id);
        // The bell's link would lead nowhere: it says the file expired instead.
        await sql`update notifications set details = '{"expired": true}'::jsonb
          where job_id = any(${ids}::uuid[]) and details ? 'download'`.execute(trx);
        await sql`delete from jobs where id = any(${ids}::uuid[])`.execute(trx);
      },
    );
  },
};

// --- Uploaded geodata files ---------------------------------------------------------------------

const oldGeodata = (cutoff: Date) => sql`
  from jobs j
  where j.kind = ${GEODATA_INSPECT}
    and j.status = any(${FINISHED}::text[])
    and j.created_at < ${cutoff}
    and j.payload->>'fileDeleted' is distinct from 'true'
    and not exists (
      select 1 from jobs i
      where i.kind = ${GEODATA_IMPORT} and i.payload->>'uploadId' = j.id::text
        and i.status in ('queued', 'running'))`;

type GeodataRow = { id: string; key: string | null };

const geodataUploads: RecordRule = {
  async find(trx, cutoff) {
    const { found, oldest } = await counted(
      trx,
      sql<Counted>`select count(*) as found, min(j.created_at) as oldest ${oldGeodata(cutoff)}`,
    );
    const { rows } = await sql<{ id: string; size: string | null; created_at: Date }>`
      select j.id, j.payload->>'size' as size, j.created_at ${oldGeodata(cutoff)}
      order by j.created_at limit ${RETENTION_EXAMPLES}`.execute(trx);
    const examples = rows.map(
      (row) =>
        `Upload ${row.id}: ${Number(row.size ?? 0).toLocaleString('en-GB')} bytes, ${day(row.created_at)}`,
    );
    return { found, oldest, examples };
  },
  remove(work, cutoff) {
    return inBatches<GeodataRow>(
      work,
      async (trx, skip) =>
        (
          await sql<GeodataRow>`select j.id, j.payload->>'key' as key ${oldGeodata(cutoff)}
            and j.id <> all(${skip}::uuid[]) order by j.created_at limit ${BATCH}
            for update of j skip locked`.execute(trx)
        ).rows,
      async (row) => {
        if (row.key) await work.storage.delete(work.tenantId, 'geodata', row.key);
      },
      async (trx, rows) => {
        // The findings stay for the record of what was imported; the file is gone.
        await sql`update jobs set payload = payload || '{"fileDeleted": true}'::jsonb
          where id = any(${rows.map((row) => row.id)}::uuid[])`.execute(trx);
      },
    );
  },
};

// --- Stored files: never attached or deleted; quarantined ---------------------------------------

type FileRow = { id: string; bucket: string; key: string };

/** Files that reach nothing: no site, no record's attachment. Deleted ones (their object should be gone). */
const loneFiles = (cutoff: Date) => sql`
  from files f
  where f.scan_status <> 'quarantined'
    and ((f.deleted_at is not null and f.deleted_at < ${cutoff})
      or (f.deleted_at is null and f.site_id is null and f.created_at < ${cutoff}
        and not exists (select 1 from representation_attachments a where a.file_id = f.id)
        and not exists (select 1 from document_attachments a where a.file_id = f.id)))`;

const quarantined = (cutoff: Date) => sql`
  from files f
  where f.scan_status = 'quarantined' and coalesce(f.scanned_at, f.created_at) < ${cutoff}`;

function fileRule(
  from: (cutoff: Date) => RawBuilder<unknown>,
  age: RawBuilder<unknown>,
  describe: (row: { id: string; content_type: string; size: string; at: Date }) => string,
): RecordRule {
  return {
    async find(trx, cutoff) {
      const { found, oldest } = await counted(
        trx,
        sql<Counted>`select count(*) as found, min(${age}) as oldest ${from(cutoff)}`,
      );
      const { rows } = await sql<{ id: string; content_type: string; size: string; at: Date }>`
        select f.id, f.content_type, f.size::text as size, ${age} as at ${from(cutoff)}
        order by ${age} limit ${RETENTION_EXAMPLES}`.execute(trx);
      return { found, oldest, examples: rows.map(describe) };
    },
    remove(work, cutoff) {
      return inBatches<FileRow>(
        work,
        async (trx, skip) =>
          (
            await sql<FileRow>`select f.id, f.bucket, f.key ${from(cutoff)} and f.id <> all(${skip}::uuid[])
              order by ${age} limit ${BATCH} for update of f skip locked`.execute(trx)
          ).rows,
        (row) => work.storage.delete(work.tenantId, row.bucket as BucketName, row.key),
        async (trx, rows) => {
          // Links to records go with the row (on delete cascade).
          await sql`delete from files where id = any(${rows.map((row) => row.id)}::uuid[])`.execute(trx);
        },
      );
    },
  };
}

const fileText = (row: { id: string; content_type: string; size: string }) =>
  `File ${row.id}: ${row.content_type}, ${Number(row.size).toLocaleString('en-GB')} bytes`;

const unattachedUploads = fileRule(
  loneFiles,
  sql`coalesce(f.deleted_at, f.created_at)`,
  (row) => `${fileText(row)}, ${day(row.at)}`,
);
const quarantinedFiles = fileRule(
  quarantined,
  sql`coalesce(f.scanned_at, f.created_at)`,
  (row) => `${fileText(row)}, quarantined ${day(row.at)}`,
);

// --- The audit log --------------------------------------------------------------------------

const auditLog: RecordRule = {
  async find(trx, cutoff) {
    const { found, oldest } = await counted(
      trx,
      sql<Counted>`select count(*) as found, min(occurred_at) as oldest from audit_log where occurred_at < ${cutoff}`,
    );
    const { rows } = await sql<{ action: string; occurred_at: Date }>`
      select action, occurred_at from audit_log where occurred_at < ${cutoff}
      order by occurred_at limit ${RETENTION_EXAMPLES}`.execute(trx);
    return { found, oldest, examples: rows.map((row) => `${row.action} on ${day(row.occurred_at)}`) };
  },
  async remove(work, cutoff) {
    // The log is append-only for the application: only this function (migration 0040) removes it.
    const { rows } = await work.inTenant((trx) =>
      sql<{ removed: string }>`select audit_log_expire(${cutoff}) as removed`.execute(trx),
    );
    return { done: Number(rows[0]?.removed ?? 0), failed: 0 };
  },
};

export const recordRules: Record<RetentionRecordType, RecordRule> = {
  representations,
  exports,
  geodataUploads,
  unattachedUploads,
  quarantinedFiles,
  auditLog,
};
