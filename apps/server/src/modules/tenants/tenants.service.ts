import type { Kysely } from 'kysely';
import {
  baseMapLayers,
  baseMapsConfigSchema,
  type BaseMapInfo,
  isMaintenanceActive,
  newTenantSchema,
  withDefaultFlags,
  type CurrentTenant,
  type NewTenant,
  type TenantData,
  type TenantSummary,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { setTransactionTenant, withTenant } from '../../db/tenant-transaction';
import {
  findTenantRow,
  insertTenant,
  listFlagValues,
  listPageMaintenance,
  listTenantSummaries,
  upsertFlag,
  type TenantRow,
} from './tenants.queries';

export async function listTenants(db: Kysely<Database>): Promise<TenantSummary[]> {
  const rows = await listTenantSummaries(db);
  return rows.map((row) => ({
    name: row.name,
    shortName: row.short_name,
    rawName: row.raw_name,
    logo: row.logo,
    smallLogo: row.small_logo,
    mainColor: row.main_color,
  }));
}

/** The resolved tenant with its flags (defaults filled in) and maintenance evaluated at `now`. */
export async function getCurrentTenant(
  db: Kysely<Database>,
  tenantId: string,
  now: Date = new Date(),
): Promise<CurrentTenant | undefined> {
  return withTenant(db, tenantId, async (trx) => {
    const row = await findTenantRow(trx, tenantId);
    if (!row) return undefined;
    const flagRows = await listFlagValues(trx);
    const pageRows = await listPageMaintenance(trx);
    const global = {
      active: row.global_maintenance_active,
      until: row.global_maintenance_until?.toISOString() ?? null,
      message: row.global_maintenance_message,
    };
    return {
      tenant: presentTenant(row),
      flags: withDefaultFlags(Object.fromEntries(flagRows.map((flag) => [flag.name, flag.value]))),
      maintenance: {
        global: { ...global, inEffect: isMaintenanceActive(global, now) },
        pages: pageRows.map((page) => {
          const until = page.maintenance_active_until?.toISOString() ?? null;
          return {
            route: page.route,
            maintenanceActive: page.maintenance_active,
            maintenanceActiveUntil: until,
            inEffect: isMaintenanceActive({ active: page.maintenance_active, until }, now),
          };
        }),
      },
    };
  });
}

/** Allow-list of what leaves the server about a tenant: a new column never leaks by accident. */
function presentTenant(row: TenantRow): TenantData {
  return {
    id: row.id,
    name: row.name,
    shortName: row.short_name,
    rawName: row.raw_name,
    logo: row.logo,
    smallLogo: row.small_logo,
    logos: row.logos,
    mainColor: row.main_color,
    theme: row.theme,
    adminRoleId: row.admin_role_id,
    email: row.emails,
    social: row.social_links,
    location: row.location,
    locationLonLat: row.lon !== null && row.lat !== null ? [row.lon, row.lat] : null,
    mapLicense: row.map_license,
    mainSchema: row.main_schema,
    baseMaps: baseMapInfo(row.base_maps),
  };
}

/** The base maps a council has, without their addresses (which may carry keys). */
function baseMapInfo(stored: unknown): BaseMapInfo[] {
  const parsed = baseMapsConfigSchema.safeParse(stored);
  if (!parsed.success) return [];
  return baseMapLayers.flatMap((layer) => {
    const source = parsed.data[layer];
    if (!source) return [];
    const info: BaseMapInfo = {
      layer,
      tileSize: source.tileSize,
      maxZoom: source.maxZoom,
      attribution: source.attribution,
    };
    if (source.encoding) info.encoding = source.encoding;
    return [info];
  });
}

/** Creates a tenant and its flags in one transaction, so a half-made tenant never exists. */
export async function createTenant(db: Kysely<Database>, input: NewTenant): Promise<string> {
  const tenant = newTenantSchema.parse(input);
  return db.transaction().execute(async (outer) => {
    const id = await insertTenant(outer, tenant);
    await setTransactionTenant(outer, id);
    for (const [feature, value] of Object.entries(tenant.flags)) {
      await upsertFlag(outer, id, feature, value);
    }
    return id;
  });
}
