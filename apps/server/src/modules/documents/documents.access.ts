import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { documentMessages, hasGrants, type AnswerPolicy } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { forbidden, notFound } from '../../lib/errors';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { grantsOf } from '../access/access.guard';
import type { SessionContext } from '../auth/auth.session';
import { isFlagOn } from '../tenants/tenants.queries';
import { answersOpen, type DocumentRow } from './documents.service';

type Trx = Transaction<Database>;

/** Spec 02 §6: the builder's routes need a consultations grant (and the document-builder flag). */
export const documentGrant = (action: 'read' | 'write' | 'delete') =>
  ({ access: [{ unit: 'consultations', action }] }) as const;

/**
 * Runs work in the council's transaction once the document-builder flag is known to be on (off:
 * 404, as if the documents were not there). Staff routes take the signed-in user's council, public
 * ones the council the request names (host or X-Tenant); a session, if any, is of that council.
 */
export function inDocumentsTenant(request: FastifyRequest) {
  const tenantId = request.auth?.tenantId ?? requireTenant(request).id;
  return <T>(work: (trx: Trx) => Promise<T>) =>
    withTenant(request.server.database.db, tenantId, async (trx) => {
      if (!(await isFlagOn(trx, 'documentBuilder'))) throw notFound(documentMessages.builderOff);
      return work(trx);
    });
}

export async function staffPolicy(request: FastifyRequest) {
  const grants = await grantsOf(request);
  return {
    canWrite: hasGrants(grants, documentGrant('write').access),
    canDelete: hasGrants(grants, documentGrant('delete').access),
  };
}

/**
 * Spec 02 §6: answering needs a consultation account, the email-and-password account of a member
 * of the public ('firebase-auth', kind public). A staff account of any provider may read, never answer.
 */
export const isConsultationAccount = (auth: SessionContext | null): boolean =>
  auth !== null && auth.kind === 'public' && auth.provider === 'firebase-auth';

export function requireConsultationAccount(request: FastifyRequest): SessionContext {
  const auth = requireAuth(request);
  if (!isConsultationAccount(auth)) throw forbidden(documentMessages.consultationAccountOnly);
  return auth;
}

export function answerPolicy(auth: SessionContext | null, document: DocumentRow): AnswerPolicy {
  const canAnswer = isConsultationAccount(auth);
  const open = answersOpen(document);
  const reason = !auth
    ? documentMessages.loginToAnswer
    : !canAnswer
      ? documentMessages.consultationAccountOnly
      : !document.is_published
        ? documentMessages.notPublished
        : !open
          ? documentMessages.answersClosed
          : null;
  return { signedIn: auth !== null, canAnswer, answersOpen: open, reason };
}
