import type { ColumnType, Generated } from 'kysely';
import type { AuditTables } from './schema.audit';
import type { ConfigDocumentTables } from './schema.configs';
import type { AdminUserTables } from './schema.admin-users';
import type { CouncilSettingsTables } from './schema.council-settings';
import type { AdminContentTables } from './schema.admin-content';
import type { RepresentationTables } from './schema.representations';
import type { DocumentTables } from './schema.documents';
import type { RetentionTables } from './schema.retention';
import type { DataProtectionTables } from './schema.data-protection';
import type { CfsTables } from './schema.cfs';

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
  base_maps: ColumnType<Record<string, unknown>, string | undefined, string>;
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

export type UsersTable = {
  id: Generated<string>;
  tenant_id: string;
  email: string;
  name: string;
  phone: string | null;
  password_hash: string | null;
  provider: 'firebase-auth' | 'azure' | 'saml-sso';
  kind: 'staff' | 'public';
  email_verified_at: Date | null;
  about: Json<Record<string, unknown>>;
  meta: Json<Record<string, unknown>>;
  disabled_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type RolesTable = {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  description: string | null;
  created_at: CreatedAt;
};

export type RoleGrantsTable = {
  tenant_id: string;
  role_id: string;
  unit: string;
  action: string;
};

export type UserRolesTable = {
  tenant_id: string;
  user_id: string;
  role_id: string;
};

export type SessionRevokeReason = 'sign-out' | 'sign-out-everywhere' | 'password-changed' | 'admin';

export type SessionsTable = {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  token_hash: string;
  csrf_token: string;
  provider: string;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, never, Date>;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: SessionRevokeReason | null;
  ip: string | null;
  user_agent: string | null;
};

export type AuthTokenPurpose = 'verify-email' | 'reset-password' | 'invite';

export type AuthTokensTable = {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  purpose: AuthTokenPurpose;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
};

export type AuthProvidersTable = {
  tenant_id: string;
  provider: 'firebase-auth' | 'azure' | 'saml-sso';
  enabled: boolean;
  label: string;
  settings: Json<Record<string, unknown>>;
};

export type SiteFieldsTable = {
  tenant_id: string;
  name: string;
  label: string;
  field_type: string;
  unit: string | null;
  decimals: number | null;
  min: number | null;
  max: number | null;
  options: Json<string[]> | null;
  storage: 'column' | 'attribute';
  filterable: boolean;
  sortable: boolean;
  position: number;
};

export type ScenariosTable = {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  is_default: boolean;
};

export type SitesTable = {
  id: ColumnType<string, never, never>;
  tenant_id: string;
  id_unique: string;
  scenario_name: Generated<string>;
  site_name: string | null;
  helaa_reference: string | null;
  /** numeric: read as a string by the drivers, written as a number. */
  size_ha: ColumnType<string | null, number | null, number | null>;
  suitable_area: ColumnType<string | null, number | null, number | null>;
  optimised_unit_capacity: number | null;
  suitability_assessment_result: string | null;
  accessibility_band: string | null;
  availability_time_period: string | null;
  neighbourhood_area_name: string | null;
  ward: string | null;
  parish: string | null;
  status: string | null;
  /** jsonb: written as JSON text, with a default of {}. */
  attributes: ColumnType<Record<string, unknown>, string | undefined, string>;
  geom: ColumnType<unknown, unknown, unknown>;
  geom_cut: ColumnType<unknown, unknown, unknown> | null;
  /** Kept by a trigger from geom. */
  geom_3857: ColumnType<unknown, never, never>;
  /** A point on the site, kept by the same trigger; low-zoom tiles cluster these. */
  point_3857: ColumnType<unknown, never, never>;
  children_data: ColumnType<unknown[], string | undefined, string>;
  public_map_visibility: Generated<boolean>;
  is_deleted: Generated<boolean>;
  /** Bumped by a trigger on every update; an edit names the version it was made on. */
  version: ColumnType<number, never, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** Spec 01 §3 History item (migration 0014); a note is a NOTE item. */
export type SiteHistoryTable = {
  id: ColumnType<string, never, never>;
  tenant_id: string;
  site_id: string;
  type: 'NOTE' | 'FILE' | 'EDIT';
  user_id: string | null;
  user_name: string;
  content: string | null;
  edit_field: string | null;
  edit_label: string | null;
  edit_old: string | null;
  edit_new: string | null;
  override_reason: string | null;
  file_name: string | null;
  action_type: string | null;
  created_at: CreatedAt;
  edited_at: ColumnType<Date | null, never, Date | null>;
};

/** An officer's value in place of a calculated one (issue 11 point 2). */
export type SiteOverridesTable = {
  tenant_id: string;
  site_id: string;
  field: string;
  computed_value: Json<unknown>;
  value: Json<unknown>;
  reason: string;
  user_id: string | null;
  user_name: string;
  created_at: CreatedAt;
};

/** Spec 01 §3 Related site. */
export type SiteRelationsTable = {
  tenant_id: string;
  site_id: string;
  related_site_id: string;
  is_primary: Generated<boolean>;
  comment: string | null;
};

/** Spec 01 §3 Site list (migration 0015). */
export type SiteListsTable = {
  id: Generated<string>;
  tenant_id: string;
  list_name: string;
  created_by: string | null;
  scenario_name: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type SiteListSitesTable = {
  tenant_id: string;
  list_id: string;
  site_id: string;
  added_at: CreatedAt;
};

/** A narrow copy of the filterable site columns, kept by triggers on `sites` (migration 0010). */
export type SiteSearchRowsTable = Pick<
  SitesTable,
  | 'tenant_id'
  | 'scenario_name'
  | 'is_deleted'
  | 'size_ha'
  | 'suitable_area'
  | 'optimised_unit_capacity'
  | 'suitability_assessment_result'
  | 'accessibility_band'
  | 'availability_time_period'
  | 'neighbourhood_area_name'
  | 'ward'
  | 'parish'
  | 'status'
  | 'public_map_visibility'
> & {
  site_id: ColumnType<string, never, never>;
  /** The site's cell on the z11 overview grid (tiles.cells.ts), kept by the same triggers. */
  cell_x: ColumnType<number, never, never>;
  cell_y: ColumnType<number, never, never>;
};

export type TagsTable = {
  id: Generated<string>;
  tenant_id: string;
  tag_name: string;
  color: string | null;
};

export type SiteTagsTable = {
  tenant_id: string;
  site_id: string;
  tag_id: string;
};

export type SiteDataVersionsTable = { tenant_id: string; version: ColumnType<string, never, never> };

export type BoundariesTable = {
  id: Generated<string>;
  tenant_id: string;
  kind: 'district' | 'ward' | 'parish' | 'neighbourhood';
  name: string;
  geom: ColumnType<unknown, unknown, unknown>;
};

export type SiteSearchTemplatesTable = {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  filters: Json<unknown>;
  created_by: string;
  shared: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** Config documents (spec 03 §3.1–3.4); migration 0027 added the meta. See schema.configs.ts. */
export type ConfigsTable = {
  id: Generated<string>;
  tenant_id: string;
  config_type: string;
  label: string;
  config: Json<unknown>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  store: Generated<'configs' | 'immutable_configs' | 'mutable_configs'>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  optional_data: Json<Record<string, unknown> | null> | null;
  created_by: string | null;
  updated_by: string | null;
  deleted_at: Date | null;
  deleted_by: string | null;
  app_feature: string | null;
  assignment: ColumnType<string | null, string | null | undefined, string | null>;
  template_id: string | null;
  version: Generated<number>;
};

/** Tables of issues 1–15; later areas keep their tables in schema.<area>.ts (one file per owner). */
type CoreTables = {
  tenants: TenantsTable;
  applications: ApplicationsTable;
  app_features: AppFeaturesTable;
  app_feature_flags: AppFeatureFlagsTable;
  page_maintenance: PageMaintenanceTable;
  users: UsersTable;
  roles: RolesTable;
  role_grants: RoleGrantsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  auth_providers: AuthProvidersTable;
  site_fields: SiteFieldsTable;
  scenarios: ScenariosTable;
  sites: SitesTable;
  site_search_rows: SiteSearchRowsTable;
  tags: TagsTable;
  site_tags: SiteTagsTable;
  site_data_versions: SiteDataVersionsTable;
  boundaries: BoundariesTable;
  site_search_templates: SiteSearchTemplatesTable;
  configs: ConfigsTable;
  site_history: SiteHistoryTable;
  site_overrides: SiteOverridesTable;
  site_relations: SiteRelationsTable;
  site_lists: SiteListsTable;
  site_list_sites: SiteListSitesTable;
  jobs: JobsTable;
  notifications: NotificationsTable;
  files: FilesTable;
  layer_themes: LayerThemesTable;
  layers: LayersTable;
  layer_features: LayerFeaturesTable;
  site_layer_overlaps: SiteLayerOverlapsTable;
  api_keys: ApiKeysTable;
};

/** Every table the server reads, by area (issue 16's areas each own a file). */
export type Database = CoreTables &
  AuditTables &
  ConfigDocumentTables &
  AdminUserTables &
  CouncilSettingsTables &
  AdminContentTables &
  RepresentationTables &
  DocumentTables &
  RetentionTables &
  DataProtectionTables &
  CfsTables;

export type JobsTable = {
  id: Generated<string>;
  tenant_id: string;
  user_id: string | null;
  queue: Generated<string>;
  kind: string;
  payload: Json<unknown>;
  status: Generated<'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: ColumnType<Date, string | Date | undefined, string | Date>;
  locked_by: string | null;
  locked_until: ColumnType<Date | null, string | Date | null | undefined, string | Date | null>;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  cancel_requested: Generated<boolean>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
  notification_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  finished_at: ColumnType<Date | null, never, string | Date | null>;
};

export type NotificationsTable = {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  status: string;
  label: string;
  message: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  completed: Generated<number>;
  completed_out_of: Generated<number>;
  job_id: string | null;
  viewed: Generated<boolean>;
  archived: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type FilesTable = {
  id: Generated<string>;
  tenant_id: string;
  /** bigint, read as text. */
  site_id: string | null;
  bucket: string;
  home_bucket: Generated<string>;
  key: string;
  orig_name: string;
  name: string;
  content_type: string;
  /** bigint, read as text. */
  size: ColumnType<string, number, number>;
  scan_status: Generated<'unscanned' | 'clean' | 'quarantined' | 'fail'>;
  scan_detail: string | null;
  scanned_at: ColumnType<Date | null, never, string | Date | null>;
  description: string | null;
  uploaded_by: string | null;
  uploaded_by_name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: ColumnType<Date | null, never, string | Date | null>;
};

export type LayerThemesTable = {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  category: string | null;
  description: string | null;
  order_index: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type LayerGeometryType = 'polygon' | 'line' | 'point' | 'mixed';

export type LayersTable = {
  id: Generated<string>;
  tenant_id: string;
  layer_name: string;
  title: string;
  theme_id: string | null;
  category: string | null;
  default_description: string | null;
  placemaker_description: string | null;
  public_web_map_description: string | null;
  placemaker_visibility: Generated<boolean>;
  public_webmap_visibility: Generated<boolean>;
  add_on_map: Generated<boolean>;
  z_index: Generated<number>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  geometry_type: Generated<LayerGeometryType>;
  style: ColumnType<Record<string, unknown>, string | undefined, string>;
  fields: ColumnType<Array<{ name: string; type: string; label?: string }>, string | undefined, string>;
  feature_count: Generated<number>;
  /** EPSG:27700 polygon; write it with SQL (ST_Envelope, ST_Extent). */
  extent: ColumnType<unknown, never, unknown>;
  source: ColumnType<Record<string, unknown>, string | undefined, string>;
  version: Generated<number>;
  /** Place search (0050): the property holding each feature's name or postcode, and which. */
  place_field: ColumnType<string | null, string | null | undefined, string | null>;
  place_kind: ColumnType<
    'name' | 'postcode' | null,
    'name' | 'postcode' | null | undefined,
    'name' | 'postcode' | null
  >;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type LayerFeaturesTable = {
  id: ColumnType<string, never, never>;
  tenant_id: string;
  layer_id: string;
  source_id: string | null;
  properties: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** EPSG:27700; written with SQL (ST_GeomFromGeoJSON, ST_Transform, ST_MakeValid). */
  geom: ColumnType<unknown, unknown, unknown>;
  /** Kept by a trigger from geom. */
  geom_3857: ColumnType<unknown, never, never>;
  /** Kept by triggers from the layer's place search setting (0050): the name and its key. */
  place_name: ColumnType<string | null, never, never>;
  place_key: ColumnType<string | null, never, never>;
};

export type SiteLayerOverlapsTable = {
  tenant_id: string;
  site_id: string;
  layer_id: string;
  overlap_area_m2: number;
  overlap_percent: number;
};

export type ApiKeysTable = {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  name: string;
  prefix: string;
  /** SHA-256 of the whole key, hex. */
  key_hash: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
};
