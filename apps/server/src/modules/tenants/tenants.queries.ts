import { sql, type Kysely, type Transaction } from 'kysely';
import { featureFlagCatalogue, type FeatureFlagName } from '@planning/shared';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export function findTenantByName(db: Db, name: string) {
  return db.selectFrom('tenants').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
}

export function listTenantSummaries(db: Db) {
  return db
    .selectFrom('tenants')
    .select(['name', 'short_name', 'raw_name', 'logo', 'small_logo', 'main_color'])
    .orderBy('raw_name')
    .execute();
}

export function findTenantRow(db: Db, id: string) {
  return db
    .selectFrom('tenants')
    .selectAll()
    .select([
      sql<number | null>`ST_X(location_lon_lat)`.as('lon'),
      sql<number | null>`ST_Y(location_lon_lat)`.as('lat'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type TenantRow = NonNullable<Awaited<ReturnType<typeof findTenantRow>>>;

/** Stored flag values by feature name; row-level security limits them to the transaction's tenant. */
export function listFlagValues(trx: Transaction<Database>) {
  return trx
    .selectFrom('app_feature_flags')
    .innerJoin('app_features', 'app_features.id', 'app_feature_flags.feature_id')
    .select(['app_features.name', 'app_feature_flags.value'])
    .execute();
}

/** One flag of the transaction's council: its stored value, else the catalogue's default. */
export async function isFlagOn(trx: Transaction<Database>, name: FeatureFlagName): Promise<boolean> {
  const row = await trx
    .selectFrom('app_feature_flags')
    .innerJoin('app_features', 'app_features.id', 'app_feature_flags.feature_id')
    .select('app_feature_flags.value')
    .where('app_features.name', '=', name)
    .executeTakeFirst();
  return row?.value ?? featureFlagCatalogue[name].defaultValue;
}

export function listPageMaintenance(trx: Transaction<Database>) {
  return trx
    .selectFrom('page_maintenance')
    .select(['route', 'maintenance_active', 'maintenance_active_until'])
    .orderBy('route')
    .execute();
}

export type NewTenantRow = {
  name: string;
  shortName: string;
  rawName: string;
  logo: string | null;
  smallLogo: string | null;
  logos: Record<string, string>;
  mainColor: string;
  theme: { mode: 'light' | 'dark'; headerColor?: string };
  email: Record<string, string>;
  social: Record<string, string>;
  location: string | null;
  locationLonLat: [number, number] | null;
  mapLicense: string | null;
  mainSchema: string | null;
  baseMaps: Record<string, unknown>;
};

export async function insertTenant(db: Db, tenant: NewTenantRow): Promise<string> {
  const point = tenant.locationLonLat
    ? sql`ST_SetSRID(ST_MakePoint(${tenant.locationLonLat[0]}, ${tenant.locationLonLat[1]}), 4326)`
    : null;
  const row = await db
    .insertInto('tenants')
    .values({
      name: tenant.name,
      short_name: tenant.shortName,
      raw_name: tenant.rawName,
      logo: tenant.logo,
      small_logo: tenant.smallLogo,
      logos: JSON.stringify(tenant.logos),
      main_color: tenant.mainColor,
      theme: JSON.stringify(tenant.theme),
      emails: JSON.stringify(tenant.email),
      social_links: JSON.stringify(tenant.social),
      location: tenant.location,
      location_lon_lat: point,
      map_license: tenant.mapLicense,
      base_maps: JSON.stringify(tenant.baseMaps),
      main_schema: tenant.mainSchema,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function upsertFlag(
  trx: Transaction<Database>,
  tenantId: string,
  feature: string,
  value: boolean,
) {
  await trx
    .insertInto('app_feature_flags')
    .values({
      tenant_id: tenantId,
      feature_id: trx.selectFrom('app_features').select('id').where('name', '=', feature),
      value,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'feature_id']).doUpdateSet({ value }))
    .execute();
}

export async function upsertPageMaintenance(
  trx: Transaction<Database>,
  tenantId: string,
  entry: { route: string; active: boolean; until: Date | null },
) {
  await trx
    .insertInto('page_maintenance')
    .values({
      tenant_id: tenantId,
      route: entry.route,
      maintenance_active: entry.active,
      maintenance_active_until: entry.until,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'route']).doUpdateSet({
        maintenance_active: entry.active,
        maintenance_active_until: entry.until,
      }),
    )
    .execute();
}

export async function updateGlobalMaintenance(
  trx: Transaction<Database>,
  tenantId: string,
  maintenance: { active: boolean; until: Date | null; message: string | null },
) {
  await trx
    .updateTable('tenants')
    .set({
      global_maintenance_active: maintenance.active,
      global_maintenance_until: maintenance.until,
      global_maintenance_message: maintenance.message,
    })
    .where('id', '=', tenantId)
    .execute();
}

export async function updateAdminRole(trx: Transaction<Database>, tenantId: string, roleId: string | null) {
  await trx.updateTable('tenants').set({ admin_role_id: roleId }).where('id', '=', tenantId).execute();
}
