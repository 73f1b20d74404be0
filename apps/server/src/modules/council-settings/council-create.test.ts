import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessActions, accessUnits, councilSettingsMessages } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTestApp, latestLink, type TestApp } from '../../../test/test-app';
import { auditRows } from '../audit/audit.testing';
import { councilUsage, runCouncilCommand } from './council-cli';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCouncilCommand(argv, t.app.authDeps, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const fresh = () => `c-${randomBytes(4).toString('hex')}`;
const createArgs = (name: string, overrides: Record<string, string> = {}) =>
  Object.entries({
    name,
    'short-name': 'Northfield',
    'raw-name': 'Northfield District Council',
    'main-color': '#0b6e4f',
    'admin-email': `First.Admin@${name}.gov.uk`,
    'admin-name': 'Fran First',
    ...overrides,
  }).flatMap(([key, value]) => [`--${key}`, value]);

describe('npm run council (issue 16 point 4)', () => {
  it('creates the council, its admin role with every grant, and invites its first administrator', async () => {
    const name = fresh();
    const result = await run('create', ...createArgs(name));
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Created council "${name}"`);

    const tenant = await t.database.db
      .selectFrom('tenants')
      .select(['id', 'short_name', 'raw_name', 'main_color', 'admin_role_id'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({
      short_name: 'Northfield',
      raw_name: 'Northfield District Council',
      main_color: '#0b6e4f',
    });
    const { role, grants, user } = await withTenant(t.database.db, tenant.id, async (trx) => ({
      role: await trx.selectFrom('roles').select(['id', 'name']).executeTakeFirstOrThrow(),
      grants: await trx.selectFrom('role_grants').select(['unit', 'action']).execute(),
      user: await trx
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .select(['users.email', 'users.name', 'users.password_hash', 'user_roles.role_id'])
        .executeTakeFirstOrThrow(),
    }));
    expect(tenant.admin_role_id).toBe(role.id);
    expect(grants).toHaveLength(accessUnits.length * accessActions.length);
    expect(user).toMatchObject({
      email: `first.admin@${name}.gov.uk`,
      name: 'Fran First',
      password_hash: null,
      role_id: role.id,
    });

    // The invitation email, with its link to choose a password on the council's own address.
    const link = await latestLink(t.outbox, `first.admin@${name}.gov.uk`);
    expect(link.host).toBe(`${name}.planning.test`);
    expect(link.searchParams.get('tenant')).toBe(name);

    const [audit] = await auditRows(t.database.db, tenant.id, 'tenant.create');
    expect(audit).toMatchObject({ actor_user_id: null, target_id: tenant.id });
    expect(audit?.summary).toBe(
      `Council Northfield District Council (${name}) created with first administrator first.admin@${name}.gov.uk`,
    );
    expect(await auditRows(t.database.db, tenant.id, 'user.invite')).toHaveLength(1);

    const listed = await run('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(
      new RegExp(
        `^${name}\\s+#0b6e4f\\s+\\d{4}-\\d{2}-\\d{2}\\s+Northfield District Council \\(Northfield\\)$`,
        'm',
      ),
    );
  });

  it('refuses a name taken, a colour white text cannot be read on, and bad input, with clear words', async () => {
    const name = fresh();
    expect((await run('create', ...createArgs(name))).code).toBe(0);
    const taken = await run('create', ...createArgs(name, { 'admin-email': 'other@example.gov.uk' }));
    expect(taken).toMatchObject({ code: 1, err: councilSettingsMessages.nameTaken });

    const pale = await run('create', ...createArgs(fresh(), { 'main-color': '#ffdd00' }));
    expect(pale.code).toBe(1);
    expect(pale.err).toBe(
      'Main colour #ffdd00 gives white text a contrast of only 1.34:1; WCAG AA needs at least 4.5:1',
    );
    const notColour = await run('create', ...createArgs(fresh(), { 'main-color': 'green' }));
    expect(notColour.err).toBe('Invalid HEX color');
    const badName = await run('create', ...createArgs('Not A Slug', { 'admin-email': 'a@example.gov.uk' }));
    expect(badName.err).toBe('Tenant name must be one lower-case host name label');
    const badEmail = await run('create', ...createArgs(fresh(), { 'admin-email': 'nobody' }));
    expect(badEmail.err).toBe(councilSettingsMessages.invalidEmail);

    const missing = await run('create', '--name', fresh());
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(
      /^Missing --short-name, --raw-name, --main-color, --admin-email, --admin-name/,
    );
    const unknown = await run('create', ...createArgs(fresh()), '--colour', 'x');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain(councilUsage);
    expect(await run('delete')).toMatchObject({ code: 2, err: councilUsage });
    expect(await run('--help')).toMatchObject({ code: 0, out: councilUsage });
  });
});
