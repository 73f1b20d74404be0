-- A council's own base maps (OS, satellite imagery, terrain): tile address templates with their
-- keys. The browser never sees them: our server fetches the tiles (modules/basemaps).
alter table tenants add column base_maps jsonb not null default '{}';
