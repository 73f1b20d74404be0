import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { siteLayoutsSchema, type CouncilLayout, type SiteLayouts } from '@planning/shared';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit/audit.record';

type Trx = Transaction<Database>;

export async function readCouncilLayout(trx: Trx): Promise<CouncilLayout> {
  const row = await trx
    .selectFrom('council_site_layouts')
    .select(['layouts', 'updated_at', 'updated_by_name'])
    .executeTakeFirst();
  // A layout kept before a breakpoint or panel changed shape is ignored, not served broken.
  const parsed = row ? siteLayoutsSchema.safeParse(row.layouts) : null;
  return {
    layouts: parsed?.success ? parsed.data : null,
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    updatedBy: row?.updated_by_name ?? null,
  };
}

/** Saves the council's default layout; null puts the built-in one back. */
export async function saveCouncilLayout(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  layouts: SiteLayouts | null,
): Promise<CouncilLayout> {
  const userId = request.auth?.userId ?? null;
  const user = userId
    ? await trx.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst()
    : undefined;
  const name = user?.name || user?.email || null;
  if (layouts === null) {
    await trx.deleteFrom('council_site_layouts').execute();
  } else {
    const json = JSON.stringify(layouts);
    await trx
      .insertInto('council_site_layouts')
      .values({
        tenant_id: tenantId,
        layouts: json,
        updated_by: userId,
        updated_by_name: name,
        updated_at: new Date(),
      })
      .onConflict((oc) =>
        oc
          .column('tenant_id')
          .doUpdateSet({ layouts: json, updated_by: userId, updated_by_name: name, updated_at: new Date() }),
      )
      .execute();
  }
  await recordAudit(trx, tenantId, request, {
    action: 'layout.update',
    targetType: 'site-layout',
    targetId: null,
    summary: layouts
      ? 'Default site page layout saved'
      : 'Default site page layout reset to the built-in one',
    details: { breakpoints: layouts ? Object.keys(layouts) : [] },
  });
  return readCouncilLayout(trx);
}
