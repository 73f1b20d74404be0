import type { DataSubject, PersonalDataCategory } from '@planning/shared';

/**
 * Issue 26 point 7: every table of the schema, annotated once. A table either holds personal data
 * (which columns, whose, why, on what lawful basis, for how long) or says why it holds none.
 * `register.test.ts` fails when a migration adds a table or a column named here goes, so the
 * register cannot fall behind the schema. Subject access and erasure read the same annotations.
 */
export type TableAnnotation = {
  record: string;
  subjects: DataSubject[];
  fields: Record<string, PersonalDataCategory>;
  purpose: string;
  lawfulBasis: string;
  retention: string;
  /**
   * How a subject access request reaches the table's rows from rows it found before (tables are
   * searched in this file's order): this table's column → the found table ('users' means its id;
   * 'representation_attachments.file_id' that column).
   */
  refs?: Record<string, string>;
};

// A council processes personal data for its planning functions as a task in the public interest
// (UK GDPR article 6(1)(e); Planning and Compulsory Purchase Act 2004, Town and Country Planning
// (Local Planning) (England) Regulations 2012).
const PUBLIC_TASK = 'Public task (UK GDPR art. 6(1)(e)): plan-making under the Planning Acts';
const STAFF = 'Contract of employment and public task (art. 6(1)(b), 6(1)(e))';
const SECURITY = 'Legitimate interests in securing the service (art. 6(1)(f)) and public task';
const STAFF_NAME_ON_RECORD = {
  record: 'The member of staff who made or changed a record',
  subjects: ['staff'],
  purpose: 'Showing who did what, for accountability',
  lawfulBasis: STAFF,
  retention: 'As long as the record it is on',
} satisfies Omit<TableAnnotation, 'fields'>;

