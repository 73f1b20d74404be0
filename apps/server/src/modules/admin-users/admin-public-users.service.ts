import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { serverMessages, type PublicUser, type PublicUserResponse } from '@planning/shared';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.record';
import { findAccount } from './admin-users.queries';
import { likePattern, scrubAccount } from './admin-users.service';

type Trx = Transaction<Database>;

const iso = (value: Date | string) => new Date(value).toISOString();

/** Consultation accounts ('firebase-users', spec 03 §7.3): kind 'public'. */
export async function listPublicUsers(
  trx: Trx,
  query: { search?: string | undefined; verified?: 'true' | 'false' | undefined },
): Promise<PublicUser[]> {
  let q = trx
    .selectFrom('users')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.email_verified_at',
      'users.disabled_at',
      'users.created_at',
      'users.last_sign_in_at',
      (eb) =>
        eb
          .selectFrom('document_responses')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('document_responses.user_id', '=', 'users.id')
          .as('response_count'),
    ])
    .where('users.kind', '=', 'public')
    .where('users.deleted_at', 'is', null)
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id')
    .limit(2000);
  if (query.search) {
    const pattern = likePattern(query.search);
    q = q.where((eb) => eb.or([eb('users.name', 'ilike', pattern), eb('users.email', 'ilike', pattern)]));
  }
  if (query.verified === 'true') q = q.where('users.email_verified_at', 'is not', null);
  if (query.verified === 'false') q = q.where('users.email_verified_at', 'is', null);
  const rows = await q.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    verified: row.email_verified_at !== null,
    disabled: row.disabled_at !== null,
    createdAt: iso(row.created_at),
    lastSignInAt: row.last_sign_in_at ? iso(row.last_sign_in_at) : null,
    responseCount: Number(row.response_count ?? 0),
  }));
}

async function requirePublic(trx: Trx, userId: string) {
  const user = await findAccount(trx, userId);
  if (!user || user.kind !== 'public') throw notFound(serverMessages.nonExistingId);
  return user;
}

export async function responsesOf(trx: Trx, userId: string): Promise<PublicUserResponse[]> {
  await requirePublic(trx, userId);
  const rows = await trx
    .selectFrom('document_responses as r')
    .innerJoin('documents as d', 'd.id', 'r.document_id')
    .select([
      'r.id',
      'r.document_id',
      'd.title',
      'r.created_at',
      'r.updated_at',
      (eb) =>
        eb
          .selectFrom('document_answers as a')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('a.response_id', '=', 'r.id')
          .where('a.deleted_at', 'is', null)
          .as('answer_count'),
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.updated_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    documentId: row.document_id,
    documentTitle: row.title,
    answerCount: Number(row.answer_count ?? 0),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }));
}

export async function verifyPublicUser(trx: Trx, tenantId: string, request: FastifyRequest, userId: string) {
  const user = await requirePublic(trx, userId);
  if (user.email_verified_at) return;
  await trx
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, now())` })
    .where('id', '=', userId)
    .execute();
  await recordAudit(trx, tenantId, request, {
    action: 'public-user.verify',
    targetType: 'user',
    targetId: userId,
    summary: `Marked the email address of ${user.email} as verified`,
    details: { email: user.email },
  });
}

/** Deletes every response of the account, with its answers and tags (a data-protection request). */
async function deleteResponses(trx: Trx, userId: string): Promise<{ responses: number; answers: number }> {
  const responseIds = trx.selectFrom('document_responses').select('id').where('user_id', '=', userId);
  const answers = await trx
    .deleteFrom('document_answers')
    .where('response_id', 'in', responseIds)
    .executeTakeFirst();
  await trx.deleteFrom('document_response_tags').where('user_id', '=', userId).execute();
  const responses = await trx
    .deleteFrom('document_responses')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { responses: Number(responses.numDeletedRows), answers: Number(answers.numDeletedRows) };
}

export async function deletePublicRecords(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  userId: string,
) {
  const user = await requirePublic(trx, userId);
  const deleted = await deleteResponses(trx, userId);
  await recordAudit(trx, tenantId, request, {
    action: 'public-user.records-delete',
    targetType: 'user',
    targetId: userId,
    summary: `Deleted ${deleted.responses} ${deleted.responses === 1 ? 'response' : 'responses'} of ${user.email}`,
    details: { email: user.email, ...deleted },
  });
  return deleted.responses;
}

export async function deletePublicUser(trx: Trx, tenantId: string, request: FastifyRequest, userId: string) {
  const user = await requirePublic(trx, userId);
  const deleted = await deleteResponses(trx, userId);
  // Issue 27: the account's call for sites submissions go with it (their sites with them); land
  // already accepted stays as the council's site, which keeps only the reference.
  const submissions = await trx
    .deleteFrom('cfs_submissions')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await scrubAccount(trx, userId);
  await recordAudit(trx, tenantId, request, {
    action: 'public-user.delete',
    targetType: 'user',
    targetId: userId,
    summary: `Deleted the consultation account ${user.email} and its ${deleted.responses} ${deleted.responses === 1 ? 'response' : 'responses'}`,
    details: { email: user.email, ...deleted, cfsSubmissions: Number(submissions.numDeletedRows) },
  });
}
