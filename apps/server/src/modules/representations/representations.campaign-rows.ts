import { sql } from 'kysely';
import { z } from 'zod';
import { representationMessages, representationReference, type CampaignGroups } from '@planning/shared';
import { notFound } from '../../lib/errors';
import type { Trx } from '../consultations/consultations.access';
import type { JobQueue } from '../jobs/jobs.queue';
import { groupNearDuplicates } from './representations.campaigns';

/**
 * Campaign letters in the table (issue 15): each live representation of an event that belongs to
 * a group of near-duplicates carries the group's exemplar as `campaign_id` and its size. They are
 * worked out again for an event when its letters change: in the same transaction for an event of
 * up to CAMPAIGN_SYNC_MAX letters (a few tens of milliseconds), else by a job, one queued per event.
 */
export const CAMPAIGN_SYNC_MAX = 300;
export const CAMPAIGNS_JOB = 'representations.campaigns';
export const campaignsJobPayload = z.object({ eventId: z.uuid() });

type Letter = { id: string; reference: number; plain_text: string; representee_name: string | null };

async function lettersOf(trx: Trx, eventId: string): Promise<Letter[]> {
  const { rows } = await sql<Letter>`
    select r.id, r.reference, r.plain_text,
      (case when r.representee_type = 'organisation' then o.name else c.name end) as representee_name
    from representations r
    left join organisations o on o.id = r.organisation_id
    left join contacts c on c.id = r.contact_id
    where r.consultation_event_id = ${eventId} and r.deleted_at is null
    order by r.reference`.execute(trx);
  return rows;
}

/** The event's groups (earliest letter first, so the exemplar is the first received). */
function groupsOf(letters: Letter[]) {
  return groupNearDuplicates(letters.map((letter) => ({ id: letter.id, text: letter.plain_text }))).groups;
}

/** Works the event's campaigns out again and writes them to its rows (only those that change). */
export async function recomputeCampaigns(trx: Trx, eventId: string): Promise<void> {
  const groups = groupsOf(await lettersOf(trx, eventId));
  const ids: string[] = [];
  const campaignIds: string[] = [];
  const sizes: number[] = [];
  for (const group of groups) {
    for (const id of group.ids) {
      ids.push(id);
      campaignIds.push(group.exemplarId);
      sizes.push(group.ids.length);
    }
  }
  await sql`update representations r set campaign_id = g.campaign_id, campaign_size = g.size
    from (select unnest(${ids}::uuid[]) as id, unnest(${campaignIds}::uuid[]) as campaign_id,
      unnest(${sizes}::int[]) as size) g
    where r.id = g.id and (r.campaign_id, r.campaign_size) is distinct from (g.campaign_id, g.size)`.execute(
    trx,
  );
  await sql`update representations set campaign_id = null, campaign_size = null
    where consultation_event_id = ${eventId} and campaign_id is not null
      and not (id = any(${ids}::uuid[]))`.execute(trx);
}

/** After a change: now for a small event, else a job (unless one is already waiting for it). */
export function campaignRefresher(jobs: JobQueue, tenantId: string) {
  return async (trx: Trx, eventIds: string[]) => {
    for (const eventId of new Set(eventIds)) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from representations
        where consultation_event_id = ${eventId} and deleted_at is null`.execute(trx);
      if (rows[0]!.n <= CAMPAIGN_SYNC_MAX) {
        await recomputeCampaigns(trx, eventId);
        continue;
      }
      const waiting = await sql<{ one: number }>`select 1 as one from jobs
        where kind = ${CAMPAIGNS_JOB} and status = 'queued' and payload ->> 'eventId' = ${eventId} limit 1`.execute(
        trx,
      );
      if (waiting.rows.length > 0) continue;
      await jobs.enqueue(trx, { tenantId, kind: CAMPAIGNS_JOB, payload: { eventId } });
    }
  };
}

/** GET …/campaigns?eventId=: the event's near-duplicate groups, largest first, with references. */
export async function campaignGroups(trx: Trx, eventId: string): Promise<CampaignGroups> {
  const event = await trx
    .selectFrom('consultation_events')
    .select('id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) throw notFound(representationMessages.eventNotFound);
  const letters = await lettersOf(trx, eventId);
  const byId = new Map(letters.map((letter) => [letter.id, letter]));
  const present = (id: string) => {
    const letter = byId.get(id)!;
    return {
      id,
      reference: representationReference(letter.reference),
      representeeName: letter.representee_name ?? '',
    };
  };
  return {
    groups: groupsOf(letters)
      .map((group) => ({
        id: group.exemplarId,
        size: group.ids.length,
        similarity: group.similarity,
        exemplar: { id: group.exemplarId, reference: present(group.exemplarId).reference },
        representations: group.ids.map(present),
      }))
      .sort((a, b) => b.size - a.size || a.exemplar.reference.localeCompare(b.exemplar.reference)),
  };
}
