import { sql, type Transaction } from 'kysely';
import {
  serverMessages,
  type SiteSubmissions,
  type SubmissionStatus,
  type SubmitterLookup,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { submissionForReceipt } from './cfs.submissions';

type Trx = Transaction<Database>;

/**
 * Issue 27 point 4: the submissions a site of the register came from, accepted as it or merged
 * into it (the same land in any scenario), with the submitted site and the call's questions to
 * read its answers by. Another council's site, or one deleted, is not found.
 */
export async function siteSubmissions(trx: Trx, siteId: string): Promise<SiteSubmissions> {
  const { rows } = await sql<{ submission_id: string; site_row: string }>`
    select x.submission_id, x.id as site_row
      from sites a
      join sites b on b.id_unique = a.id_unique
      join cfs_submission_sites x on x.site_id = b.id
      join cfs_submissions s on s.id = x.submission_id and s.deleted_at is null
     where a.id = ${siteId}::bigint and not a.is_deleted
     order by s.submitted_at, x.position`.execute(trx);
  if (rows.length === 0) {
    const site = await trx
      .selectFrom('sites')
      .select('id')
      .where('id', '=', siteId)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!site) throw notFound(serverMessages.nonExistingId);
    return { submissions: [] };
  }
  const submissions: SiteSubmissions['submissions'] = [];
  for (const row of rows) {
    const { submission, topics } = await submissionForReceipt(trx, row.submission_id);
    const site = submission.sites.find((one) => one.id === row.site_row);
    if (!site) continue;
    submissions.push({
      id: submission.id,
      reference: submission.reference,
      callId: submission.callId,
      callName: submission.callName,
      status: submission.status,
      submittedAt: submission.submittedAt,
      contact: submission.contact,
      onBehalfOf: submission.onBehalfOf,
      site: {
        id: site.id,
        name: site.name,
        areaHa: site.areaHa,
        details: site.details,
        answers: site.answers,
      },
      topics,
    });
  }
  return { submissions };
}

/**
 * Spec 03 §7 /submissions delete and restore work by account: the consultation accounts with the
 * email address, or whose submissions give it as the contact's, each with every submission it
 * made (drafts and deleted ones too: what deleting or restoring would touch).
 */
export async function findSubmitters(trx: Trx, email: string): Promise<SubmitterLookup> {
  const { rows } = await sql<{
    user_id: string;
    email: string;
    name: string | null;
    id: string | null;
    reference: string | null;
    call_name: string | null;
    status: SubmissionStatus | null;
    updated_at: Date | null;
    deleted_at: Date | null;
  }>`
    select u.id as user_id, u.email, nullif(u.name, '') as name, s.id, s.reference, e.name as call_name,
      s.status, s.updated_at, s.deleted_at
    from users u
    left join cfs_submissions s on s.user_id = u.id
    left join consultation_events e on e.id = s.event_id
    where u.kind = 'public'
      and (lower(u.email) = ${email}
        or exists (select 1 from cfs_submissions c
                    where c.user_id = u.id and lower(c.contact ->> 'email') = ${email}))
    order by u.email, u.id, s.updated_at desc nulls last, s.id`.execute(trx);
  const accounts = new Map<string, SubmitterLookup['accounts'][number]>();
  for (const row of rows) {
    const account = accounts.get(row.user_id) ?? {
      userId: row.user_id,
      email: row.email,
      name: row.name,
      submissions: [],
    };
    if (row.id)
      account.submissions.push({
        id: row.id,
        reference: row.reference,
        callName: row.call_name ?? '',
        status: row.status ?? 'draft',
        updatedAt: new Date(row.updated_at!).toISOString(),
        deletedAt: row.deleted_at ? new Date(row.deleted_at).toISOString() : null,
      });
    accounts.set(row.user_id, account);
  }
  return { accounts: [...accounts.values()] };
}
