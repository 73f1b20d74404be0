import { sql, type Kysely, type Transaction } from 'kysely';
import { ERASED_MARK, erasureMessages, type ErasureRequest, type ErasureResult } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { conflict } from '../../lib/errors';
import type { BucketName, Storage } from '../storage/storage';
import {
  columnTest,
  handledRows,
  ownRows,
  planErasure,
  replaced,
  type ErasurePlan,
  type StoredObjectRef,
} from './erasure.service';

type Trx = Transaction<Database>;
const ids = (values: readonly string[]) => sql`${[...values]}::uuid[]`;

/** Rewrites the person's details in every text and JSON column that holds them (see planErasure). */
async function replaceText(trx: Trx, tenantId: string, plan: ErasurePlan): Promise<void> {
  const own = ownRows(plan);
  for (const change of plan.changes.filter((entry) => entry.action === 'text replaced')) {
    const columns = (plan.columns.get(change.table) ?? []).filter((column) =>
      change.fields.includes(column.column),
    );
    const ownTest = own[change.table];
    const sets = columns.map((column) => {
      const ref = sql.ref(column.column);
      const replace = (pattern: string) => replaced(column, pattern);
      const whens = [
        ownTest && plan.own
          ? sql`when ${ownTest} and ${ref}::text ~* ${plan.own} then ${replace(plan.own)}`
          : null,
        plan.everywhere
          ? sql`when ${ref}::text ~* ${plan.everywhere} then ${replace(plan.everywhere)}`
          : null,
      ].filter((when) => when !== null);
      return sql`${ref} = case ${sql.join(whens, sql` `)} else ${ref} end`;
    });
    const handled = handledRows(plan)[change.table];
    // Only the rows that hold the details: an update fires triggers and touches updated_at.
    const tests = columns.flatMap((column) => columnTest(plan, change.table, column) ?? []);
    await sql`update ${sql.table(change.table)} set ${sql.join(sets)}
       where tenant_id = ${tenantId} ${handled ? sql`and not (${handled})` : sql``}
         and (${sql.join(tests, sql` or `)})`.execute(trx);
  }
}

/** The database half of the erasure, in the caller's transaction: refused under a legal hold. */
export async function eraseInTransaction(
  trx: Trx,
  tenantId: string,
  request: ErasureRequest,
  actorUserId: string,
): Promise<ErasurePlan> {
  // Lets this transaction, and no other, rewrite the audit log's text (migration 0039).
  await sql`select set_config('app.erasure', 'on', true)`.execute(trx);
  const plan = await planErasure(trx, tenantId, request);
  if (plan.refusal) throw conflict(plan.refusal.message);
  // An officer who closed their own account would be signed out mid-request, and could lock the
  // council out of its own data protection tools.
  if (plan.accounts.includes(actorUserId)) throw conflict(erasureMessages.ownAccount);
  const users = ids(plan.accounts);
  const contacts = ids(plan.contacts);
  const files = ids(plan.fileRows.map((file) => file.id));

  // Accounts: closed, so nobody signs in as them again; the row stays for what links to it.
  await sql`delete from sessions where tenant_id = ${tenantId} and user_id = any(${users})`.execute(trx);
  await sql`delete from auth_tokens where tenant_id = ${tenantId} and user_id = any(${users})`.execute(trx);
  await sql`delete from user_roles where tenant_id = ${tenantId} and user_id = any(${users})`.execute(trx);
  await sql`update api_keys set name = ${ERASED_MARK}, revoked_at = coalesce(revoked_at, now())
     where tenant_id = ${tenantId} and user_id = any(${users})`.execute(trx);
  await sql`update users set email = 'erased-' || id || '@erased.invalid', name = ${ERASED_MARK}, phone = null,
       password_hash = null, about = '{}', meta = '{}', email_verified_at = null,
       disabled_at = coalesce(disabled_at, now()), deleted_at = coalesce(deleted_at, now())
     where tenant_id = ${tenantId} and id = any(${users})`.execute(trx);
  await sql`update audit_log set ip = null, user_agent = null
     where tenant_id = ${tenantId} and actor_user_id = any(${users})
       and (ip is not null or user_agent is not null)`.execute(trx);

  // Contacts: kept (representations name them as their representee or agent), with nothing in them.
  await sql`update contacts set title = null, first_name = ${ERASED_MARK}, last_name = ${ERASED_MARK},
       job_title = null, email = null, phone_number = null, address_line1 = null, address_line2 = null,
       town = null, country = null, postcode = null, custom = '{}', deleted_at = coalesce(deleted_at, now())
     where tenant_id = ${tenantId} and id = any(${contacts})`.execute(trx);
  await sql`delete from organisation_agents where tenant_id = ${tenantId} and contact_id = any(${contacts})`.execute(
    trx,
  );

  // Their files: unlisted and marked now, removed from storage once this commits.
  await sql`delete from representation_attachments where tenant_id = ${tenantId} and file_id = any(${files})`.execute(
    trx,
  );
  await sql`update files set orig_name = ${ERASED_MARK}, name = ${ERASED_MARK}, description = null,
       deleted_at = coalesce(deleted_at, now())
     where tenant_id = ${tenantId} and id = any(${files})`.execute(trx);

  // Subject access requests about them go (their findings are copies); every waiting export expires.
  await sql`delete from jobs where tenant_id = ${tenantId} and id = any(${ids(plan.subjectAccessJobs)})`.execute(
    trx,
  );
  await sql`update jobs set result = result || jsonb_build_object('expired', true, 'expiresAt', now())
     where tenant_id = ${tenantId} and id = any(${ids(plan.exportJobs.map((job) => job.id))})`.execute(trx);

  await replaceText(trx, tenantId, plan);
  return plan;
}

/**
 * After the commit: removes the stored objects, then the marked file rows. An object that cannot be
 * removed keeps its row marked, and the next erasure (of anyone) removes it: a retry is safe.
 */
export async function removeStoredObjects(
  db: Kysely<Database>,
  storage: Storage,
  tenantId: string,
  plan: ErasurePlan,
  onError: (error: unknown, object: StoredObjectRef) => void,
): Promise<number> {
  const removed: string[] = [];
  for (const file of plan.fileRows) {
    try {
      await storage.delete(tenantId, file.bucket as BucketName, file.key);
      removed.push(file.id);
    } catch (error) {
      onError(error, file);
    }
  }
  for (const job of [...plan.exportJobs]) {
    await storage.delete(tenantId, 'exports', job.key).catch((error: unknown) => onError(error, job));
  }
  if (removed.length > 0)
    await withTenant(db, tenantId, (trx) =>
      sql`delete from files where tenant_id = ${tenantId} and id = any(${ids(removed)})
         and orig_name = ${ERASED_MARK}`.execute(trx),
    );
  return removed.length;
}

/** Issue 26 point 4: the whole erasure. */
export function erasureResult(plan: ErasurePlan, erasedAt: Date, message: string): ErasureResult {
  return {
    changes: plan.changes,
    files: plan.files,
    exports: plan.exports,
    searchRows: plan.searchRows,
    erasedAt: erasedAt.toISOString(),
    message,
  };
}
