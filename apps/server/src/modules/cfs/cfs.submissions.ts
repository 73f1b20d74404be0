import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  callStateAt,
  cfsMessages,
  cfsSubmissionMessages as M,
  siteDetailsSchema,
  submissionProblems,
  submitterContactSchema,
  SUBMISSION_LIMITS,
  type CfsSubmission,
  type MyCfsSubmissionList,
  type submissionDraftInputSchema,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import type { SessionContext } from '../auth/auth.session';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { boundaryFromShape } from '../sites/site-boundary';
import type { AttachmentHolder } from '../files/files.attachments';
import type { JobQueue } from '../jobs/jobs.queue';
import { oneAdminCall } from './cfs.calls';
import { recordConstraintLayers } from './cfs.constraints';
import { topicsOf } from './cfs.questionnaire';

type Trx = Transaction<Database>;
type DraftInput = z.output<typeof submissionDraftInputSchema>;

/** Submitting is for consultation accounts (members of the public, agents): staff read, never submit. */
export function requireSubmitter(request: FastifyRequest): SessionContext {
  const auth = requireAuth(request);
  if (auth.kind !== 'public') throw forbidden(M.publicAccountOnly);
  return auth;
}

/**
 * A call's state and questionnaire, read alone (no guidance or layers): what a submitter's every
 * save, submit and upload checks. A cancelled or unknown call, or an event running no call, is
 * not found.
 */
async function callOf(trx: Trx, callId: string) {
  const { rows } = await sql<{
    starts_at: Date;
    ends_at: Date;
    cancelled: boolean;
    config_id: string;
    now: Date;
  }>`select e.starts_at, e.ends_at, e.cancelled, f.config_id, now() as now
    from consultation_events e join event_features f on f.event_id = e.id and f.feature = 'call-for-sites'
    where e.id = ${callId}`.execute(trx);
  const row = rows[0];
  if (!row || row.cancelled) throw notFound(cfsMessages.callNotFound);
  const state = callStateAt(
    { startsAt: row.starts_at, endsAt: row.ends_at, cancelled: false },
    new Date(row.now),
  );
  return { state, questionnaireConfigId: row.config_id };
}

async function requireOpenCall(trx: Trx, callId: string) {
  const call = await callOf(trx, callId);
  if (call.state !== 'open') throw conflict(M.callNotOpen);
  return call;
}

type SubmissionRow = {
  id: string;
  event_id: string;
  call_name: string;
  reference: string | null;
  status: CfsSubmission['status'];
  contact: CfsSubmission['contact'];
  on_behalf_of: CfsSubmission['onBehalfOf'];
  created_at: Date;
  updated_at: Date;
  submitted_at: Date | null;
  withdrawn_at: Date | null;
};

/**
 * One of the user's own submissions (another's, or another council's, reads as missing); with
 * `userId` null, any of the council's (the receipt job).
 */
async function ownRow(
  trx: Trx,
  userId: string | null,
  id: string,
  forUpdate = false,
): Promise<SubmissionRow> {
  const { rows } = await sql<SubmissionRow>`
    select s.id, s.event_id, e.name as call_name, s.reference, s.status, s.contact, s.on_behalf_of,
      s.created_at, s.updated_at, s.submitted_at, s.withdrawn_at
    from cfs_submissions s join consultation_events e on e.id = s.event_id
    where s.id = ${id} and s.deleted_at is null
      and ${userId === null ? sql`true` : sql`s.user_id = ${userId}`}
    ${forUpdate ? sql`for update of s` : sql``}`.execute(trx);
  if (!rows[0]) throw notFound(M.submissionNotFound);
  return rows[0];
}

