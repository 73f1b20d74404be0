import { sql, type Transaction } from 'kysely';
import type { CouncilSettingsPatch, LogoKind } from '@planning/shared';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

/** Writes the changed fields of the transaction's council (row-level security allows only its own). */
export async function updateCouncilRow(trx: Trx, tenantId: string, patch: CouncilSettingsPatch) {
  const set: Record<string, unknown> = {};
  if (patch.rawName !== undefined) set.raw_name = patch.rawName;
  if (patch.shortName !== undefined) set.short_name = patch.shortName;
  if (patch.mainColor !== undefined) set.main_color = patch.mainColor;
  if (patch.theme !== undefined) set.theme = JSON.stringify(patch.theme);
  if (patch.email !== undefined) set.emails = JSON.stringify(patch.email);
  if (patch.social !== undefined) set.social_links = JSON.stringify(patch.social);
  if (patch.location !== undefined) set.location = patch.location || null;
  if (patch.mapLicense !== undefined) set.map_license = patch.mapLicense || null;
  if (patch.locationLonLat !== undefined)
    set.location_lon_lat = patch.locationLonLat
      ? sql`ST_SetSRID(ST_MakePoint(${patch.locationLonLat[0]}, ${patch.locationLonLat[1]}), 4326)`
      : null;
  await trx.updateTable('tenants').set(set).where('id', '=', tenantId).execute();
}

const logoColumn = { logo: 'logo', smallLogo: 'small_logo' } as const;

export async function updateLogoColumn(trx: Trx, tenantId: string, kind: LogoKind, url: string | null) {
  await trx
    .updateTable('tenants')
    .set({ [logoColumn[kind]]: url })
    .where('id', '=', tenantId)
    .execute();
}

/** Every flag of the catalogue with the council's stored value, if any (row-level security). */
export function listFeatureRows(trx: Trx) {
  return trx
    .selectFrom('app_features')
    .leftJoin('app_feature_flags', 'app_feature_flags.feature_id', 'app_features.id')
    .select(['app_features.name', 'app_feature_flags.value'])
    .execute();
}

export async function deletePageMaintenanceExcept(trx: Trx, keep: string[]) {
  let query = trx.deleteFrom('page_maintenance');
  if (keep.length > 0) query = query.where('route', 'not in', keep);
  await query.execute();
}
