import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import {
  consentMessages,
  privacyNoticeMessages,
  type AllowList,
  type allowListInputSchema,
  type AllowListEntry,
  type AllowListValues,
  type ConsentInput,
  type PrivacyNotice,
} from '@planning/shared';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.record';

type Trx = Transaction<Database>;

/**
 * Issue 26 points 2 and 6: the council's allow list and privacy notices (one row a council; one row
 * a version). Read in the caller's tenant transaction: row-level security scopes both.
 */

async function staffName(trx: Trx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const user = await trx
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.name || user?.email || null;
}

export async function readAllowList(trx: Trx): Promise<AllowList> {
  const row = await trx
    .selectFrom('council_allow_lists')
    .select(['entries', 'updated_at', 'updated_by_name'])
    .executeTakeFirst();
  return {
    entries: row?.entries ?? [],
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    updatedBy: row?.updated_by_name ?? null,
  };
}

/** What every detector call is given: the entries less their notes. */
export async function allowListValues(trx: Trx): Promise<AllowListValues> {
  return (await readAllowList(trx)).entries.map(({ kind, value }) => ({ kind, value }));
}

export async function saveAllowList(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  input: z.output<typeof allowListInputSchema>,
): Promise<AllowList> {
  const before = await readAllowList(trx);
  const entries: AllowListEntry[] = input.entries.map(({ kind, value, note }) => ({ kind, value, note }));
  const userId = request.auth?.userId ?? null;
  const name = await staffName(trx, userId);
  const values = { entries: JSON.stringify(entries), updated_by: userId, updated_by_name: name };
  await trx
    .insertInto('council_allow_lists')
    .values({ tenant_id: tenantId, ...values, updated_at: new Date() })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
  const key = (entry: AllowListEntry) => `${entry.kind}: ${entry.value}`;
  const had = new Set(before.entries.map(key));
  const has = new Set(entries.map(key));
  // The entries are public in their role, so the log may name them: it shows what changed.
  await recordAudit(trx, tenantId, request, {
    action: 'data-protection.allow-list',
    targetType: 'allow-list',
    targetId: null,
    summary: `Allow list changed: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`,
    details: {
      added: [...has].filter((entry) => !had.has(entry)),
      removed: [...had].filter((entry) => !has.has(entry)),
    },
  });
  return readAllowList(trx);
}

type NoticeRow = {
  version: number;
  text: string;
  published_at: Date;
  published_by_name: string | null;
};
const presentNotice = (row: NoticeRow, staff: boolean): PrivacyNotice => ({
  version: row.version,
  text: row.text,
  publishedAt: new Date(row.published_at).toISOString(),
  ...(staff && { publishedBy: row.published_by_name }),
});

export async function currentNotice(trx: Trx): Promise<PrivacyNotice | null> {
  const row = await trx
    .selectFrom('privacy_notices')
    .select(['version', 'text', 'published_at', 'published_by_name'])
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? presentNotice(row, false) : null;
}

export async function noticeVersion(trx: Trx, version: number): Promise<PrivacyNotice> {
  const row = await trx
    .selectFrom('privacy_notices')
    .select(['version', 'text', 'published_at', 'published_by_name'])
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) throw notFound(privacyNoticeMessages.notFound);
  return presentNotice(row, false);
}

export async function noticeVersions(trx: Trx): Promise<PrivacyNotice[]> {
  const rows = await trx
    .selectFrom('privacy_notices')
    .select(['version', 'text', 'published_at', 'published_by_name'])
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => presentNotice(row, true));
}

export async function publishNotice(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  text: string,
): Promise<PrivacyNotice[]> {
  // One publisher at a time per council: the next version number is read under the lock.
  await sql`select pg_advisory_xact_lock(hashtext('privacy_notices'), hashtext(${tenantId}))`.execute(trx);
  const latest = await currentNotice(trx);
  if (latest && latest.text === text) throw badRequest(privacyNoticeMessages.unchanged);
  const version = (latest?.version ?? 0) + 1;
  const userId = request.auth?.userId ?? null;
  await trx
    .insertInto('privacy_notices')
    .values({
      tenant_id: tenantId,
      version,
      text,
      published_by: userId,
      published_by_name: await staffName(trx, userId),
    })
    .execute();
  await recordAudit(trx, tenantId, request, {
    action: 'data-protection.privacy-notice',
    targetType: 'privacy-notice',
    targetId: String(version),
    summary: privacyNoticeMessages.published(version),
    details: { version, length: text.length },
  });
  return noticeVersions(trx);
}

/**
 * A form's consent as it is kept: the notice version must be one this council published (the
 * form shows the current one; a page loaded before a new version still names an older, real one).
 */
export async function consentColumns(trx: Trx, consent: ConsentInput | undefined) {
  if (!consent) return null;
  if (consent.noticeVersion !== null) {
    const known = await trx
      .selectFrom('privacy_notices')
      .select('version')
      .where('version', '=', consent.noticeVersion)
      .executeTakeFirst();
    if (!known) throw badRequest(consentMessages.noticeUnknown);
  }
  return {
    notice_version: consent.noticeVersion,
    publish_name: consent.publishName ?? false,
    contact_for_updates: consent.contactForUpdates ?? false,
    consented_at: new Date(),
  };
}
