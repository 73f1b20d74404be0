-- The OGC API pages a council's live sites by id, after the previous page's last one (keyset,
-- issue 25 point 4): one range of this index per page, however many other councils' sites lie
-- between, and no sort.
create index sites_tenant_live_id on sites (tenant_id, scenario_name, id) where not is_deleted;
