import { sql, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import {
  availabilityTimePeriodOf,
  cfsBulkMessages,
  cfsMergeMessages,
  cfsMessages,
  type CallAnalytics,
  cfsReviewMessages as R,
  cfsSubmissionMessages as M,
  type ReviewList,
  type ReviewSubmission,
  type BulkReviewResult,
  type SubmissionStatus,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { recordAudit } from '../audit/audit.record';
import type { JobQueue } from '../jobs/jobs.queue';
import { createCustomSite, recordEdits } from '../sites/site-record.service';
import { readSubmissionById } from './cfs.submissions';

type Trx = Transaction<Database>;
type Status = ReviewList['submissions'][number]['status'];

/**
 * The scenario accepted land joins (the council's default, as a drawn site's): the same land in
 * other scenarios is the same site, not another overlap.
 */
const DEFAULT_SCENARIO = sql`coalesce((select name from scenarios order by is_default desc, name limit 1), 'Base')`;

/** The job that emails the submitter an officer's decision (accepted, or rejected with the reason). */
export const DECISION_JOB = 'cfs-decision';

/**
 * The review queue (issue 27 point 4): submitted submissions of the council (drafts are the
 * submitter's own), newest first, with their sites' total area and how many live sites they meet.
 */
export async function reviewQueue(
  trx: Trx,
  filter: { callId?: string; status?: Status; constraints?: 'with' | 'without' },
): Promise<ReviewList> {
  const { rows } = await sql<{
    id: string;
    reference: string | null;
    event_id: string;
    call_name: string;
    status: Status;
    submitter: string | null;
    on_behalf_of: string | null;
    site_count: number;
    area_ha: string | null;
    submitted_at: Date | null;
    overlaps_sites: number;
    constraint_layers: number;
  }>`
    select s.id, s.reference, s.event_id, e.name as call_name, s.status,
      s.contact ->> 'name' as submitter, s.on_behalf_of ->> 'name' as on_behalf_of,
      (select count(*)::int from cfs_submission_sites x where x.submission_id = s.id) as site_count,
      (select coalesce(sum(x.area_ha), 0)::text from cfs_submission_sites x where x.submission_id = s.id) as area_ha,
      s.submitted_at,
      (select count(distinct t.id)::int from cfs_submission_sites x join sites t
         on not t.is_deleted and t.scenario_name = ${DEFAULT_SCENARIO}
        and ST_Intersects(t.geom, x.boundary) and not ST_Touches(t.geom, x.boundary)
       where x.submission_id = s.id) as overlaps_sites,
      (select count(distinct layer ->> 'id')::int from cfs_submission_sites x
         cross join jsonb_array_elements(coalesce(x.constraint_layers, '[]'::jsonb)) as layer
       where x.submission_id = s.id) as constraint_layers
    from cfs_submissions s join consultation_events e on e.id = s.event_id
    where s.status <> 'draft' and s.deleted_at is null
      and ${filter.callId ? sql`s.event_id = ${filter.callId}` : sql`true`}
    order by s.submitted_at desc nulls last, s.id`.execute(trx);
  // The tabs' counts follow the constraints filter, as the rows do.
  const matching = rows.filter(
    (row) => !filter.constraints || (filter.constraints === 'with') === Number(row.constraint_layers) > 0,
  );
  const counts = { new: 0, in_review: 0, accepted: 0, rejected: 0, withdrawn: 0 };
  for (const row of matching) if (row.status !== 'draft') counts[row.status] += 1;
  return {
    submissions: matching
      .filter((row) => !filter.status || row.status === filter.status)
      .map((row) => ({
        id: row.id,
        reference: row.reference,
        callId: row.event_id,
        callName: row.call_name,
        status: row.status,
        submitter: row.submitter ?? '',
        onBehalfOf: row.on_behalf_of || null,
        siteCount: Number(row.site_count),
        areaHa: Number(row.area_ha ?? 0),
        submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
        overlapsSites: Number(row.overlaps_sites),
        constraintLayers: Number(row.constraint_layers),
      })),
    counts,
  };
}

/**
 * What each submitted site meets now: the council's live sites and other submissions' sites, and
 * the same land put forward before. Its constraint layers are those stored on arrival.
 */
async function overlapsOf(trx: Trx, submissionId: string) {
  const { rows } = await sql<{
    site_row: string;
    kind: string;
    id: string;
    label: string | null;
    extra: string | null;
  }>`
    select x.id as site_row, 'site' as kind, t.id::text as id, t.id_unique as label, t.site_name as extra
      from cfs_submission_sites x join sites t
        on not t.is_deleted and t.scenario_name = ${DEFAULT_SCENARIO}
        and ST_Intersects(t.geom, x.boundary) and not ST_Touches(t.geom, x.boundary)
      where x.submission_id = ${submissionId}
    union all
    select distinct x.id, 'submission', o.id::text, o.reference, null
      from cfs_submission_sites x
      join cfs_submission_sites y on y.submission_id <> x.submission_id
        and ST_Intersects(y.boundary, x.boundary) and not ST_Touches(y.boundary, x.boundary)
      join cfs_submissions o on o.id = y.submission_id and o.status not in ('draft', 'withdrawn')
        and o.deleted_at is null
      where x.submission_id = ${submissionId}
    union all
    select x.id, 'same-land', o.id::text, o.reference, y.name
      from cfs_submission_sites x
      join cfs_submission_sites y on y.id = x.same_land_as
      join cfs_submissions o on o.id = y.submission_id
      where x.submission_id = ${submissionId}
    order by 2, 4`.execute(trx);
  const bySite = new Map<string, ReviewSubmission['sites'][number]['overlaps']>();
  for (const row of rows) {
    const entry = bySite.get(row.site_row) ?? { sites: [], submissions: [], layers: [], sameLandAs: null };
    if (row.kind === 'same-land')
      entry.sameLandAs = { submissionId: row.id, reference: row.label, site: row.extra ?? '' };
    if (row.kind === 'site') entry.sites.push({ id: row.id, reference: row.label, name: row.extra });
    if (row.kind === 'submission') entry.submissions.push({ id: row.id, reference: row.label });
    bySite.set(row.site_row, entry);
  }
  return bySite;
}

/** One submitted submission with everything an officer weighs: details, sites, answers, overlaps. */
export async function reviewSubmission(trx: Trx, id: string): Promise<ReviewSubmission> {
  const submission = await readSubmissionById(trx, id);
  if (submission.status === 'draft') throw notFound(M.submissionNotFound);
  const decision = await trx
    .selectFrom('cfs_submissions')
    .select(['reviewed_at', 'decision_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const stored = new Map(
    (
      await trx
        .selectFrom('cfs_submission_sites')
        .select(['id', 'site_id', 'constraint_layers', 'constraints_checked_at'])
        .where('submission_id', '=', id)
        .execute()
    ).map((row) => [row.id, row]),
  );
  const overlaps = await overlapsOf(trx, id);
  return {
    ...submission,
    sites: submission.sites.map((site) => {
      const row = stored.get(site.id);
      const live = overlaps.get(site.id) ?? { sites: [], submissions: [], layers: [], sameLandAs: null };
      return {
        ...site,
        overlaps: { ...live, layers: row?.constraint_layers ?? [] },
        siteId: row?.site_id == null ? null : String(row.site_id),
        constraintsCheckedAt: row?.constraints_checked_at
          ? new Date(row.constraints_checked_at).toISOString()
          : null,
      };
    }),
    reviewedAt: decision.reviewed_at ? new Date(decision.reviewed_at).toISOString() : null,
    decisionReason: decision.decision_reason,
  };
}

type Locked = { status: string; reference: string | null };

/** The submission locked for a decision: refused unless it awaits review (new or in review). */
async function lockAwaiting(trx: Trx, id: string): Promise<Locked> {
  const row = await trx
    .selectFrom('cfs_submissions')
    .select(['status', 'reference'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.status === 'draft') throw notFound(M.submissionNotFound);
  if (row.status !== 'new' && row.status !== 'in_review') throw conflict(R.notAwaitingReview);
  return row;
}

/** Records a decision on a submission its caller has locked (`before`, from lockAwaiting). */
async function decide(
  trx: Trx,
  request: FastifyRequest,
  id: string,
  before: Locked,
  status: 'in_review' | 'accepted' | 'rejected',
  reason: string | null,
) {
  const auth = requireAuth(request);
  await trx
    .updateTable('cfs_submissions')
    .set({ status, reviewed_by: auth.userId, reviewed_at: new Date(), decision_reason: reason })
    .where('id', '=', id)
    .execute();
  await recordAudit(trx, auth.tenantId, request, {
    action: `cfs-submission.${status === 'in_review' ? 'review' : status === 'accepted' ? 'accept' : 'reject'}`,
    targetType: 'cfs-submission',
    targetId: id,
    summary: `Submission ${before.reference ?? id}: ${status.replace('_', ' ')}`,
    details: { before: { status: before.status }, after: { status } },
  });
}

/** Takes a new submission into review; one already in review stays so. */
async function takeIntoReview(trx: Trx, request: FastifyRequest, id: string): Promise<void> {
  const before = await lockAwaiting(trx, id);
  if (before.status === 'new') await decide(trx, request, id, before, 'in_review', null);
}

/** Rejects with the reason the submitter is emailed (a job in this transaction). */
async function reject(trx: Trx, request: FastifyRequest, id: string, reason: string, jobs: JobQueue) {
  const before = await lockAwaiting(trx, id);
  await decide(trx, request, id, before, 'rejected', reason);
  await jobs.enqueue(trx, {
    tenantId: requireAuth(request).tenantId,
    kind: DECISION_JOB,
    payload: { submissionId: id },
  });
}

export async function markInReview(trx: Trx, request: FastifyRequest, id: string): Promise<ReviewSubmission> {
  await takeIntoReview(trx, request, id);
  return reviewSubmission(trx, id);
}

export async function rejectSubmission(
  trx: Trx,
  request: FastifyRequest,
  id: string,
  reason: string,
  jobs: JobQueue,
): Promise<ReviewSubmission> {
  await reject(trx, request, id, reason, jobs);
  return reviewSubmission(trx, id);
}

/**
 * Several submissions taken into review, or rejected with one reason, from the queue: each by the
 * single routes' rules in a transaction of its own, so one refused (another council's, decided
 * already) leaves the others done; the answer says what became of each.
 */
export async function bulkReview(
  inTenant: <T>(work: (trx: Trx) => Promise<T>) => Promise<T>,
  request: FastifyRequest,
  input: { action: 'review' | 'reject'; ids: string[]; reason?: string | undefined },
  jobs: JobQueue,
): Promise<BulkReviewResult> {
  const results: BulkReviewResult['results'] = [];
  for (const id of new Set(input.ids)) {
    try {
      const after = await inTenant(async (trx) => {
        if (input.action === 'review') await takeIntoReview(trx, request, id);
        else await reject(trx, request, id, input.reason ?? '', jobs);
        return statusOf(trx, id);
      });
      results.push({ id, ...after, outcome: 'done', message: null });
    } catch (error) {
      if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 409))
        throw error;
      const now =
        error.statusCode === 409
          ? await inTenant((trx) => statusOf(trx, id))
          : { reference: null, status: null };
      results.push({
        id,
        ...now,
        outcome: error.statusCode === 404 ? 'not-found' : 'not-awaiting',
        message: error.message,
      });
    }
  }
  const done = results.filter((result) => result.outcome === 'done').length;
  return { results, message: cfsBulkMessages.summary(input.action, done, results.length - done) };
}

async function statusOf(trx: Trx, id: string) {
  const row = await trx
    .selectFrom('cfs_submissions')
    .select(['reference', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { reference: row.reference, status: row.status as SubmissionStatus };
}

/**
 * Accepts a submission: each of its sites becomes a site of the council's default scenario (the
 * staff drawing's checks, its next reference, ward and parish filled from the layers), named as
 * submitted, its availability from the answers, linked both ways; the submitter is emailed.
 */
export async function acceptSubmission(
  trx: Trx,
  request: FastifyRequest,
  id: string,
  jobs: JobQueue,
): Promise<ReviewSubmission> {
  const auth = requireAuth(request);
  const before = await lockAwaiting(trx, id);
  const submission = await readSubmissionById(trx, id);
  await decide(trx, request, id, before, 'accepted', null);
  for (const site of submission.sites) {
    if (!site.boundary) continue;
    const created = await createCustomSite(
      trx,
      { tenantId: auth.tenantId, userId: auth.userId },
      {
        custom_site_name: site.name,
        custom_site_poly: site.boundary,
      },
    );
    const availability = site.details.availability
      ? availabilityTimePeriodOf[site.details.availability]
      : null;
    const link = {
      submissionId: id,
      reference: submission.reference,
      siteIndex: submission.sites.indexOf(site),
    };
    await sql`update sites set availability_time_period = coalesce(${availability}, availability_time_period),
        attributes = attributes || jsonb_build_object('cfs_submission', ${JSON.stringify(link)}::jsonb)
      where id = ${created.id}`.execute(trx);
    await trx
      .updateTable('cfs_submission_sites')
      .set({ site_id: created.id })
      .where('id', '=', site.id)
      .execute();
  }
  await jobs.enqueue(trx, { tenantId: auth.tenantId, kind: DECISION_JOB, payload: { submissionId: id } });
  return reviewSubmission(trx, id);
}

/** Issue 27 point 6: a call's submissions by status and by day, what they put forward, and a map. */
export async function callAnalytics(trx: Trx, callId: string): Promise<CallAnalytics> {
  const call = await trx
    .selectFrom('consultation_events')
    .select('id')
    .where('id', '=', callId)
    .executeTakeFirst();
  if (!call) throw notFound(cfsMessages.callNotFound);
  const { rows: statuses } = await sql<{ status: string; n: number }>`
    select status, count(*)::int as n from cfs_submissions where event_id = ${callId} and deleted_at is null
    group by status`.execute(trx);
  const count = (status: string) => statuses.find((row) => row.status === status)?.n ?? 0;
  const { rows: days } = await sql<{ day: string; n: number }>`
    select to_char((submitted_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day, count(*)::int as n
    from cfs_submissions where event_id = ${callId} and submitted_at is not null and deleted_at is null
    group by 1 order by 1`.execute(trx);
  const { rows: totals } = await sql<{ sites: number; area: string; homes: string; floorspace: string }>`
    select count(*)::int as sites, coalesce(sum(x.area_ha), 0)::text as area,
      coalesce(sum((x.details ->> 'homes')::numeric), 0)::text as homes,
      coalesce(sum((x.details ->> 'floorspaceM2')::numeric), 0)::text as floorspace
    from cfs_submission_sites x join cfs_submissions s on s.id = x.submission_id
    where s.event_id = ${callId} and s.status not in ('draft', 'withdrawn') and s.deleted_at is null`.execute(
    trx,
  );
  const { rows: outlines } = await sql<{
    id: string;
    reference: string | null;
    status: string;
    name: string;
    boundary: string;
  }>`
    select s.id, s.reference, s.status, x.name, ST_AsGeoJSON(ST_Transform(x.boundary, 4326), 6) as boundary
    from cfs_submission_sites x join cfs_submissions s on s.id = x.submission_id
    where s.event_id = ${callId} and s.status <> 'draft' and s.deleted_at is null and x.boundary is not null
    order by s.submitted_at, x.position`.execute(trx);
  const total = totals[0]!;
  return {
    callId,
    byStatus: {
      new: count('new'),
      in_review: count('in_review'),
      accepted: count('accepted'),
      rejected: count('rejected'),
      withdrawn: count('withdrawn'),
    },
    byDay: days.map((row) => ({ day: row.day, submissions: row.n })),
    drafts: count('draft'),
    sites: total.sites,
    areaHa: Math.round(Number(total.area) * 100) / 100,
    homes: Number(total.homes),
    floorspaceM2: Number(total.floorspace),
    map: {
      type: 'FeatureCollection',
      features: outlines.map((row) => ({
        type: 'Feature',
        geometry: JSON.parse(row.boundary) as CallAnalytics['map']['features'][number]['geometry'],
        properties: { submissionId: row.id, reference: row.reference, status: row.status, name: row.name },
      })),
    },
  };
}

/**
 * Merges one submitted site into an existing live site of the council (the same land, already
 * on the register): the site is linked to the submission, its availability filled from the
 * answers where the site has none, both in its history. Once every site of the submission is
 * added or merged, the submission is accepted and the submitter emailed; until then it is in review.
 */
export async function mergeSubmissionSite(
  trx: Trx,
  request: FastifyRequest,
  id: string,
  target: { siteIndex: number; siteId: string },
  jobs: JobQueue,
): Promise<ReviewSubmission> {
  const auth = requireAuth(request);
  const before = await lockAwaiting(trx, id);
  const submission = await readSubmissionById(trx, id);
  const submitted = submission.sites[target.siteIndex];
  if (!submitted) throw notFound(cfsMergeMessages.noSuchSubmittedSite);
  const linked = await trx
    .selectFrom('cfs_submission_sites')
    .select('site_id')
    .where('id', '=', submitted.id)
    .executeTakeFirstOrThrow();
  if (linked.site_id !== null) throw conflict(cfsMergeMessages.alreadyDecided);
  const { rows } = await sql<{ id: string; id_unique: string; availability: string | null }>`
    select id::text as id, id_unique, availability_time_period as availability
    from sites where id = ${target.siteId}::bigint and not is_deleted for update`.execute(trx);
  const site = rows[0];
  if (!site) throw notFound(cfsMergeMessages.siteNotFound);
  const availability =
    !site.availability && submitted.details.availability
      ? availabilityTimePeriodOf[submitted.details.availability]
      : null;
  const link = { submissionId: id, reference: submission.reference, siteIndex: target.siteIndex };
  await sql`update sites set availability_time_period = coalesce(availability_time_period, ${availability}),
      attributes = attributes || jsonb_build_object('cfs_submission', ${JSON.stringify(link)}::jsonb)
    where id = ${site.id}::bigint`.execute(trx);
  await recordEdits(trx, { tenantId: auth.tenantId, userId: auth.userId }, [
    {
      siteId: site.id,
      field: 'availability_time_period',
      label: 'Availability time period',
      old: site.availability,
      new: site.availability ?? availability,
      content: `Merged from call for sites submission ${submission.reference ?? id} (${submitted.name})`,
    },
  ]);
  await trx
    .updateTable('cfs_submission_sites')
    .set({ site_id: site.id })
    .where('id', '=', submitted.id)
    .execute();
  const open = await trx
    .selectFrom('cfs_submission_sites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('submission_id', '=', id)
    .where('site_id', 'is', null)
    .where('boundary', 'is not', null)
    .executeTakeFirstOrThrow();
  // The row locked above stays locked to the end of the transaction: decide takes it as it is.
  if (Number(open.n) === 0) {
    await decide(trx, request, id, before, 'accepted', null);
    await jobs.enqueue(trx, { tenantId: auth.tenantId, kind: DECISION_JOB, payload: { submissionId: id } });
  } else if (before.status === 'new') {
    await decide(trx, request, id, before, 'in_review', null);
  }
  return reviewSubmission(trx, id);
}

/**
 * Spec 03 §7: deletes (hides from review, analytics, exports and the person's own list) or
 * restores every submission of the accounts named; audited per account.
 */
export async function setSubmissionsDeleted(
  trx: Trx,
  request: FastifyRequest,
  userIds: string[],
  deleted: boolean,
): Promise<number> {
  const auth = requireAuth(request);
  const changed = await trx
    .updateTable('cfs_submissions')
    .set({ deleted_at: deleted ? new Date() : null })
    .where('user_id', 'in', userIds)
    .where('deleted_at', deleted ? 'is' : 'is not', null)
    .returning(['id', 'user_id'])
    .execute();
  for (const userId of new Set(changed.map((row) => row.user_id))) {
    const count = changed.filter((row) => row.user_id === userId).length;
    await recordAudit(trx, auth.tenantId, request, {
      action: deleted ? 'cfs-submission.delete' : 'cfs-submission.restore',
      targetType: 'user',
      targetId: userId,
      summary: `${count} call for sites ${count === 1 ? 'submission' : 'submissions'} ${deleted ? 'deleted' : 'restored'}`,
      details: { submissionIds: changed.filter((row) => row.user_id === userId).map((row) => row.id) },
    });
  }
  return changed.length;
}
