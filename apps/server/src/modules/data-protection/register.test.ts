import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessActions, accessUnits, registerCsvColumns, type PersonalDataRegister } from '@planning/shared';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { withTenant } from '../../db/tenant-transaction';
import { runAsOwner } from '../../../test/database';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { personalDataTables, tablesWithoutPersonalData } from './register.annotations';
import { schemaColumns } from './subject-access.search';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let other: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let admin: SignedIn;
let officer: SignedIn;
let viewer: SignedIn;
let otherAdmin: SignedIn;

const addContacts = (tenantId: string, names: string[]) =>
  withTenant(t.database.db, tenantId, (trx) =>
    trx
      .insertInto('contacts')
      .values(
        names.map((name) => ({
          tenant_id: tenantId,
          contact_type: 'individual' as const,
          first_name: name,
          last_name: 'Register',
        })),
      )
      .execute(),
  );

beforeAll(async () => {
  t = await buildTestApp();
  [tenant, other] = await Promise.all([
    buildTenantWithUsers(t.database.db),
    buildTenantWithUsers(t.database.db),
  ]);
  [admin, officer, viewer, otherAdmin] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('viewer')),
    signIn(t.app, other.name, other.email('admin')),
  ]);
  await addContacts(tenant.id, ['Ada', 'Bea']);
  await addContacts(other.id, ['Cy']);
});
afterAll(() => t.close());

const register = async (who: SignedIn) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/v1/data-protection/register',
    headers: who.headers(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as PersonalDataRegister;
};

describe('the register of personal data (issue 26 point 7)', () => {
  it('annotates every table of the schema, and every column it names exists', async () => {
    const columns = await schemaColumns(t.database.db);
    const rows = [...columns].flatMap(([table, names]) => [...names].map((column) => ({ table, column })));
    const annotated = [...Object.keys(personalDataTables), ...Object.keys(tablesWithoutPersonalData)];
    expect(new Set(annotated).size, 'a table is annotated twice').toBe(annotated.length);
    expect(
      [...columns.keys()].filter((table) => !annotated.includes(table)),
      'tables not in the register',
    ).toEqual([]);
    expect(
      annotated.filter((table) => !columns.has(table)),
      'annotated tables that do not exist',
    ).toEqual([]);
    const missing = Object.entries(personalDataTables).flatMap(([table, annotation]) =>
      Object.keys(annotation.fields)
        .filter((column) => !columns.get(table)?.has(column))
        .map((column) => `${table}.${column}`),
    );
    expect(missing, 'annotated columns that do not exist').toEqual([]);
    // Every column that looks like contact details is annotated where it is.
    const contactLike = rows.filter((row) =>
      /(^|_)(email|phone|phone_number|postcode|first_name|last_name|ip|user_agent)$/.test(row.column),
    );
    const unannotated = contactLike
      .filter((row) => !(row.column in (personalDataTables[row.table]?.fields ?? {})))
      .map((row) => `${row.table}.${row.column}`);
    expect(unannotated, 'contact columns missing from the register').toEqual([]);
  });

  it("gives the council's administrator each table with its own records counted", async () => {
    const mine = await register(admin);
    const contacts = mine.entries.find((entry) => entry.table === 'contacts');
    expect(contacts).toMatchObject({
      rows: 2,
      subjects: expect.arrayContaining(['people who make representations']),
    });
    expect(contacts?.fields).toContainEqual({ column: 'email', category: 'email address' });
    expect(mine.entries.find((entry) => entry.table === 'users')?.rows).toBe(4);
    expect(mine.entries.find((entry) => entry.table === 'auth_attempts')?.rows).toBeNull();
    expect(mine.entries.map((entry) => entry.table)).not.toContain('tags');
    const theirs = await register(otherAdmin);
    expect(theirs.entries.find((entry) => entry.table === 'contacts')?.rows).toBe(1);
    expect(theirs.council).toBe(other.name);
  });

  it('is exported as CSV, one row a table', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/data-protection/register.csv',
      headers: admin.headers(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      new RegExp(`personal-data-register-${tenant.name}-\\d{4}-\\d{2}-\\d{2}\\.csv`),
    );
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(registerCsvColumns.join(','));
    expect(lines).toHaveLength(Object.keys(personalDataTables).length + 1);
    expect(lines.find((line) => line.startsWith('contacts,'))).toMatch(/email \(email address\).*,2$/);
  });

  it('is refused to staff without the data protection grant', async () => {
    for (const who of [officer, viewer])
      for (const url of ['/api/v1/data-protection/register', '/api/v1/data-protection/register.csv']) {
        const answer = await t.app.inject({ method: 'GET', url, headers: who.headers() });
        expect(answer.statusCode, url).toBe(403);
      }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/data-protection/register',
      headers: { 'x-tenant': tenant.name },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('migration 0038 on councils that already exist', () => {
  it('gives the data protection grant to the administrator role and roles holding every other grant, and to no other', async () => {
    const council = await buildTenantWithUsers(t.database.db);
    const roleIds = await withTenant(t.database.db, council.id, async (trx) => {
      const { admin_role_id: adminRoleId } = await trx
        .selectFrom('tenants')
        .select('admin_role_id')
        .where('id', '=', council.id)
        .executeTakeFirstOrThrow();
      // As the council was before 0038: nobody held the unit.
      await trx.deleteFrom('role_grants').where('unit', '=', 'data-protection').execute();
      const copy = await trx
        .insertInto('roles')
        .values({ tenant_id: council.id, name: 'Every other grant' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('role_grants')
        .values(
          accessUnits
            .filter((unit) => unit !== 'data-protection')
            .flatMap((unit) =>
              accessActions.map((action) => ({ tenant_id: council.id, role_id: copy.id, unit, action })),
            ),
        )
        .execute();
      return { admin: adminRoleId!, copy: copy.id };
    });
    const file = await readFile(path.join(MIGRATIONS_DIR, '0038_data_protection_grant.sql'), 'utf8');
    // One statement at a time (PGlite's extended protocol takes one); the do block keeps its own.
    await runAsOwner(
      t.database,
      file
        .replace(/^--.*$/gm, '')
        .split(/;\s*\n\s*(?=alter |do )/)
        .map((part) => part.trim())
        // Its grants only: the unit check it set has grown since (0045 added 'cfs').
        .filter((part) => !part.startsWith('alter table role_grants')),
    );
    const holders = await withTenant(t.database.db, council.id, (trx) =>
      trx
        .selectFrom('role_grants')
        .select(['role_id', 'action'])
        .where('unit', '=', 'data-protection')
        .execute(),
    );
    const byRole = (roleId: string) =>
      holders
        .filter((row) => row.role_id === roleId)
        .map((row) => row.action)
        .sort();
    expect(byRole(roleIds.admin)).toEqual(['delete', 'read', 'write']);
    expect(byRole(roleIds.copy)).toEqual(['delete', 'read', 'write']);
    expect(holders).toHaveLength(6);
  });
});
