import { sql, type Transaction } from 'kysely';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { DOCUMENT_LIMITS } from '@planning/shared';
import type { Database } from '../../db/schema';
import { TooManyRequestsError } from '../../lib/rate-limit';

type Trx = Transaction<Database>;

export type TrackingEvent = { documentId: string; viewId: string; event: 'open' | 'close' | 'heartbeat' };

/** A page view sends one open, a heartbeat every 30 s and one close; 20 s allows for timer drift. */
const HEARTBEAT_MIN_GAP_MS = DOCUMENT_LIMITS.trackingHeartbeatMs - 10_000;
/** Twelve hours of heartbeats: a tab left open for days stops counting. */
const HEARTBEATS_PER_VIEW_MAX = (12 * 60 * 60 * 1000) / DOCUMENT_LIMITS.trackingHeartbeatMs;

/**
 * Reading statistics are not worth a shared store: each server process allows an address 120
 * events a minute (a reader sends about 2), which stops a flood without a query.
 */
export function createTrackingLimiter() {
  const limiter = new RateLimiterMemory({ points: 120, duration: 60 });
  return async (ip: string) => {
    try {
      await limiter.consume(ip);
    } catch (refusal) {
      const wait = (refusal as { msBeforeNext?: number }).msBeforeNext ?? 60_000;
      throw new TooManyRequestsError(Math.max(1, Math.ceil(wait / 1000)));
    }
  };
}

/**
 * Records an event unless it repeats one the view has already sent: one open and one close per
 * view, heartbeats no closer than 20 s. Answers whether it was recorded.
 */
export async function recordInteraction(
  trx: Trx,
  tenantId: string,
  userId: string | null,
  event: TrackingEvent,
): Promise<boolean> {
  const { rows } = await sql<{ opens: number; closes: number; beats: number; last_beat: Date | null }>`
    select count(*) filter (where event = 'open')::int as opens,
      count(*) filter (where event = 'close')::int as closes,
      count(*) filter (where event = 'heartbeat')::int as beats,
      max(created_at) filter (where event = 'heartbeat') as last_beat
    from document_interactions where document_id = ${event.documentId} and view_id = ${event.viewId}`.execute(
    trx,
  );
  const seen = rows[0] ?? { opens: 0, closes: 0, beats: 0, last_beat: null };
  const repeat =
    (event.event === 'open' && seen.opens > 0) ||
    (event.event === 'close' && seen.closes > 0) ||
    (event.event === 'heartbeat' &&
      (seen.beats >= HEARTBEATS_PER_VIEW_MAX ||
        (seen.last_beat !== null && Date.now() - new Date(seen.last_beat).getTime() < HEARTBEAT_MIN_GAP_MS)));
  if (repeat) return false;
  await trx
    .insertInto('document_interactions')
    .values({
      tenant_id: tenantId,
      document_id: event.documentId,
      view_id: event.viewId,
      user_id: userId,
      event: event.event,
    })
    .execute();
  return true;
}

/** Staff: how the document has been read and answered. */
export async function documentStats(trx: Trx, documentId: string) {
  const { rows: reading } = await sql<{ opens: number; visitors: number; beats: number }>`
    select count(*) filter (where event = 'open')::int as opens,
      count(distinct coalesce(user_id::text, view_id::text)) filter (where event = 'open')::int as visitors,
      count(*) filter (where event = 'heartbeat')::int as beats
    from document_interactions where document_id = ${documentId}`.execute(trx);
  const { rows: answers } = await sql<{ question_id: string; count: number }>`
    select a.question_id, count(*)::int as count
    from document_answers a join document_responses r on r.id = a.response_id
    where r.document_id = ${documentId} and a.deleted_at is null
    group by a.question_id order by a.question_id`.execute(trx);
  const { rows: respondents } = await sql<{ count: number }>`
    select count(distinct r.id)::int as count
    from document_responses r join document_answers a on a.response_id = r.id and a.deleted_at is null
    where r.document_id = ${documentId}`.execute(trx);
  const stats = reading[0] ?? { opens: 0, visitors: 0, beats: 0 };
  return {
    opens: Number(stats.opens),
    visitors: Number(stats.visitors),
    minutesRead: Math.round((Number(stats.beats) * DOCUMENT_LIMITS.trackingHeartbeatMs) / 60_000),
    respondents: Number(respondents[0]?.count ?? 0),
    answers: answers.map((row) => ({ questionId: row.question_id, count: Number(row.count) })),
  };
}
