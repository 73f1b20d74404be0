import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { policyKinds, type Policy, type PolicyKind } from '@planning/shared';
import type { Database } from '../../db/schema';
import { sanitiseProseHtml } from '../../lib/prose-html';
import { recordAudit } from '../audit/audit.record';

type Trx = Transaction<Database>;

export async function readPolicy(trx: Trx, kind: PolicyKind): Promise<Policy> {
  const row = await trx
    .selectFrom('council_policies')
    .select(['html', 'updated_at', 'updated_by_name'])
    .where('kind', '=', kind)
    .executeTakeFirst();
  return {
    kind,
    title: policyKinds[kind],
    // Sanitised again on the way out: the allow-list may have tightened since it was written.
    html: row ? sanitiseProseHtml(row.html) : '',
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    updatedBy: row?.updated_by_name ?? null,
  };
}

export async function savePolicy(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  kind: PolicyKind,
  html: string,
): Promise<Policy> {
  const before = await readPolicy(trx, kind);
  const clean = sanitiseProseHtml(html);
  const userId = request.auth?.userId ?? null;
  const user = userId
    ? await trx.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst()
    : undefined;
  const name = user?.name || user?.email || null;
  await trx
    .insertInto('council_policies')
    .values({
      tenant_id: tenantId,
      kind,
      html: clean,
      updated_by: userId,
      updated_by_name: name,
      updated_at: new Date(),
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'kind']).doUpdateSet({
        html: clean,
        updated_by: userId,
        updated_by_name: name,
        updated_at: new Date(),
      }),
    )
    .execute();
  await recordAudit(trx, tenantId, request, {
    action: 'policy.update',
    targetType: 'policy',
    targetId: kind,
    summary: `${policyKinds[kind]} changed`,
    details: { kind, lengthBefore: before.html.length, lengthAfter: clean.length },
  });
  return readPolicy(trx, kind);
}
