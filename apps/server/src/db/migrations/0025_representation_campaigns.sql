-- Issue 15: campaign letters (near-duplicates within one event) shown and filtered in the
-- representations table. `campaign_id` is the group's exemplar (a representation of the group),
-- `campaign_size` how many live representations the group holds; both null outside any group.
-- They are worked out again for the event after its letters change (representations.campaigns).
alter table representations add column campaign_id uuid;
alter table representations add column campaign_size integer check (campaign_size > 1);

-- Working out the campaigns again is not a change to a letter: an update of the campaign columns
-- alone keeps `updated_at` (the table's "Updated" column), every other update sets it as before.
-- The application never sets the campaign columns together with any other column.
create or replace function touch_representation_updated_at() returns trigger
  language plpgsql
  as $$
begin
  if (new.campaign_id, new.campaign_size) is distinct from (old.campaign_id, old.campaign_size) then
    return new;
  end if;
  new.updated_at := now();
  return new;
end
$$;
drop trigger representations_updated_at on representations;
create trigger representations_updated_at before update on representations
  for each row execute function touch_representation_updated_at();

-- A contact's representations are those it made and those it wrote as an agent (the contacts
-- table's count, and the refusal to delete an agent still named on one).
create index representations_agent on representations (agent_contact_id) where deleted_at is null;
-- The Campaign badge lists its group's letters (representations table filter campaign_id).
create index representations_campaign on representations (campaign_id) where deleted_at is null;

-- The representations table's search box reads the full-text index on plain_text (0024). Under
-- row-level security the planner uses an index only for LEAKPROOF functions (0006 says why), and
-- neither to_tsvector nor @@ is marked so: every search read and parsed every letter of the
-- council (1 s for 5,000 letters; 55 ms with the index, bench/representations.ts). Both read only
-- their arguments; to_tsvector fails only on a text over 1 MB of lexemes, which the 200,000
-- character limit on plain_text rules out. Needs a superuser; elsewhere it says so and searches
-- stay correct, only slower.
do $$
begin
  if (select rolsuper from pg_roles where rolname = current_user) then
    alter function to_tsvector(regconfig, text) leakproof;
    alter function ts_match_vq(tsvector, tsquery) leakproof;
  else
    raise notice 'Not a superuser: the representations search reads every letter under row-level security (slower searches)';
  end if;
end
$$;

-- The table's queries count and sort a council's letters by their small columns (status,
-- attitude, dates, references), yet each row also holds the letter three times over and its
-- editor document: about 5 kB, four rows to a page, so every count read the letters as well.
-- With the long values kept out of line (TOAST) from 128 bytes, a page holds some fifty rows and
-- a count over 100,000 letters reads ~4,000 pages instead of ~25,000 (bench/representations.ts).
alter table representations set (toast_tuple_target = 128);

-- The table's default page: a council's live letters, newest first (received date, then reference).
create index representations_received on representations (tenant_id, received_date desc nulls last, reference desc)
  where deleted_at is null;
