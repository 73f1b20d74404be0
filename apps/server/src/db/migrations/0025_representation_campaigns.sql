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