export const personalDataTables: Record<string, TableAnnotation> = {
  users: {
    record: 'Staff and resident accounts',
    subjects: ['staff', 'residents with a consultation account'],
    fields: {
      email: 'email address',
      name: 'name',
      phone: 'telephone number',
      password_hash: 'sign-in secret',
      about: 'free text that may name people',
      last_sign_in_at: 'network and device',
    },
    purpose: 'Signing in, taking part in consultations, contacting the account holder',
    lawfulBasis: `${PUBLIC_TASK}; staff: ${STAFF}`,
    retention: 'While the account is open; erased on request or when closed',
  },
  user_roles: {
    refs: { user_id: 'users' },
    record: "Staff members' roles",
    subjects: ['staff'],
    fields: { user_id: 'account link' },
    purpose: 'Deciding what each member of staff may see and change',
    lawfulBasis: STAFF,
    retention: 'While the account is open',
  },
  sessions: {
    refs: { user_id: 'users' },
    record: 'Signed-in sessions',
    subjects: ['staff', 'residents with a consultation account'],
    fields: { user_id: 'account link', ip: 'network and device', user_agent: 'network and device' },
    purpose: 'Keeping people signed in and ending sessions that should end',
    lawfulBasis: SECURITY,
    retention: 'Until the session ends or expires',
  },
  auth_tokens: {
    refs: { user_id: 'users' },
    record: 'Email verification and password reset links',
    subjects: ['staff', 'residents with a consultation account'],
    fields: { user_id: 'account link', token_hash: 'sign-in secret' },
    purpose: 'Verifying email addresses and resetting passwords',
    lawfulBasis: SECURITY,
    retention: 'Until used or expired',
  },
  auth_attempts: {
    record: 'Counts of failed sign-in attempts',
    subjects: ['staff', 'residents with a consultation account'],
    fields: { key: 'network and device' },
    purpose: 'Slowing down password guessing',
    lawfulBasis: SECURITY,
    retention: 'Until the count expires (minutes)',
  },
  api_keys: {
    refs: { user_id: 'users' },
    record: "Staff members' API keys",
    subjects: ['staff'],
    fields: { user_id: 'account link', name: 'free text that may name people' },
    purpose: 'Letting GIS software read the council’s sites',
    lawfulBasis: STAFF,
    retention: 'Until revoked or expired',
  },
  audit_log: {
    refs: { actor_user_id: 'users' },
    record: 'Audit log of changes',
    subjects: ['staff'],
    fields: {
      actor_user_id: 'account link',
      actor_email: 'email address',
      summary: 'free text that may name people',
      details: 'free text that may name people',
      ip: 'network and device',
      user_agent: 'network and device',
    },
    purpose: 'Accountability and security: who changed what and when',
    lawfulBasis: SECURITY,
    retention: 'Kept for the period the council sets for its audit log',
  },
  contacts: {
    record: 'Contacts: people who make representations, agents, organisations’ people',
    subjects: ['people who make representations', 'agents', 'organisations and their people'],
    fields: {
      title: 'name',
      first_name: 'name',
      last_name: 'name',
      name: 'name',
      job_title: 'free text that may name people',
      email: 'email address',
      phone_number: 'telephone number',
      address_line1: 'postal address',
      address_line2: 'postal address',
      town: 'postal address',
      postcode: 'postal address',
      custom: 'free text that may name people',
    },
    purpose: 'Recording who made a representation, acknowledging and notifying them',
    lawfulBasis: PUBLIC_TASK,
    retention: 'Until the plan is adopted and the period the council sets after it',
  },
  organisations: {
    record: 'Organisations that make representations',
    subjects: ['organisations and their people'],
    fields: {
      email: 'email address',
      phone_number: 'telephone number',
      address_line1: 'postal address',
      address_line2: 'postal address',
      postcode: 'postal address',
      custom: 'free text that may name people',
    },
    purpose: 'Recording who made a representation (a sole trader’s details are personal data)',
    lawfulBasis: PUBLIC_TASK,
    retention: 'Until the plan is adopted and the period the council sets after it',
  },
  organisation_agents: {
    refs: { contact_id: 'contacts' },
    record: 'Which agents act for which organisations',
    subjects: ['agents'],
    fields: { contact_id: 'account link' },
    purpose: 'Recording who acts for whom',
    lawfulBasis: PUBLIC_TASK,
    retention: 'As long as the organisation’s record',
  },
  representations: {
    refs: { contact_id: 'contacts', agent_contact_id: 'contacts' },
    record: 'Representations (letters, emails and forms) as received and as published',
    subjects: ['people who make representations', 'agents'],
    fields: {
      contact_id: 'account link',
      agent_contact_id: 'account link',
      original_text: 'free text that may name people',
      content: 'free text that may name people',
      plain_text: 'free text that may name people',
      public_text: 'free text that may name people',
      custom: 'free text that may name people',
      // Migration 0041: as the writer's form or letter says.
      notice_version: 'consent given',
      publish_name: 'consent given',
      contact_for_updates: 'consent given',
      consented_at: 'consent given',
    },
    purpose: 'Considering representations on the plan and reporting on them (Regulations 18, 19, 22)',
    lawfulBasis: PUBLIC_TASK,
    retention: 'Content kept as the consultation record; personal data until the period after adoption',
  },
  sub_representations: {
    refs: { representation_id: 'representations' },
    record: 'Parts of representations, by topic',
    subjects: ['people who make representations'],
    fields: {
      content: 'free text that may name people',
      plain_text: 'free text that may name people',
      public_text: 'free text that may name people',
      comment: 'free text that may name people',
    },
    purpose: 'Considering each point a representation makes',
    lawfulBasis: PUBLIC_TASK,
    retention: 'As long as the representation',
  },
  representation_events: {
    refs: { representation_id: 'representations', user_id: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { user_id: 'account link', user_name: 'name', detail: 'free text that may name people' },
  },
  representation_attachments: {
    refs: { representation_id: 'representations' },
    record: 'Files attached to representations',
    subjects: ['people who make representations'],
    fields: { file_id: 'files that may name people' },
    purpose: 'Keeping what was sent with a representation',
    lawfulBasis: PUBLIC_TASK,
    retention: 'As long as the representation',
  },
  consultation_responses: {
    refs: { representation_id: 'representations', created_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    record: "The council's responses to representations",
    fields: {
      text: 'free text that may name people',
      plain_text: 'free text that may name people',
      created_by: 'account link',
      created_by_name: 'name',
    },
  },
  document_responses: {
    refs: { user_id: 'users' },
    record: "Residents' responses to consultation documents",
    subjects: ['residents with a consultation account'],
    fields: {
      user_id: 'account link',
      // Migration 0041: the notice the resident saw and their choices on this document.
      notice_version: 'consent given',
      publish_name: 'consent given',
      contact_for_updates: 'consent given',
      consented_at: 'consent given',
    },
    purpose: 'Recording who answered a consultation document',
    lawfulBasis: PUBLIC_TASK,
    retention: 'Until the plan is adopted and the period the council sets after it',
  },
  document_answers: {
    refs: { response_id: 'document_responses' },
    record: "Residents' answers to a document's questions",
    subjects: ['residents with a consultation account'],
    fields: {
      value: 'free text that may name people',
      related_site_comment: 'free text that may name people',
    },
    purpose: 'Considering residents’ answers on the plan',
    lawfulBasis: PUBLIC_TASK,
    retention: 'Until the plan is adopted and the period the council sets after it',
  },
  answer_redactions: {
    refs: { answer_id: 'document_answers', redacted_by: 'users' },
    record: "Redactions of residents' free-text answers",
    subjects: ['residents with a consultation account', 'staff'],
    fields: {
      original_text: 'free text that may name people',
      redacted_by: 'account link',
      redacted_by_name: 'name',
    },
    purpose: 'Publishing answers without the personal data they hold',
    lawfulBasis: PUBLIC_TASK,
    retention: 'As long as the answer',
  },
  document_interactions: {
    refs: { user_id: 'users' },
    record: 'Who opened which consultation document',
    subjects: ['residents with a consultation account'],
    fields: { user_id: 'account link' },
    purpose: 'Counting readers of a consultation',
    lawfulBasis: PUBLIC_TASK,
    retention: 'Until the plan is adopted',
  },
  document_response_tags: {
    refs: { user_id: 'users' },
    ...STAFF_NAME_ON_RECORD,
    record: "Officers' tags on residents' answers",
    fields: { user_id: 'account link' },
  },
  documents: {
    refs: { author_id: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { author_id: 'account link', author_name: 'name' },
  },
  document_templates: {
    refs: { created_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { created_by: 'account link', created_by_name: 'name' },
  },
  files: {
    refs: { uploaded_by: 'users', id: 'representation_attachments.file_id' },
    record: 'Uploaded and exported files',
    subjects: ['staff', 'people who make representations', 'landowners and agents named in site data'],
    fields: {
      orig_name: 'free text that may name people',
      name: 'free text that may name people',
      description: 'free text that may name people',
      key: 'files that may name people',
      uploaded_by: 'account link',
      uploaded_by_name: 'name',
    },
    purpose: 'Keeping documents sent to or made by the council about sites and representations',
    lawfulBasis: PUBLIC_TASK,
    retention: 'Exports and quarantined uploads: days; others as long as their site or representation',
  },
  notifications: {
    refs: { user_id: 'users' },
    record: 'Notices to a member of staff (an export is ready, say)',
    subjects: ['staff'],
    fields: { user_id: 'account link', message: 'free text that may name people' },
    purpose: 'Telling staff that work they started has finished',
    lawfulBasis: STAFF,
    retention: 'Until archived and the period after',
  },
  jobs: {
    refs: { user_id: 'users' },
    record: 'Background work (exports, imports) and who started it',
    subjects: ['staff'],
    fields: { user_id: 'account link', payload: 'free text that may name people' },
    purpose: 'Running long work and reporting on it',
    lawfulBasis: STAFF,
    retention: 'Days after it finishes',
  },
  site_history: {
    refs: { user_id: 'users' },
    ...STAFF_NAME_ON_RECORD,
    record: "A site's history: comments, edits, files",
    fields: {
      user_id: 'account link',
      user_name: 'name',
      content: 'free text that may name people',
      edit_old: 'free text that may name people',
      edit_new: 'free text that may name people',
      file_name: 'free text that may name people',
    },
  },
  site_overrides: {
    refs: { user_id: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { user_id: 'account link', user_name: 'name', reason: 'free text that may name people' },
  },
  sites: {
    record: 'Development sites, with the fields the council defines',
    subjects: ['landowners and agents named in site data'],
    fields: { attributes: 'free text that may name people' },
    purpose: 'Assessing land for the local plan (landowner and agent details where the council records them)',
    lawfulBasis: PUBLIC_TASK,
    retention: 'As long as the site is part of the plan’s evidence',
  },
  layer_features: {
    record: "Features of the council's uploaded map layers",
    subjects: ['landowners and agents named in site data'],
    fields: { properties: 'free text that may name people' },
    purpose: 'Map layers used to assess sites (an uploaded layer may carry owners’ names)',
    lawfulBasis: PUBLIC_TASK,
    retention: 'Until the layer is replaced or deleted',
  },
  configs: {
    refs: { created_by: 'users', updated_by: 'users', deleted_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { created_by: 'account link', updated_by: 'account link', deleted_by: 'account link' },
  },
  config_versions: {
    refs: { changed_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { changed_by: 'account link' },
  },
  config_templates: {
    refs: { created_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { created_by: 'account link' },
  },
  council_policies: {
    refs: { updated_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { updated_by: 'account link', updated_by_name: 'name' },
  },
  council_site_layouts: {
    refs: { updated_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { updated_by: 'account link', updated_by_name: 'name' },
  },
  base_map_archives: {
    refs: { uploaded_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { uploaded_by: 'account link' },
  },
  layers: {
    refs: { created_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { created_by: 'account link' },
  },
  site_lists: {
    refs: { created_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { created_by: 'account link' },
  },
  site_search_templates: {
    refs: { created_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { created_by: 'account link' },
  },
  retention_rules: {
    refs: { updated_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { updated_by: 'account link', updated_by_name: 'name' },
  },
  // Migration 0041 (issue 26 point 2): contacts public in their role, and who last changed the list.
  council_allow_lists: {
    refs: { updated_by: 'users' },
    record: "The council's allow list: contacts public in their role, never proposed for redaction",
    subjects: ['organisations and their people', 'staff'],
    fields: {
      entries: 'free text that may name people',
      updated_by: 'account link',
      updated_by_name: 'name',
    },
    purpose: 'Publishing what is public in a role (councillors, the council’s own contacts) unredacted',
    lawfulBasis: PUBLIC_TASK,
    retention: 'While the person holds the role; removed from the list when they leave it',
  },
  // Migrations 0042-0046 (issue 27): calls for sites and what landowners and agents submit.
  cfs_calls: {
    refs: { updated_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { updated_by: 'account link' },
  },
  cfs_submissions: {
    refs: { user_id: 'users', reviewed_by: 'users' },
    record: 'Call for sites submissions: who put land forward, for whom, and the decision',
    subjects: ['residents with a consultation account', 'agents', 'landowners and agents named in site data'],
    fields: {
      user_id: 'account link',
      contact: 'free text that may name people',
      on_behalf_of: 'free text that may name people',
      created_from: 'network and device',
      reviewed_by: 'account link',
      decision_reason: 'free text that may name people',
    },
    purpose: 'Identifying land for the local plan (call for sites) and contacting those who put it forward',
    lawfulBasis: PUBLIC_TASK,
    retention: 'Until the plan is adopted and the period the council sets after it',
  },
  cfs_submission_sites: {
    refs: { submission_id: 'cfs_submissions' },
    record: 'The sites of call for sites submissions: boundaries, ownership and answers',
    subjects: ['landowners and agents named in site data'],
    fields: {
      name: 'free text that may name people',
      details: 'free text that may name people',
      answers: 'free text that may name people',
    },
    purpose: 'Assessing the land put forward',
    lawfulBasis: PUBLIC_TASK,
    retention: 'As long as the submission; accepted land stays as a site',
  },
  cfs_submission_attachments: {
    refs: { submission_id: 'cfs_submissions' },
    record: 'Files attached to call for sites submissions',
    subjects: ['landowners and agents named in site data'],
    fields: { file_id: 'files that may name people' },
    purpose: 'Keeping what was sent with a submission (title plans, site plans, letters)',
    lawfulBasis: PUBLIC_TASK,
    retention: 'As long as the submission',
  },
  // Migration 0041 (issue 26 point 6): each version as published, kept as consents point at it.
  privacy_notices: {
    refs: { published_by: 'users' },
    ...STAFF_NAME_ON_RECORD,
    fields: { published_by: 'account link', published_by_name: 'name' },
  },
};

/** Tables that hold no personal data, each with the reason. */
export const tablesWithoutPersonalData: Record<string, string> = {
  tenants: "The council's own name, colours and published mailboxes",
  applications: 'The product catalogue',
  app_features: 'The feature catalogue',
  app_feature_flags: "The council's feature switches",
  page_maintenance: 'Maintenance switches per page',
  auth_providers: "The council's sign-in settings",
  roles: 'Role names and descriptions',
  role_grants: 'What each role may do',
  site_fields: "The council's site field definitions",
  scenarios: 'Scenario names',
  site_search_rows: "Copies of sites' searchable figures",
  tags: 'Tag names and colours',
  site_tags: 'Which sites carry which tags',
  site_data_versions: 'Version counters',
  site_reference_counters: "Counters for sites' references",
  boundaries: 'Administrative boundaries (wards, parishes)',
  site_relations: 'Links between sites',
  site_list_sites: 'Which sites are in which lists',
  site_layer_overlaps: 'Computed overlaps of sites and layers',
  layer_themes: 'Layer theme names',
  custom_columns: 'Column definitions of the representation manager',
  consultation_events: 'Consultation events: names, dates and legal holds (their reasons)',
  consultation_topics: 'Topic names',
  representation_topics: 'Which representations are on which topics',
  document_attachments: 'Which files a document lists',
  event_features: 'Which features an event runs',
  schema_migrations: 'The database’s migration history',
  spatial_ref_sys: 'PostGIS coordinate systems',
};