async function sitesOf(trx: Trx, submissionId: string): Promise<CfsSubmission['sites']> {
  const { rows } = await sql<{
    id: string;
    name: string;
    boundary: string | null;
    area_ha: string | null;
    details: CfsSubmission['sites'][number]['details'];
    answers: CfsSubmission['sites'][number]['answers'];
  }>`
    select id, name, ST_AsGeoJSON(ST_Transform(boundary, 4326), 7) as boundary, area_ha::text as area_ha,
      details, answers
    from cfs_submission_sites where submission_id = ${submissionId} order by position`.execute(trx);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    boundary: row.boundary ? (JSON.parse(row.boundary) as CfsSubmission['sites'][number]['boundary']) : null,
    areaHa: row.area_ha === null ? null : Number(row.area_ha),
    details: siteDetailsSchema.parse(row.details),
    answers: row.answers,
  }));
}

async function present(trx: Trx, row: SubmissionRow): Promise<CfsSubmission> {
  const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
  return {
    id: row.id,
    callId: row.event_id,
    callName: row.call_name,
    reference: row.reference,
    status: row.status,
    contact: submitterContactSchema.parse(row.contact),
    onBehalfOf: row.on_behalf_of,
    sites: await sitesOf(trx, row.id),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    submittedAt: iso(row.submitted_at),
    withdrawnAt: iso(row.withdrawn_at),
  };
}

export async function readOwnSubmission(trx: Trx, userId: string, id: string): Promise<CfsSubmission> {
  return present(trx, await ownRow(trx, userId, id));
}

/** The council and the caller's address as one hash: starts from an address are counted, the address is not kept. */
const addressHash = (tenantId: string, ip: string) =>
  createHash('sha256').update(`${tenantId}\u0000${ip}`).digest('hex');

/**
 * Spam limits (issue 27 point 8), counted in the database so every process sees the same: drafts
 * started in the last hour by the account and from the address, and the account's live
 * submissions to the call. Under a per-council lock, so two quick starts cannot both slip in.
 */
async function checkStartLimits(trx: Trx, auth: SessionContext, callId: string, from: string) {
  await sql`select pg_advisory_xact_lock(hashtext('cfs-start'), hashtext(${auth.tenantId}))`.execute(trx);
  const { rows } = await sql<{ by_account: number; by_address: number; for_call: number }>`
    select
      count(*) filter (where user_id = ${auth.userId} and created_at > now() - interval '1 hour')::int as by_account,
      count(*) filter (where created_from = ${from} and created_at > now() - interval '1 hour')::int as by_address,
      count(*) filter (where user_id = ${auth.userId} and event_id = ${callId} and status <> 'withdrawn')::int as for_call
    from cfs_submissions
    where (user_id = ${auth.userId} or created_from = ${from})`.execute(trx);
  const counts = rows[0]!;
  if (
    counts.by_account >= SUBMISSION_LIMITS.startsPerAccountHour ||
    counts.by_address >= SUBMISSION_LIMITS.startsPerAddressHour
  )
    throw new HttpError(429, M.tooManyStarted, undefined, { 'retry-after': '3600' });
  if (counts.for_call >= SUBMISSION_LIMITS.perCallPerAccount)
    throw conflict(M.tooManyForCall(SUBMISSION_LIMITS.perCallPerAccount));
}

