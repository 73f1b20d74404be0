import type { ColumnType, Generated } from 'kysely';

/** jsonb columns: objects go in as JSON text and come back parsed. */
type Json<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, string | Date>;

export type TenantsTable = {
  id: Generated<string>;
  name: string;
  short_name: string;
  raw_name: string;
  logo: string | null;
  small_logo: string | null;
  logos: Json<Record<string, string>>;
  main_color: string;
  theme: Json<{ mode: 'light' | 'dark'; headerColor?: string }>;
  admin_role_id: string | null;
  emails: Json<{ noReply?: string; forReply?: string; forDeletionReq?: string }>;
  social_links: Json<Record<string, string>>;
  location: string | null;
  /** geometry(Point, 4326): read with ST_X / ST_Y, written with ST_MakePoint. */
  location_lon_lat: ColumnType<unknown, unknown, unknown> | null;
  map_license: string | null;
  main_schema: string | null;
  global_maintenance_active: Generated<boolean>;
  global_maintenance_until: Date | null;
  global_maintenance_message: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type ApplicationsTable = {
  id: Generated<number>;
  name: string;
};

export type AppFeaturesTable = {
  id: Generated<number>;
  application_id: number;
  name: string;
  label: string;
  default_value: boolean;
};

export type AppFeatureFlagsTable = {
  tenant_id: string;
  feature_id: number;
  value: boolean;
  updated_at: UpdatedAt;
};

export type PageMaintenanceTable = {
  tenant_id: string;
  route: string;
  maintenance_active: boolean;
  maintenance_active_until: Date | null;
};

export type Database = {
  tenants: TenantsTable;
  applications: ApplicationsTable;
  app_features: AppFeaturesTable;
  app_feature_flags: AppFeatureFlagsTable;
  page_maintenance: PageMaintenanceTable;
};
