import { sql, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import {
  ERASED_MARK,
  erasureMessages,
  SUBJECT_ACCESS_JOB,
  type ErasureCandidate,
  type ErasureChange,
  type ErasurePreview,
  type ErasureRequest,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { anyOf, emailTerm, phoneTerm, postcodeTerm, wordsTerm } from './erasure.terms';
import { personalDataTables } from './register.annotations';

type Trx = Transaction<Database>;
type Ids = readonly string[];

/** A stored object the erasure removes after its transaction commits. */
export type StoredObjectRef = { bucket: string; key: string };

/** What an erasure will change, read in the transaction that then makes the change. */
export type ErasurePlan = ErasurePreview & {
  accounts: string[];
  contacts: string[];
  /** The person's details as written anywhere (names, emails, phones, street addresses). */
  everywhere: string | null;
  /** With their postcode too: for the records that are theirs (a postcode is shared by a street). */
  own: string | null;
  representations: string[];
  responses: string[];
  answers: string[];
  fileRows: (StoredObjectRef & { id: string })[];
  exportJobs: (StoredObjectRef & { id: string })[];
  subjectAccessJobs: string[];
  columns: Map<string, TextColumn[]>;
};

type TextColumn = { column: string; type: string };

const ids = (values: Ids) => sql`${[...values]}::uuid[]`;
const recordOf = (table: string) => personalDataTables[table]?.record ?? table.replace(/_/g, ' ');

/**
 * The text and JSON columns the application may rewrite, of every table that belongs to a council:
 * the erasure replaces the person's details wherever they were copied, not only where the
 * register expects them (a summary in the audit log, a job's payload, a site's attribute).
 */
async function textColumns(trx: Trx): Promise<Map<string, TextColumn[]>> {
  const { rows } = await sql<{ table: string; column: string; type: string }>`
    select c.relname as "table", a.attname as "column", t.typname as "type"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_type t on t.oid = a.atttypid
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attgenerated = ''
       and t.typname in ('text', 'varchar', 'bpchar', 'json', 'jsonb')
       and exists (select 1 from pg_attribute k
                    where k.attrelid = c.oid and k.attname = 'tenant_id' and not k.attisdropped)
       and has_table_privilege(c.oid, 'select')
       and has_column_privilege(c.oid, a.attnum, 'update')
     order by 1, 2`.execute(trx);
  const columns = new Map<string, TextColumn[]>();
  for (const row of rows) {
    // An account's email is unique and lower case: the account itself is anonymised by id.
    if (row.table === 'users' && row.column === 'email') continue;
    columns.set(row.table, [...(columns.get(row.table) ?? []), { column: row.column, type: row.type }]);
  }
  return columns;
}

const matches = (column: TextColumn, pattern: string) =>
  sql<SqlBool>`${sql.ref(column.column)}::text ~* ${pattern}`;

/** The column with the pattern's matches replaced by ERASED_MARK. */
export function replaced(column: TextColumn, pattern: string) {
  const ref = sql.ref(column.column);
  if (column.type === 'jsonb' || column.type === 'json')
    // The terms hold no quote or backslash that JSON escapes, so the text stays valid JSON.
    return sql`regexp_replace(${ref}::text, ${pattern}, ${ERASED_MARK}, 'gi')::${sql.raw(column.type)}`;
  return sql`regexp_replace(${ref}, ${pattern}, ${ERASED_MARK}, 'gi')`;
}

/** Per table, the rows that are the person's own (their postcode is replaced there as well). */
export function ownRows(plan: ErasurePlan): Record<string, RawBuilder<SqlBool>> {
  const reps = ids(plan.representations);
  return {
    representations: sql<SqlBool>`id = any(${reps})`,
    sub_representations: sql<SqlBool>`representation_id = any(${reps})`,
    consultation_responses: sql<SqlBool>`representation_id = any(${reps})`,
    representation_events: sql<SqlBool>`representation_id = any(${reps})`,
    document_answers: sql<SqlBool>`id = any(${ids(plan.answers)})`,
    answer_redactions: sql<SqlBool>`answer_id = any(${ids(plan.answers)})`,
  };
}

/** Rows other steps handle whole, left out of the text replacement. */
export function handledRows(plan: ErasurePlan): Record<string, RawBuilder<SqlBool>> {
  return {
    users: sql<SqlBool>`id = any(${ids(plan.accounts)})`,
    contacts: sql<SqlBool>`id = any(${ids(plan.contacts)})`,
    jobs: sql<SqlBool>`id = any(${ids(plan.subjectAccessJobs)})`,
    files: sql<SqlBool>`id = any(${ids(plan.fileRows.map((file) => file.id))})`,
  };
}

/** The test of one column: the person's details anywhere, or their postcode in their own rows. */
export function columnTest(plan: ErasurePlan, table: string, column: TextColumn): RawBuilder<SqlBool> | null {
  const own = ownRows(plan)[table];
  const tests = [
    plan.everywhere ? matches(column, plan.everywhere) : null,
    own && plan.own ? sql<SqlBool>`(${own} and ${matches(column, plan.own)})` : null,
  ].filter((test): test is RawBuilder<SqlBool> => test !== null);
  return tests.length === 0 ? null : sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}

function tableScope(plan: ErasurePlan, table: string, tenantId: string) {
  const handled = handledRows(plan)[table];
  return handled ? sql`tenant_id = ${tenantId} and not (${handled})` : sql`tenant_id = ${tenantId}`;
}

/** Accounts and contacts that may be the person, and which of them the erasure takes. */
async function candidates(trx: Trx, tenantId: string, request: ErasureRequest): Promise<ErasureCandidate[]> {
  const { email, name, postcode } = request;
  const compact = postcode?.replace(/\s+/g, '') ?? null;
  const { rows: accounts } = await sql<{ id: string; name: string; email: string; chosen: boolean }>`
    select id::text as id, name, email,
           case when ${request.accounts ?? null}::uuid[] is not null then id = any(${request.accounts ?? null}::uuid[])
                else email = ${email} end as chosen
      from users
     where tenant_id = ${tenantId}
       and (email = ${email} or lower(name) = lower(${name}) or id = any(${request.accounts ?? []}::uuid[]))
     order by name, id limit 50`.execute(trx);
  const { rows: contacts } = await sql<{
    id: string;
    name: string;
    email: string | null;
    postcode: string | null;
    chosen: boolean;
  }>`
    select id::text as id, name, email, postcode,
           case when ${request.contacts ?? null}::uuid[] is not null then id = any(${request.contacts ?? null}::uuid[])
                when ${email}::text is not null then lower(email) = ${email}
                else lower(name) = lower(${name}) and replace(upper(postcode), ' ', '') = ${compact} end as chosen
      from contacts
     where tenant_id = ${tenantId}
       and (lower(email) = ${email} or lower(name) = lower(${name})
            or replace(upper(postcode), ' ', '') = ${compact} or id = any(${request.contacts ?? []}::uuid[]))
     order by name, id limit 50`.execute(trx);
  return [
    ...accounts.map((row) => ({
      table: 'users' as const,
      ...row,
      postcode: null,
      chosen: row.chosen === true,
    })),
    ...contacts.map((row) => ({ table: 'contacts' as const, ...row, chosen: row.chosen === true })),
  ];
}

/** The person's details from the request and from the records chosen as theirs. */
async function terms(trx: Trx, request: ErasureRequest, accounts: Ids, contacts: Ids) {
  const users = await trx
    .selectFrom('users')
    .select(['name', 'email', 'phone'])
    .where('id', 'in', accounts.length ? [...accounts] : ['00000000-0000-0000-0000-000000000000'])
    .execute();
  const people = await trx
    .selectFrom('contacts')
    .select([
      'first_name',
      'last_name',
      'email',
      'phone_number',
      'address_line1',
      'address_line2',
      'postcode',
    ])
    .where('id', 'in', contacts.length ? [...contacts] : ['00000000-0000-0000-0000-000000000000'])
    .execute();
  // A name of one word ("Nel") or a one-word street line would match other people's words:
  // those are replaced only in the person's own records.
  const names = [
    request.name,
    ...users.map((user) => user.name),
    ...people.map((person) => `${person.first_name} ${person.last_name}`),
    ...people.map((person) => person.address_line1),
  ].filter((text): text is string => text !== null && text !== ERASED_MARK && !text.includes(ERASED_MARK));
  const severalWords = (text: string) => text.trim().split(/\s+/).length >= 2;
  const everywhere = [
    ...names.filter(severalWords).map(wordsTerm),
    emailTerm(request.email),
    ...users.flatMap((user) => [emailTerm(user.email), phoneTerm(user.phone)]),
    ...people.flatMap((person) => [emailTerm(person.email), phoneTerm(person.phone_number)]),
  ];
  const own = [
    ...names.filter((text) => !severalWords(text)).map(wordsTerm),
    postcodeTerm(request.postcode),
    ...people.flatMap((person) => [postcodeTerm(person.postcode), wordsTerm(person.address_line2)]),
  ];
  return { everywhere: anyOf(everywhere), own: anyOf([...everywhere, ...own]) };
}

async function idsOf(trx: Trx, query: RawBuilder<{ id: string }>): Promise<string[]> {
  return (await query.execute(trx)).rows.map((row) => row.id);
}

/** Counts rows of a query (explicit steps' previews). */
async function count(trx: Trx, query: RawBuilder<{ n: number }>): Promise<number> {
  return Number((await query.execute(trx)).rows[0]?.n ?? 0);
}

/**
 * Issue 26 point 4: reads everything the erasure of the person would change, in the transaction
 * that then changes it (so the preview the officer saw and the erasure count the same rows).
 */
export async function planErasure(trx: Trx, tenantId: string, request: ErasureRequest): Promise<ErasurePlan> {
  const found = await candidates(trx, tenantId, request);
  const accounts = found.filter((row) => row.table === 'users' && row.chosen).map((row) => row.id);
  const contacts = found.filter((row) => row.table === 'contacts' && row.chosen).map((row) => row.id);
  const { everywhere, own } = await terms(trx, request, accounts, contacts);
  const representations = await idsOf(
    trx,
    sql<{ id: string }>`select id::text as id from representations where tenant_id = ${tenantId}
      and (contact_id = any(${ids(contacts)}) or agent_contact_id = any(${ids(contacts)}))`,
  );
  const responses = await idsOf(
    trx,
    sql<{ id: string }>`select id::text as id from document_responses
      where tenant_id = ${tenantId} and user_id = any(${ids(accounts)})`,
  );
  const answers = await idsOf(
    trx,
    sql<{ id: string }>`select id::text as id from document_answers
      where tenant_id = ${tenantId} and response_id = any(${ids(responses)})`,
  );
  // Attachments of their own representations that nothing else lists; and files an earlier
  // erasure could not remove from storage (their rows are kept, marked, until it is done).
  const { rows: fileRows } = await sql<StoredObjectRef & { id: string }>`
    select f.id::text as id, f.bucket, f.key from files f
     where f.tenant_id = ${tenantId}
       and ((f.id in (select file_id from representation_attachments where representation_id = any(${ids(representations)}))
             and not exists (select 1 from representation_attachments o
                              where o.file_id = f.id and o.representation_id <> all(${ids(representations)}))
             and not exists (select 1 from document_attachments d where d.file_id = f.id))
            or (f.deleted_at is not null and f.orig_name = ${ERASED_MARK}))
     order by f.id`.execute(trx);
  const ownPattern = own ?? '$^';
  const subjectAccessJobs = await idsOf(
    trx,
    sql<{
      id: string;
    }>`select id::text as id from jobs where tenant_id = ${tenantId} and kind = ${SUBJECT_ACCESS_JOB}
      and (payload::text ~* ${ownPattern} or coalesce(result::text, '') ~* ${ownPattern})`,
  );
  // Every export waiting to be downloaded may copy the person's records: all are withdrawn.
  const { rows: exportJobs } = await sql<StoredObjectRef & { id: string }>`
    select id::text as id, 'exports' as bucket, result->'file'->>'key' as key from jobs
     where tenant_id = ${tenantId} and status = 'succeeded' and result->'file'->>'key' is not null
       and result->>'expired' is distinct from 'true'
     order by id`.execute(trx);

  const plan: ErasurePlan = {
    candidates: found,
    changes: [],
    files: fileRows.length,
    exports: exportJobs.length,
    searchRows: 0,
    refusal: null,
    accounts,
    contacts,
    everywhere,
    own,
    representations,
    responses,
    answers,
    fileRows,
    exportJobs,
    subjectAccessJobs,
    columns: await textColumns(trx),
  };
  const change = (table: string, action: ErasureChange['action'], rows: number, fields: string[]) => {
    if (rows > 0) plan.changes.push({ table, record: recordOf(table), action, rows, fields });
  };
  const byUser = (table: string) =>
    count(
      trx,
      sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
      where tenant_id = ${tenantId} and user_id = any(${ids(accounts)})`,
    );

  change('users', 'anonymised', accounts.length, [
    'email',
    'name',
    'phone',
    'password_hash',
    'about',
    'meta',
  ]);
  change('sessions', 'deleted', await byUser('sessions'), []);
  change('auth_tokens', 'deleted', await byUser('auth_tokens'), []);
  change('user_roles', 'deleted', await byUser('user_roles'), []);
  change('api_keys', 'anonymised', await byUser('api_keys'), ['name', 'revoked_at']);
  change(
    'audit_log',
    'anonymised',
    await count(
      trx,
      sql<{ n: number }>`select count(*)::int as n from audit_log where tenant_id = ${tenantId}
        and actor_user_id = any(${ids(accounts)}) and (ip is not null or user_agent is not null)`,
    ),
    ['ip', 'user_agent'],
  );
  change('contacts', 'anonymised', contacts.length, [
    'title',
    'first_name',
    'last_name',
    'job_title',
    'email',
    'phone_number',
    'address_line1',
    'address_line2',
    'town',
    'postcode',
    'custom',
  ]);
  change(
    'organisation_agents',
    'deleted',
    await count(
      trx,
      sql<{ n: number }>`select count(*)::int as n from organisation_agents
        where tenant_id = ${tenantId} and contact_id = any(${ids(contacts)})`,
    ),
    [],
  );
  change(
    'representation_attachments',
    'deleted',
    await count(
      trx,
      sql<{ n: number }>`select count(*)::int as n from representation_attachments
        where tenant_id = ${tenantId} and file_id = any(${ids(fileRows.map((file) => file.id))})`,
    ),
    [],
  );
  change('files', 'deleted', fileRows.length, []);
  change('jobs', 'deleted', subjectAccessJobs.length, []);

  // Every other copy of their details, column by column.
  for (const [table, columns] of plan.columns) {
    const tests = columns
      .map((column) => ({ column, test: columnTest(plan, table, column) }))
      .filter((entry): entry is { column: TextColumn; test: RawBuilder<SqlBool> } => entry.test !== null);
    if (tests.length === 0) continue;
    const { rows } = await sql<Record<string, number>>`
      select count(*)::int as rows, ${sql.join(
        tests.map(
          ({ column, test }) => sql`count(*) filter (where ${test})::int as ${sql.id(column.column)}`,
        ),
      )}
        from ${sql.table(table)}
       where ${tableScope(plan, table, tenantId)} and (${sql.join(
         tests.map(({ test }) => test),
         sql` or `,
       )})`.execute(trx);
    const counts = rows[0]!;
    const fields = tests.map(({ column }) => column.column).filter((column) => Number(counts[column]) > 0);
    change(table, 'text replaced', Number(counts.rows), fields);
    if (table === 'representations') plan.searchRows += Number(counts.plain_text ?? 0);
    if (table === 'sites') plan.searchRows += Number(counts.rows);
  }
  plan.refusal = await legalHold(trx, tenantId, plan);
  return plan;
}

/** The first consultation under legal hold whose representations the erasure would change. */
async function legalHold(trx: Trx, tenantId: string, plan: ErasurePlan): Promise<ErasurePreview['refusal']> {
  const touched = (table: string, alias: string) => {
    const tests = (plan.columns.get(table) ?? [])
      .map((column) => columnTest(plan, table, column))
      .filter((test): test is RawBuilder<SqlBool> => test !== null);
    return tests.length === 0
      ? sql<SqlBool>`false`
      : sql<SqlBool>`exists (select 1 from ${sql.table(table)} ${sql.raw(alias)}
          where ${sql.raw(alias)}.representation_id = r.id and (${sql.join(tests, sql` or `)}))`;
  };
  const repTests = (plan.columns.get('representations') ?? [])
    .map((column) => columnTest(plan, 'representations', column))
    .filter((test): test is RawBuilder<SqlBool> => test !== null);
  const answerTests = (plan.columns.get('document_answers') ?? [])
    .map((column) => columnTest(plan, 'document_answers', column))
    .filter((test): test is RawBuilder<SqlBool> => test !== null);
  const { rows } = await sql<{ id: string; name: string; reason: string }>`
    select e.id::text as id, e.name, e.legal_hold_reason as reason
      from consultation_events e
     where e.tenant_id = ${tenantId} and e.legal_hold_reason is not null
       and (exists (select 1 from representations r
                    where r.consultation_event_id = e.id
                      and (r.id = any(${ids(plan.representations)})
                           ${repTests.length ? sql`or ${sql.join(repTests, sql` or `)}` : sql``}
                           or ${touched('sub_representations', 's')}
                           or ${touched('consultation_responses', 'c')}
                           or ${touched('representation_events', 'v')}))
            -- Residents' answers to the consultation's document are its record too.
            or (e.document_id is not null and exists (
                  select 1 from document_answers a
                   where a.response_id in (select id from document_responses where document_id = e.document_id)
                     and (${answerTests.length ? sql.join(answerTests, sql` or `) : sql`false`}))))
     order by e.name, e.id limit 1`.execute(trx);
  const held = rows[0];
  return held
    ? {
        consultationId: held.id,
        consultation: held.name,
        reason: held.reason,
        message: erasureMessages.legalHold(held.name, held.reason),
      }
    : null;
}