/** Starts a draft for an open call, with the account's own email as the contact's to begin with. */
export async function startSubmission(
  trx: Trx,
  auth: SessionContext,
  callId: string,
  ip: string,
): Promise<CfsSubmission> {
  await requireOpenCall(trx, callId);
  const from = addressHash(auth.tenantId, ip);
  await checkStartLimits(trx, auth, callId, from);
  const user = await trx
    .selectFrom('users')
    .select(['email'])
    .where('id', '=', auth.userId)
    .executeTakeFirst();
  const { id } = await trx
    .insertInto('cfs_submissions')
    .values({
      tenant_id: auth.tenantId,
      event_id: callId,
      user_id: auth.userId,
      created_from: from,
      contact: JSON.stringify({ name: '', email: user?.email ?? '', address: '' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return readOwnSubmission(trx, auth.userId, id);
}

/** Saves a draft whole (Save and come back later): the boundaries checked as they arrive. */
export async function saveDraft(
  trx: Trx,
  auth: SessionContext,
  id: string,
  input: DraftInput,
): Promise<CfsSubmission> {
  const row = await ownRow(trx, auth.userId, id, true);
  if (row.status !== 'draft') throw conflict(M.notDraft);
  await requireOpenCall(trx, row.event_id);
  // One after the other: a refused shape ends the transaction, and its message must be the answer.
  const boundaries: (string | null)[] = [];
  for (const [index, site] of input.sites.entries()) {
    boundaries.push(
      site.boundary
        ? await boundaryFromShape(trx, site.boundary, {
            allowPoint: false,
            path: `body.sites.${index}.boundary`,
          })
        : null,
    );
  }
  await trx
    .updateTable('cfs_submissions')
    .set({
      contact: JSON.stringify(input.contact),
      on_behalf_of: input.onBehalfOf ? JSON.stringify(input.onBehalfOf) : null,
    })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('cfs_submission_sites').where('submission_id', '=', id).execute();
  for (const [position, site] of input.sites.entries()) {
    const boundary = boundaries[position];
    await sql`
      insert into cfs_submission_sites (tenant_id, submission_id, position, name, boundary, area_ha, details, answers)
      values (${auth.tenantId}, ${id}, ${position}, ${site.name},
        ${boundary}::geometry,
        ${boundary ? sql`round((ST_Area(${boundary}::geometry) / 10000)::numeric, 4)` : null},
        ${JSON.stringify(site.details)}::jsonb, ${JSON.stringify(site.answers)}::jsonb)`.execute(trx);
  }
  return readOwnSubmission(trx, auth.userId, id);
}

/** Any of the council's submissions, whoever made it (review, receipts). */
export async function readSubmissionById(trx: Trx, id: string): Promise<CfsSubmission> {
  return present(trx, await ownRow(trx, null, id));
}

/** A submission and its call's questionnaire, for its receipt. */
export async function submissionForReceipt(trx: Trx, id: string) {
  const submission = await readSubmissionById(trx, id);
  const call = await oneAdminCall(trx, submission.callId);
  return { submission, topics: await topicsOf(trx, call.questionnaire.configId) };
}

/** The job that emails the submitter their reference and a PDF of what they submitted. */
export const RECEIPT_JOB = 'cfs-receipt';

/**
 * Submits a complete draft: every problem at once (400, each on its field, GOV.UK's error summary),
 * or the next reference of the council's year and the status 'new'.
 */
export async function submitSubmission(
  trx: Trx,
  auth: SessionContext,
  id: string,
  jobs: JobQueue,
): Promise<CfsSubmission> {
  const row = await ownRow(trx, auth.userId, id, true);
  if (row.status !== 'draft') throw conflict(M.notDraft);
  const call = await requireOpenCall(trx, row.event_id);
  const draft = await present(trx, row);
  const topics = await topicsOf(trx, call.questionnaireConfigId);
  const problems = submissionProblems(
    draft,
    topics.flatMap((topic) => topic.questions),
  );
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  // One reference at a time per council: the lock is the transaction's and goes with it.
  await sql`select pg_advisory_xact_lock(hashtext('cfs-reference'), hashtext(${auth.tenantId}))`.execute(trx);
  const year = new Date().getUTCFullYear();
  const { rows } = await sql<{ next: number }>`
    select coalesce(max(substring(reference from 10)::int), 0) + 1 as next
    from cfs_submissions where reference like ${`CFS-${year}-%`}`.execute(trx);
  const reference = `CFS-${year}-${String(rows[0]!.next).padStart(4, '0')}`;
  await trx
    .updateTable('cfs_submissions')
    .set({ status: 'new', reference, submitted_at: new Date() })
    .where('id', '=', id)
    .execute();
  await linkSameLand(trx, auth.userId, id);
  await recordConstraintLayers(trx, id);
  // In this transaction: the receipt is owed exactly when the submission is in.
  await jobs.enqueue(trx, { tenantId: auth.tenantId, kind: RECEIPT_JOB, payload: { submissionId: id } });
  return readOwnSubmission(trx, auth.userId, id);
}

/**
 * Issue 27 point 3: each site of a submission is linked to the same submitter's earliest earlier
 * site (submitted, not withdrawn) sharing at least half of either outline's area: the same land
 * put forward again, which review sees as such rather than as new land.
 */
async function linkSameLand(trx: Trx, userId: string, submissionId: string) {
  await sql`
    update cfs_submission_sites x set same_land_as = (
      select y.id from cfs_submission_sites y join cfs_submissions o on o.id = y.submission_id
      where o.user_id = ${userId} and o.id <> ${submissionId} and o.status not in ('draft', 'withdrawn')
        and o.deleted_at is null
        and ST_Intersects(y.boundary, x.boundary)
        and ST_Area(ST_Intersection(y.boundary, x.boundary))
          >= 0.5 * least(ST_Area(y.boundary), ST_Area(x.boundary))
      order by o.submitted_at, y.position limit 1)
    where x.submission_id = ${submissionId} and x.boundary is not null`.execute(trx);
}

/** Withdraws a submission awaiting review; a draft is deleted instead, an accepted one stays. */
export async function withdrawSubmission(trx: Trx, auth: SessionContext, id: string): Promise<CfsSubmission> {
  const row = await ownRow(trx, auth.userId, id, true);
  if (row.status !== 'new' && row.status !== 'in_review') throw conflict(M.cannotWithdraw);
  await trx
    .updateTable('cfs_submissions')
    .set({ status: 'withdrawn', withdrawn_at: new Date() })
    .where('id', '=', id)
    .execute();
  return readOwnSubmission(trx, auth.userId, id);
}

export async function deleteDraft(trx: Trx, auth: SessionContext, id: string): Promise<void> {
  const row = await ownRow(trx, auth.userId, id, true);
  if (row.status !== 'draft') throw conflict(M.notDraft);
  await trx.deleteFrom('cfs_submissions').where('id', '=', id).execute();
}

/** The account's own submissions, latest first, with how many sites each holds. */
export async function mySubmissions(trx: Trx, userId: string): Promise<MyCfsSubmissionList> {
  const { rows } = await sql<{
    id: string;
    event_id: string;
    call_name: string;
    reference: string | null;
    status: CfsSubmission['status'];
    updated_at: Date;
    submitted_at: Date | null;
    site_count: number;
  }>`
    select s.id, s.event_id, e.name as call_name, s.reference, s.status, s.updated_at, s.submitted_at,
      (select count(*)::int from cfs_submission_sites x where x.submission_id = s.id) as site_count
    from cfs_submissions s join consultation_events e on e.id = s.event_id
    where s.user_id = ${userId} and s.deleted_at is null
    order by s.updated_at desc, s.id`.execute(trx);
  return {
    submissions: rows.map((row) => ({
      id: row.id,
      callId: row.event_id,
      callName: row.call_name,
      reference: row.reference,
      status: row.status,
      updatedAt: new Date(row.updated_at).toISOString(),
      submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
      siteCount: Number(row.site_count),
    })),
  };
}

/** Issue 27 point 2: a submission's attached documents (title plans, site plans, letters). */
export const submissionAttachments = {
  table: 'cfs_submission_attachments',
  column: 'submission_id',
  homeBucket: 'availability',
  notFound: M.attachmentNotFound,
} as const satisfies AttachmentHolder;

/**
 * Attachments as their submitter reaches them: their own submission only (another's is not
 * found), added or removed only while it is a draft and its call open.
 */
export async function requireOwnAttachable(trx: Trx, id: string, request: FastifyRequest): Promise<void> {
  const auth = requireSubmitter(request);
  const row = await ownRow(trx, auth.userId, id);
  if (request.method === 'GET') return;
  if (row.status !== 'draft') throw conflict(M.notDraft);
  await requireOpenCall(trx, row.event_id);
}

/** Attachments as reviewing staff reach them: any submitted (not draft, not deleted) submission. */
export async function requireSubmitted(trx: Trx, id: string): Promise<void> {
  const row = await ownRow(trx, null, id);
  if (row.status === 'draft') throw notFound(M.submissionNotFound);
}
