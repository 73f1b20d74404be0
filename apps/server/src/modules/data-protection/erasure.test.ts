import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ERASED_MARK,
  erasureMessages,
  subjectAccessMessages,
  type ErasurePreview,
  type ErasureResult,
} from '@planning/shared';
import { APP_ROLE } from '../../db/database';
import { withTenant } from '../../db/tenant-transaction';
import {
  buildContact,
  buildEvent,
  buildRepresentation,
  buildSubRepresentation,
} from '../../../test/consultation-factories';
import {
  addNeighbour,
  addStaffWithRole,
  buildTenantWithUsers,
  NEIGHBOUR_PASSWORD,
} from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { recordAuditAlone } from '../audit/audit.record';
import { insertUser } from '../auth/auth.queries';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let other: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let admin: SignedIn;
let officer: SignedIn;
let reader: SignedIn;
let nelSession: SignedIn;
let email: string;
let nelContactId: string;
let samContactId: string;
let otherContactId: string;
let letterId: string;
let mentionId: string;
let unrelatedId: string;
let sarKey: string;

const PHONE = '01632 960123';
const ADDRESS = '12 Acacia Avenue';
const POSTCODE = 'ME14 1XX';

type OwnerQuery = <T>(statement: string, params: unknown[]) => Promise<T[]>;

/** Reads as the database owner (every table, the application role's grants or not). */
async function asOwner<T>(work: (query: OwnerQuery) => Promise<T>): Promise<T> {
  if (t.database.kind === 'postgres') {
    const owner = new pg.Client({ connectionString: inject('postgresUrl') });
    await owner.connect();
    try {
      return await work(async (statement, params) => (await owner.query(statement, params)).rows);
    } finally {
      await owner.end();
    }
  }
  return t.database.db.connection().execute(async (db) => {
    await sql`reset role`.execute(db);
    try {
      return await work(async <R>(statement: string, params: unknown[]) => {
        const compiled = sql.raw(statement).compile(db);
        return (await db.executeQuery<R>({ ...compiled, parameters: params })).rows;
      });
    } finally {
      await sql.raw(`set role ${APP_ROLE}`).execute(db);
    }
  });
}

/**
 * Every text, JSON and text-array column of every table (pg_catalog), searched for the patterns in
 * the council's rows (every row of tables no council owns): "table.column: value" for each hit.
 */
async function scanDatabase(tenantId: string, patterns: string[]): Promise<string[]> {
  return asOwner(async (query) => {
    const columns = await query<{ table: string; column: string; scoped: boolean }>(
      `select c.relname as "table", a.attname as "column",
            exists (select 1 from pg_attribute k where k.attrelid = c.oid and k.attname = 'tenant_id') as scoped
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type ty on ty.oid = a.atttypid
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and ty.typname in ('text', 'varchar', 'bpchar', 'json', 'jsonb', '_text', '_varchar')
      order by 1, 2`,
      [],
    );
    expect(columns.length).toBeGreaterThan(100);
    const hits: string[] = [];
    for (const { table, column, scoped } of columns) {
      const rows = await query<{ value: string }>(
        `select "${column}"::text as value from "${table}"
        where ${scoped ? 'tenant_id = $2 and' : '$2::uuid is not null and'} "${column}"::text ~* $1`,
        [`(${patterns.join('|')})`, tenantId],
      );
      hits.push(...rows.map((row) => `${table}.${column}: ${row.value}`));
    }
    return hits;
  });
}

/** Every stored object of the council, as text, searched for the patterns. */
async function scanStorage(tenantId: string, patterns: string[]): Promise<string[]> {
  const root = path.join(t.config.storageDir, tenantId);
  const files = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const hits: string[] = [];
  for (const file of files.filter((entry) => entry.isFile())) {
    const where = path.join(file.parentPath, file.name);
    const text = (await readFile(where)).toString('latin1');
    if (patterns.some((pattern) => new RegExp(pattern, 'i').test(text))) hits.push(where);
  }
  return hits;
}

