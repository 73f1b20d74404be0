-- Issue 16 point 3: the admin area's content. Events gain start and end times and the features
-- they run (spec 03 §3.4 Event), the council's published texts (privacy policies, terms of use),
-- its default site page layout, and the redactions of residents' free-text answers.

-- Spec 03 §3.4 "start_date_time, end_date_time". Issue 15 keeps dates (`starts_on`, `ends_on`: the
-- representation manager, the statement and the published record read them), so the times are
-- added beside them and a trigger keeps both in step: a row written with dates only (issue 15's
-- form) starts at the start of its first day and ends at the end of its last day in England; a
-- row written with times gets the days they fall on. The end is exclusive.
alter table consultation_events add column starts_at timestamptz, add column ends_at timestamptz;
update consultation_events set
  starts_at = starts_on::timestamp at time zone 'Europe/London',
  ends_at = (ends_on + 1)::timestamp at time zone 'Europe/London';
alter table consultation_events
  alter column starts_at set not null,
  alter column ends_at set not null,
  add constraint consultation_events_times check (ends_at > starts_at);

create function consultation_events_times() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.starts_at is null then
      new.starts_at := new.starts_on::timestamp at time zone 'Europe/London';
    end if;
    if new.ends_at is null then
      new.ends_at := (new.ends_on + 1)::timestamp at time zone 'Europe/London';
    end if;
  else
    if new.starts_at is distinct from old.starts_at then
      null;
    elsif new.starts_on is distinct from old.starts_on then
      new.starts_at := new.starts_on::timestamp at time zone 'Europe/London';
    end if;
    if new.ends_at is distinct from old.ends_at then
      null;
    elsif new.ends_on is distinct from old.ends_on then
      new.ends_at := (new.ends_on + 1)::timestamp at time zone 'Europe/London';
    end if;
  end if;
  -- The days follow the times: the last day is the one holding the last moment before the end.
  new.starts_on := (new.starts_at at time zone 'Europe/London')::date;
  new.ends_on := greatest(new.starts_on, ((new.ends_at - interval '1 microsecond') at time zone 'Europe/London')::date);
  return new;
end
$$;
create trigger consultation_events_times before insert or update on consultation_events
  for each row execute function consultation_events_times();
create index consultation_events_times on consultation_events (tenant_id, starts_at, ends_at);

-- Spec 03 §3.4 Event "features_enabled (feature_id, config_id)": one row per feature an event
-- runs, with the config document it runs from (checked by the server to be the council's own and
-- of the feature's type).
create table event_features (
  tenant_id uuid not null references tenants (id),
  event_id uuid not null,
  feature text not null check (length(feature) between 1 and 64),
  config_id uuid not null references configs (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (event_id, feature),
  foreign key (tenant_id, event_id) references consultation_events (tenant_id, id) on delete cascade
);
create index event_features_config on event_features (config_id);
select enable_tenant_isolation('event_features');
grant select, insert, delete on event_features to planning_app;

-- The council's privacy policies (one per application) and terms of use: sanitised HTML.
create table council_policies (
  tenant_id uuid not null references tenants (id),
  kind text not null check (kind in ('consultations-privacy', 'cfs-privacy', 'terms')),
  html text not null check (length(html) <= 200000),
  updated_by uuid,
  updated_by_name text check (length(updated_by_name) <= 200),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, kind)
);
select enable_tenant_isolation('council_policies');
grant select, insert, update on council_policies to planning_app;

-- The council's default site page layout (per breakpoint): used by anyone without a layout of their own.
create table council_site_layouts (
  tenant_id uuid primary key references tenants (id),
  layouts jsonb not null,
  updated_by uuid,
  updated_by_name text check (length(updated_by_name) <= 200),
  updated_at timestamptz not null default now()
);
select enable_tenant_isolation('council_site_layouts');
grant select, insert, update, delete on council_site_layouts to planning_app;

-- A redaction of one free-text field of an answer. `original_text` is the text it was made for:
-- when the resident changes their answer the redaction no longer applies (the new text is shown to
-- the administrator again) rather than hiding the wrong words.
create table answer_redactions (
  tenant_id uuid not null references tenants (id),
  answer_id uuid not null references document_answers (id) on delete cascade,
  field text not null check (field in ('answer', 'conditional', 'siteComment')),
  original_text text not null check (length(original_text) <= 20000),
  redacted_text text not null check (length(redacted_text) <= 40000),
  spans jsonb not null,
  redacted_by uuid,
  redacted_by_name text check (length(redacted_by_name) <= 200),
  redacted_at timestamptz not null default now(),
  primary key (answer_id, field)
);
select enable_tenant_isolation('answer_redactions');
grant select, insert, update, delete on answer_redactions to planning_app;

-- The answers as every reader but their author gets them: each free-text field replaced by its
-- redacted text while the redaction still matches. security_invoker: the tables' row-level
-- security applies to the reader, as if the tables were read directly.
create view readable_document_answers with (security_invoker = true) as
select a.id, a.tenant_id, a.response_id, a.question_id, a.question_type,
  case when ra.redacted_text is not null and a.question_type = 'textQuestion'
    and jsonb_typeof(a.value) = 'string' and a.value #>> '{}' = ra.original_text
    then to_jsonb(ra.redacted_text) else a.value end as value,
  case when rc.original_text = a.conditional then rc.redacted_text else a.conditional end as conditional,
  a.related_site_id, a.related_site_name,
  case when rs.original_text = a.related_site_comment then rs.redacted_text else a.related_site_comment end
    as related_site_comment,
  a.created_at, a.updated_at, a.deleted_at
from document_answers a
  left join answer_redactions ra on ra.answer_id = a.id and ra.field = 'answer'
  left join answer_redactions rc on rc.answer_id = a.id and rc.field = 'conditional'
  left join answer_redactions rs on rs.answer_id = a.id and rs.field = 'siteComment';
grant select on readable_document_answers to planning_app;
