-- Geodata layers (spec 03 §3.6 Map layer, spec 01 §3 Layer definition): each council's constraint
-- layers (flood zones, green belt, conservation areas ...), imported from GIS files.
-- One features table for every layer (decision 0010): one set of row-level security policies,
-- indexes and migrations, and a layer is a value, not a table made at run time.
create table layer_themes (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  name text not null check (length(name) between 1 and 200),
  category text check (length(category) <= 200),
  description text check (length(description) <= 4000),
  order_index integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, id)
);
create unique index layer_themes_name on layer_themes (tenant_id, lower(name));
create trigger layer_themes_updated_at before update on layer_themes for each row execute function touch_updated_at();
select enable_tenant_isolation('layer_themes');
grant select, insert, update, delete on layer_themes to planning_app;

create table layers (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  -- layerName: the machine name (lower case, digits, underscores), unique in the council.
  layer_name text not null check (layer_name ~ '^[a-z][a-z0-9_]{0,62}$'),
  title text not null check (length(title) between 1 and 200),
  theme_id uuid,
  category text check (length(category) <= 200),
  default_description text check (length(default_description) <= 4000),
  placemaker_description text check (length(placemaker_description) <= 4000),
  public_web_map_description text check (length(public_web_map_description) <= 4000),
  placemaker_visibility boolean not null default true,
  public_webmap_visibility boolean not null default false,
  add_on_map boolean not null default false,
  z_index integer not null default 0,
  tags text[] not null default '{}',
  -- 'polygon', 'line' or 'point' (the default style follows it), or 'mixed'.
  geometry_type text not null default 'polygon' check (geometry_type in ('polygon', 'line', 'point', 'mixed')),
  -- mbstyle: MapLibre paint and layout (and an optional filter expression) for the layer.
  style jsonb not null default '{}',
  -- The attribute columns as imported: [{ name, type ('string'|'number'|'integer'|'boolean'|'date'), label }].
  fields jsonb not null default '[]',
  feature_count integer not null default 0,
  -- Extent in EPSG:27700 (null while empty).
  extent geometry(Polygon, 27700),
  -- Where the features came from: the uploaded file's name, its layer in that file, its projection.
  source jsonb not null default '{}',
  -- Bumped on every change of the features or the style: tile caches are keyed by it.
  version integer not null default 1,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, id),
  foreign key (tenant_id, theme_id) references layer_themes (tenant_id, id) on delete set null (theme_id)
);
create unique index layers_name on layers (tenant_id, layer_name);
create trigger layers_updated_at before update on layers for each row execute function touch_updated_at();
select enable_tenant_isolation('layers');
grant select, insert, update, delete on layers to planning_app;

create table layer_features (
  id bigint generated always as identity primary key,
  tenant_id uuid not null,
  layer_id uuid not null,
  -- The feature's id in its source file (an FID or an id attribute), when it had one.
  source_id text,
  properties jsonb not null default '{}',
  geom geometry(Geometry, 27700) not null,
  -- Kept by the trigger below, for tiles (the costly 27700 -> 3857 transform done once).
  geom_3857 geometry(Geometry, 3857) not null,
  foreign key (tenant_id, layer_id) references layers (tenant_id, id) on delete cascade
);
create function layer_features_geom_3857() returns trigger
  language plpgsql
  as $$
begin
  new.geom_3857 := ST_Transform(new.geom, 3857);
  return new;
end
$$;
create trigger layer_features_geom_3857 before insert or update of geom on layer_features
  for each row execute function layer_features_geom_3857();
create index layer_features_layer on layer_features (layer_id);
create index layer_features_geom on layer_features using gist (geom);
create index layer_features_geom_3857 on layer_features using gist (geom_3857);
select enable_tenant_isolation('layer_features');
grant select, insert, update, delete on layer_features to planning_app;