const post = (who: SignedIn, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/data-protection/${url}`, headers: who.headers(), payload });

const preview = async (payload: object) => {
  const answer = await post(admin, 'erasure/preview', payload);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ErasurePreview;
};

const changeOf = (changes: ErasurePreview['changes'], table: string, action: string) =>
  changes.find((change) => change.table === table && change.action === action);

beforeAll(async () => {
  t = await buildTestApp();
  [tenant, other] = await Promise.all([
    buildTenantWithUsers(t.database.db),
    buildTenantWithUsers(t.database.db),
  ]);
  [admin, officer] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('officer')),
  ]);
  await addStaffWithRole(t.database.db, tenant, 'dpo-reader', [{ unit: 'data-protection', action: 'read' }]);
  reader = await signIn(t.app, tenant.name, `dpo-reader@${tenant.name}.test`);
  // Nel Neighbour: a consultation account (signed in), a contact with her address who wrote a
  // letter (with a part and an attachment), named in another resident's letter and in the audit
  // log; a subject access request was made about her. Sam lives at the same postcode.
  email = await addNeighbour(t.database.db, tenant);
  nelSession = await signIn(t.app, tenant.name, email, NEIGHBOUR_PASSWORD);
  // Her account answered the consultation document, with her postcode in the answer.
  await withTenant(t.database.db, tenant.id, async (trx) => {
    const nel = await trx
      .updateTable('users')
      .set({ phone: PHONE })
      .where('email', '=', email)
      .returning('id')
      .executeTakeFirstOrThrow();
    const doc = await trx
      .insertInto('documents')
      .values({
        tenant_id: tenant.id,
        title: 'Draft local plan',
        config: JSON.stringify({}),
        author_name: 'Ada',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await trx
      .insertInto('document_responses')
      .values({ tenant_id: tenant.id, document_id: doc.id, user_id: nel.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('document_answers')
      .values({
        tenant_id: tenant.id,
        response_id: response.id,
        question_id: 'q1',
        question_type: 'textQuestion',
        value: JSON.stringify('More buses past ME14 1XX, please.'),
      })
      .execute();
  });
  nelContactId = (
    await buildContact(t.database.db, tenant.id, {
      firstName: 'Nel',
      lastName: 'Neighbour',
      email,
      phoneNumber: PHONE,
      postcode: POSTCODE,
    })
  ).id;
  await withTenant(t.database.db, tenant.id, (trx) =>
    trx
      .updateTable('contacts')
      .set({ address_line1: ADDRESS, town: 'Maidstone' })
      .where('id', '=', nelContactId)
      .execute(),
  );
  samContactId = (
    await buildContact(t.database.db, tenant.id, { firstName: 'Sam', lastName: 'Street', postcode: POSTCODE })
  ).id;
  const event = await buildEvent(t.database.db, tenant.id, { name: 'Regulation 18 draft plan' });
  letterId = (
    await buildRepresentation(t.database.db, tenant.id, {
      eventId: event.id,
      contactId: nelContactId,
      status: 'Reviewed',
      text: `The junction by ${ADDRESS} is dangerous. Nel Neighbour, me141xx, 01632 960 123, ${email.toUpperCase()}`,
    })
  ).id;
  await buildSubRepresentation(t.database.db, tenant.id, letterId, {
    sequentialId: 1,
    text: 'Road safety, says Nel Neighbour of ME14 1XX.',
  });
  mentionId = (
    await buildRepresentation(t.database.db, tenant.id, {
      eventId: event.id,
      contactId: samContactId,
      status: 'Acknowledged',
      text: 'I agree with my neighbour NEL   NEIGHBOUR about the traffic.',
    })
  ).id;
  unrelatedId = (
    await buildRepresentation(t.database.db, tenant.id, {
      eventId: event.id,
      text: 'Nelson Road needs a crossing.',
    })
  ).id;
  // Her letter's scan, stored as sent.
  const fileKey = `${letterId}/letter.txt`;
  await t.app.storage.put(
    tenant.id,
    'consultations-attachments',
    fileKey,
    Buffer.from(`Dear council, Nel Neighbour, ${ADDRESS}, ${POSTCODE}`),
  );
  await withTenant(t.database.db, tenant.id, async (trx) => {
    const file = await trx
      .insertInto('files')
      .values({
        tenant_id: tenant.id,
        bucket: 'consultations-attachments',
        home_bucket: 'consultations-attachments',
        key: fileKey,
        orig_name: 'Letter from Nel Neighbour.txt',
        name: 'Letter from Nel Neighbour.txt',
        content_type: 'text/plain',
        size: 60,
        scan_status: 'clean',
        uploaded_by_name: 'Officer',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('representation_attachments')
      .values({ tenant_id: tenant.id, representation_id: letterId, file_id: file.id })
      .execute();
  });
  await recordAuditAlone(
    t.database.db,
    tenant.id,
    { userId: null, email: null, ip: null, userAgent: null },
    {
      action: 'public-user.verify',
      targetType: 'user',
      targetId: nelContactId,
      summary: 'Verified the account of Nel Neighbour',
      details: { email },
    },
  );
  const started = await post(admin, 'subject-access', { email });
  expect(started.statusCode, started.body).toBe(202);
  const job = await t.app.jobs.waitFor((started.json() as { id: string }).id, { timeoutMs: 60_000 });
  expect(job.status, job.error ?? '').toBe('succeeded');
  sarKey = (job.result as { file: { key: string } }).file.key;
  // The other council holds a Nel Neighbour with the same address.
  otherContactId = (
    await buildContact(t.database.db, other.id, {
      firstName: 'Nel',
      lastName: 'Neighbour',
      email,
      postcode: POSTCODE,
    })
  ).id;
});
afterAll(() => t.close());

const personPatterns = () => [
  'nel\\s+neighbour',
  email.replace(/[.]/g, '\\.'),
  '01632[\\s-]*960[\\s-]*123',
  '12\\s+acacia\\s+avenue',
];
const postcodePattern = 'me14\\s*1xx';

describe('erasure (issue 26 point 4)', () => {
  it('previews, then erases: nothing of the person in any table or stored file, the representations kept with their statuses', async () => {
    expect(await scanStorage(tenant.id, personPatterns())).not.toEqual([]);
    const request = { email, name: 'Nel Neighbour', postcode: 'me14 1xx' };
    const shown = await preview(request);
    expect(shown.refusal).toBeNull();
    expect(shown.candidates.filter((row) => row.chosen).map((row) => [row.table, row.id])).toEqual([
      ['users', expect.any(String)],
      ['contacts', nelContactId],
    ]);
    // Sam shares the postcode: offered, not chosen.
    expect(shown.candidates.find((row) => row.id === samContactId)?.chosen).toBe(false);
    expect(changeOf(shown.changes, 'users', 'anonymised')?.rows).toBe(1);
    expect(changeOf(shown.changes, 'sessions', 'deleted')?.rows).toBeGreaterThanOrEqual(1);
    expect(changeOf(shown.changes, 'contacts', 'anonymised')?.fields).toContain('postcode');
    expect(changeOf(shown.changes, 'representations', 'text replaced')).toMatchObject({
      rows: 2,
      fields: expect.arrayContaining(['original_text', 'plain_text', 'public_text', 'content']),
    });
    expect(changeOf(shown.changes, 'sub_representations', 'text replaced')?.rows).toBe(1);
    expect(changeOf(shown.changes, 'audit_log', 'text replaced')?.fields).toEqual(
      expect.arrayContaining(['summary', 'details']),
    );
    expect(changeOf(shown.changes, 'jobs', 'deleted')?.rows).toBe(1);
    expect(changeOf(shown.changes, 'document_answers', 'text replaced')).toMatchObject({
      rows: 1,
      fields: ['value'],
    });
    expect(shown).toMatchObject({ files: 1, exports: 1, searchRows: 2 });
    // A preview changes nothing.
    expect(await scanDatabase(tenant.id, personPatterns())).not.toEqual([]);

    const answer = await post(admin, 'erasure', request);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json() as ErasureResult;
    expect(result.message).toBe(erasureMessages.done);
    expect(result.changes).toEqual(shown.changes);
    expect(result).toMatchObject({ files: 1, exports: 1, searchRows: 2 });

    expect(await scanDatabase(tenant.id, personPatterns())).toEqual([]);
    // Her postcode is gone from her records; her neighbour's own record keeps it.
    expect(await scanDatabase(tenant.id, [postcodePattern])).toEqual([`contacts.postcode: ${POSTCODE}`]);
    expect(await scanStorage(tenant.id, [...personPatterns(), postcodePattern])).toEqual([]);
    expect(await t.app.storage.stat(tenant.id, 'exports', sarKey)).toBeNull();

    const kept = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('representations')
        .select(['id', 'status', 'contact_id', 'original_text', 'public_text', 'deleted_at'])
        .where('id', 'in', [letterId, mentionId])
        .orderBy('reference')
        .execute(),
    );
    expect(kept.map((row) => [row.id, row.status, row.contact_id, row.deleted_at])).toEqual([
      [letterId, 'Reviewed', nelContactId, null],
      [mentionId, 'Acknowledged', samContactId, null],
    ]);
    expect(kept[0]!.original_text).toBe(
      `The junction by ${ERASED_MARK} is dangerous. ${ERASED_MARK}, ${ERASED_MARK}, ${ERASED_MARK}, ${ERASED_MARK}`,
    );
    expect(kept[1]!.public_text).toBe(`I agree with my neighbour ${ERASED_MARK} about the traffic.`);
    // What the preview said is what changed: two letters carry the mark, no other.
    const marked = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('representations')
        .select(['id', 'plain_text'])
        .where((eb) => eb.or([eb('plain_text', 'like', `%${ERASED_MARK}%`), eb('id', '=', unrelatedId)]))
        .orderBy('reference')
        .execute(),
    );
    expect(marked.map((row) => row.id)).toEqual([letterId, mentionId, unrelatedId]);
    expect(marked[2]!.plain_text).toBe('Nelson Road needs a crossing.');
    const contact = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('contacts').selectAll().where('id', '=', nelContactId).executeTakeFirstOrThrow(),
    );
    expect(contact).toMatchObject({ first_name: ERASED_MARK, email: null, postcode: null, town: null });
    const attachments = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('representation_attachments')
        .select('file_id')
        .where('representation_id', '=', letterId)
        .execute(),
    );
    expect(attachments).toEqual([]);

    // Her answer stays, anonymised.
    const reply = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('document_answers')
        .innerJoin('document_responses', 'document_responses.id', 'document_answers.response_id')
        .innerJoin('users', 'users.id', 'document_responses.user_id')
        .select(['document_answers.value', 'users.name'])
        .where('document_answers.question_id', '=', 'q1')
        .where('users.name', '=', ERASED_MARK)
        .executeTakeFirstOrThrow(),
    );
    expect(reply.value).toBe(`More buses past ${ERASED_MARK}, please.`);

    // She cannot sign in, and her session has ended.
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/firebase-auth/login',
      headers: { 'x-tenant': tenant.name },
      payload: { email, password: NEIGHBOUR_PASSWORD },
    });
    expect(signInAgain.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: nelSession.headers() });
    expect(me.statusCode).toBe(401);

    // The audit log says what was done, never to whom.
    const audit = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['summary', 'details', 'actor_email'])
        .where('action', '=', 'data-protection.erasure')
        .executeTakeFirstOrThrow(),
    );
    expect(audit.summary).toMatch(/^Erased a person: 1 account\(s\), 1 contact\(s\)/);
    expect(audit.actor_email).toBe(tenant.email('admin'));

    // The other council's Nel is untouched.
    const theirs = await withTenant(t.database.db, other.id, (trx) =>
      trx
        .selectFrom('contacts')
        .select(['name', 'email', 'postcode'])
        .where('id', '=', otherContactId)
        .executeTakeFirstOrThrow(),
    );
    expect(theirs).toEqual({ name: 'Nel Neighbour', email, postcode: POSTCODE });

    // Again: nothing left to change.
    const again = await post(admin, 'erasure', request);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ changes: [], files: 0, message: erasureMessages.nothingToErase });
  });

  it('is refused while a consultation holding the person’s representations is under legal hold, and goes ahead once released', async () => {
    const event = await buildEvent(t.database.db, tenant.id, { name: 'Local Plan examination' });
    const hal = await buildContact(t.database.db, tenant.id, {
      firstName: 'Hal',
      lastName: 'Holden',
      email: `hal@${tenant.name}.test`,
    });
    await buildRepresentation(t.database.db, tenant.id, {
      eventId: event.id,
      contactId: hal.id,
      text: 'Hal Holden objects.',
    });
    const reason = 'Under examination by the Planning Inspectorate';
    const hold = (method: 'PUT' | 'DELETE', who: SignedIn, body?: object) =>
      t.app.inject({
        method,
        url: `/api/v1/data-protection/legal-holds/${event.id}`,
        headers: who.headers(),
        ...(body && { payload: body }),
      });
    const put = (who: SignedIn, body: object) => hold('PUT', who, body);
    expect((await put(reader, { reason })).statusCode).toBe(403);
    const badReason = await put(admin, { reason: '  ' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.body).toContain(erasureMessages.holdReasonMissing);
    const held = await put(admin, { reason });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ name: 'Local Plan examination', hold: { reason } });

    const request = { email: `hal@${tenant.name}.test` };
    const message = erasureMessages.legalHold('Local Plan examination', reason);
    expect((await preview(request)).refusal).toMatchObject({ consultationId: event.id, message });
    // The officer's choice counts: without Hal's contact, nothing of the held consultation changes.
    const unchosen = await preview({ ...request, contacts: [] });
    expect(unchosen.candidates).toEqual([expect.objectContaining({ id: hal.id, chosen: false })]);
    expect(unchosen.refusal).toBeNull();
    const refused = await post(admin, 'erasure', request);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message });
    const still = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('contacts').select('email').where('id', '=', hal.id).executeTakeFirstOrThrow(),
    );
    expect(still.email).toBe(`hal@${tenant.name}.test`);

    const released = await hold('DELETE', admin);
    expect(released.json()).toMatchObject({ hold: null });
    // Both changes are in the council's audit log, with the reason given.
    const audited = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['action', 'summary', 'details'])
        .where('target_id', '=', event.id)
        .orderBy('seq')
        .execute(),
    );
    expect(audited.map((row) => [row.action, row.summary, row.details])).toEqual([
      ['data-protection.legal-hold', 'Put "Local Plan examination" under legal hold', { reason }],
      ['data-protection.legal-hold-release', 'Released the legal hold on "Local Plan examination"', {}],
    ]);
    const erased = await post(admin, 'erasure', request);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await scanDatabase(tenant.id, ['hal\\s+holden', `hal@`])).toEqual([]);
  });

  it('replaces a one-word name only in the person’s own records, never in other people’s words', async () => {
    const soloEmail = `solo@${tenant.name}.test`;
    await withTenant(t.database.db, tenant.id, (trx) =>
      insertUser(trx, {
        tenantId: tenant.id,
        email: soloEmail,
        name: 'Solo',
        phone: null,
        passwordHash: null,
        provider: 'firebase-auth',
        kind: 'public',
        emailVerified: true,
      }),
    );
    const traders = await buildRepresentation(t.database.db, tenant.id, {
      text: 'Solo traders need the market.',
    });
    const shown = await preview({ email: soloEmail });
    expect(changeOf(shown.changes, 'users', 'anonymised')?.rows).toBe(1);
    expect(changeOf(shown.changes, 'representations', 'text replaced')).toBeUndefined();
    expect((await post(admin, 'erasure', { email: soloEmail })).statusCode).toBe(200);
    const kept = await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .selectFrom('representations')
        .select('plain_text')
        .where('id', '=', traders.id)
        .executeTakeFirstOrThrow(),
    );
    expect(kept.plain_text).toBe('Solo traders need the market.');
    expect(await scanDatabase(tenant.id, ['solo@'])).toEqual([]);
  });

  it('refuses to erase the officer’s own account', async () => {
    const own = await post(admin, 'erasure', { email: tenant.email('admin') });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ message: erasureMessages.ownAccount });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: admin.headers() })).statusCode,
    ).toBe(200);
  });

  it('finishes removing a stored file an earlier erasure could not, at the next erasure', async () => {
    // As an erasure leaves a file whose object the store refused to delete: unlisted, marked.
    const key = 'left-over/scan.txt';
    await t.app.storage.put(tenant.id, 'consultations-attachments', key, Buffer.from('From Nel Neighbour'));
    const { id } = await withTenant(t.database.db, tenant.id, async (trx) => {
      const file = await trx
        .insertInto('files')
        .values({
          tenant_id: tenant.id,
          bucket: 'consultations-attachments',
          home_bucket: 'consultations-attachments',
          key,
          orig_name: ERASED_MARK,
          name: ERASED_MARK,
          content_type: 'text/plain',
          size: 18,
          scan_status: 'clean',
          uploaded_by_name: 'Officer',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`update files set deleted_at = now() where id = ${file.id}`.execute(trx);
      return file;
    });
    const request = { email: `someone-else@${tenant.name}.test` };
    expect((await preview(request)).files).toBe(1);
    const answer = await post(admin, 'erasure', request);
    expect(answer.json()).toMatchObject({ files: 1 });
    expect(await t.app.storage.stat(tenant.id, 'consultations-attachments', key)).toBeNull();
    const row = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst(),
    );
    expect(row).toBeUndefined();
  });

  it('refuses staff without the erasure grant and bad requests', async () => {
    for (const who of [officer, reader]) {
      expect((await post(who, 'erasure', { email })).statusCode).toBe(403);
    }
    expect((await post(officer, 'erasure/preview', { email })).statusCode).toBe(403);
    for (const [body, message] of [
      [{}, subjectAccessMessages.nothingToFind],
      [{ email: 'not-an-email' }, subjectAccessMessages.emailInvalid],
      [{ email, contacts: ['not-an-id'] }, 'A contact id'],
    ] as const) {
      const answer = await post(admin, 'erasure', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      const issues = (answer.json() as { issues: { message: string }[] }).issues;
      expect(issues.map((issue) => issue.message)).toContain(message);
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/data-protection/legal-holds/00000000-0000-4000-8000-000000000000',
      headers: admin.headers(),
      payload: { reason: 'Judicial review' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
