import { sql, type Transaction } from 'kysely';
import { serverMessages, siteMessages } from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import {
  currentValues,
  loadEditableDictionary,
  lockSite,
  readSite,
  recordEdits,
  requireLiveSite,
  type Editor,
} from './site-record.service';

/** A site's scenarios, its place on the public map, and its deletion (spec 01 §4). */

type Trx = Transaction<Database>;

/** The same id_unique's rows in each scenario, with whether each is on the public map. */
export async function siteScenarios(trx: Trx, siteId: string) {
  const site = await requireLiveSite(trx, siteId);
  const rows = await trx
    .selectFrom('sites')
    .select(['id', 'scenario_name', 'public_map_visibility'])
    .where('id_unique', '=', site.id_unique)
    .where('is_deleted', '=', false)
    .orderBy('scenario_name')
    .execute();
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

/**
 * Spec 01 §4 public visibility: this site, or (in scenario selection mode) the chosen scenarios of
 * its id_unique; each row that changes gets its history item.
 */
export async function updateVisibility(
  trx: Trx,
  editor: Editor,
  siteId: string,
  body: { public_map_visibility: boolean; scenario_names?: string[] | undefined },
  version: number | undefined,
) {
  const site = await lockSite(trx, siteId, version);
  let targets = [site.id];
  if (body.scenario_names) {
    const rows = await siteScenarios(trx, siteId);
    const chosen = rows.filter((row) => body.scenario_names!.includes(row.scenario_name));
    if (chosen.length !== new Set(body.scenario_names).size) throw badRequest(siteMessages.scenarioMissing);
    targets = chosen.map((row) => row.id);
  }
  const dictionary = await loadEditableDictionary(trx);
  const field = dictionary.get('public_map_visibility') ?? {
    name: 'public_map_visibility',
    label: 'On the public map',
    fieldType: 'switch' as const,
    storage: 'column' as const,
    min: null,
    max: null,
    options: null,
  };
  const before = await currentValues(trx, field, targets);
  const changed = targets.filter((id) => before.get(id) !== body.public_map_visibility);
  if (changed.length) {
    await sql`update sites set public_map_visibility = ${body.public_map_visibility}
      where id = any(${changed}::bigint[])`.execute(trx);
    await recordEdits(
      trx,
      editor,
      changed.map((id) => ({
        siteId: id,
        field: field.name,
        label: field.label,
        old: before.get(id),
        new: body.public_map_visibility,
      })),
    );
  }
  return readSite(trx, siteId, dictionary);
}

/** DELETE /site/{id} and the bulk delete: sites are kept, marked deleted (lists and search drop them). */
export async function deleteSites(trx: Trx, siteIds: readonly number[]): Promise<number> {
  const ids = [...new Set(siteIds)].map(String);
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from sites where id = any(${ids}::bigint[]) and not is_deleted`.execute(trx);
  if ((rows[0]?.n ?? 0) !== ids.length) throw notFound(serverMessages.nonExistingId);
  const result =
    await sql`update sites set is_deleted = true where id = any(${ids}::bigint[]) and not is_deleted`.execute(
      trx,
    );
  return Number(result.numAffectedRows ?? ids.length);
}
