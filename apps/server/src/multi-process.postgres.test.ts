// Several server processes on one PostgreSQL behave as one (issue 10, point 11): attempt limits,
// sign-outs and data changes made through one process hold on the others' very next request.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { sql } from 'kysely';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type AppDatabase } from './db/database';
import { withTenant } from './db/tenant-transaction';
import { demoDistrict } from './modules/sites/sites.generator';
import { seedSites } from './modules/sites/sites.seed';
import { tileBounds } from './modules/tiles/tiles.render';
import { DEMO_PASSWORD } from './seed/demo-users';
import { buildTenantWithUsers } from '../test/factories';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const PAIR_LIMIT = 4;

type Server = { base: string; child: ChildProcess };
const children: ChildProcess[] = [];
let database: AppDatabase;
let outboxDir: string;

/** `node --import tsx apps/server/src/main.ts` on the suite's database, on a free port. */
async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: inject('postgresUrl'),
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      MAIL_OUTBOX_DIR: outboxDir,
      AUTH_RATE_LIMIT_PER_EMAIL: String(PAIR_LIMIT),
      // Every call here comes from 127.0.0.1, as do other suites' on a shared store.
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (http:\/\/[^\s/]+)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { base, child };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const deadline = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(deadline);
}

type Answer = {
  status: number;
  json: () => Promise<unknown>;
  headers: Headers;
  bytes: () => Promise<ArrayBuffer>;
};

async function call(
  server: Server,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${server.base}/api/v1${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: () => response.json() as Promise<unknown>,
    bytes: () => response.arrayBuffer(),
  };
}

type Session = Record<string, string>;

async function signIn(server: Server, tenant: string, email: string, password = DEMO_PASSWORD) {
  const answer = await fetch(`${server.base}/api/v1/auth/firebase-auth/login`, {
    method: 'POST',
    headers: { 'x-tenant': tenant, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('planning_session='));
  const session: Session | null =
    answer.status === 200 && cookie
      ? {
          'x-tenant': tenant,
          cookie: cookie.split(';')[0]!,
          'x-csrf-token': ((await answer.json()) as { csrfToken: string }).csrfToken,
        }
      : null;
  return { status: answer.status, session };
}

async function signedIn(server: Server, tenant: string, email: string): Promise<Session> {
  const { status, session } = await signIn(server, tenant, email);
  if (!session) throw new Error(`sign-in failed: ${status}`);
  return session;
}

let a: Server;
let b: Server;
let withRedis: [Server, Server];

beforeAll(async () => {
  database = await openDatabase({ kind: 'postgres', url: inject('postgresUrl'), poolSize: 2 });
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'planning-multi-'));
  // Four processes at once: two sharing limits through PostgreSQL, two through Redis.
  [a, b, ...withRedis] = await Promise.all([
    startServer(),
    startServer(),
    startServer({ REDIS_URL: 'redis://127.0.0.1:6379' }),
    startServer({ REDIS_URL: 'redis://127.0.0.1:6379' }),
  ]);
});

afterAll(async () => {
  await Promise.all(children.map(stop));
  await database?.close();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

describe.each([
  ['PostgreSQL', () => [a, b] as const],
  ['Redis', () => withRedis],
])('attempt limits shared through %s', (_store, servers) => {
  it('adds failed sign-ins on two processes up to one limit', async () => {
    const [first, second] = servers();
    const tenant = await buildTenantWithUsers(database.db);
    const email = tenant.email('viewer');
    for (const server of [first, second, first, second]) {
      expect((await signIn(server, tenant.name, email, 'wrong-password')).status).toBe(401);
    }
    // Four failures in all, two on each: the limit of four is reached on both.
    for (const server of [first, second]) {
      expect((await signIn(server, tenant.name, email)).status).toBe(429);
    }
  });
});

describe('sessions across processes', () => {
  it('refuses on B, on the very next request, a session signed out on A', async () => {
    const tenant = await buildTenantWithUsers(database.db);
    const session = await signedIn(a, tenant.name, tenant.email('viewer'));
    expect((await call(b, 'GET', '/auth/user', session)).status).toBe(200);
    expect((await call(a, 'POST', '/auth/logout', session, {})).status).toBe(204);
    const next = await call(b, 'GET', '/auth/user', session);
    expect(next.status).toBe(401);
    expect(await next.json()).toEqual({ message: 'Session terminated' });
  });

  it('refuses on A every session ended by "sign out everywhere" on B', async () => {
    const tenant = await buildTenantWithUsers(database.db);
    const laptop = await signedIn(a, tenant.name, tenant.email('officer'));
    const phone = await signedIn(b, tenant.name, tenant.email('officer'));
    // A tile on A first: whatever A keeps, the session is checked again.
    expect((await call(a, 'GET', '/vector-tiles/sites/14/0/0', laptop)).status).toBe(204);
    expect((await call(b, 'POST', '/auth/logout-everywhere', phone, {})).status).toBe(204);
    const tile = await call(a, 'GET', '/vector-tiles/sites/14/0/0', laptop);
    expect(tile.status).toBe(401);
    expect((await call(a, 'GET', '/auth/user', laptop)).status).toBe(401);
  });
});

describe('access changes across processes (grants kept per user while the access version holds)', () => {
  type Role = { id: string; name: string; grants: { unit: string; action: string }[] };
  const roleNamed = async (server: Server, admin: Session, name: string) =>
    ((await (await call(server, 'GET', '/admin/roles', admin)).json()) as { roles: Role[] }).roles.find(
      (role) => role.name === name,
    )!;

  it("refuses on B's very next request a grant taken from the user's role on A, and lets it in again once given back", async () => {
    const tenant = await buildTenantWithUsers(database.db);
    const admin = await signedIn(a, tenant.name, tenant.email('admin'));
    const officer = await signedIn(b, tenant.name, tenant.email('officer'));
    // B reads the officer's grants and keeps them.
    expect((await call(b, 'GET', '/vector-tiles/sites/14/0/0', officer)).status).toBe(204);
    expect((await call(b, 'GET', '/vector-tiles/sites/14/0/0', officer)).status).toBe(204);
    const role = await roleNamed(a, admin, 'officer');
    const withoutSites = role.grants.filter((grant) => grant.unit !== 'sites');
    expect(
      (await call(a, 'PUT', `/admin/roles/${role.id}/grants`, admin, { grants: withoutSites })).status,
    ).toBe(200);
    expect((await call(b, 'GET', '/vector-tiles/sites/14/0/0', officer)).status).toBe(403);
    expect(
      (await call(a, 'PUT', `/admin/roles/${role.id}/grants`, admin, { grants: role.grants })).status,
    ).toBe(200);
    expect((await call(b, 'GET', '/vector-tiles/sites/14/0/0', officer)).status).toBe(204);
  });

  it("applies on B's very next request a user's new role and a disabling made on A", async () => {
    const tenant = await buildTenantWithUsers(database.db);
    const admin = await signedIn(a, tenant.name, tenant.email('admin'));
    const officer = await signedIn(b, tenant.name, tenant.email('officer'));
    const officerId = ((await (await call(b, 'GET', '/auth/user', officer)).json()) as { id: string }).id;
    expect((await call(b, 'GET', '/vector-tiles/sites/14/0/0', officer)).status).toBe(204);
    // A role without sites read: the officer's next tile on B is refused.
    const created = await call(a, 'POST', '/admin/roles', admin, {
      name: 'Placemaker only',
      description: 'No sites',
      grants: [{ unit: 'placemaker', action: 'read' }],
    });
    expect(created.status).toBe(201);
    const roleId = ((await created.json()) as { id: string }).id;
    expect((await call(a, 'PATCH', `/admin/users/${officerId}`, admin, { roleId })).status).toBe(200);
    expect((await call(b, 'GET', '/vector-tiles/sites/14/0/0', officer)).status).toBe(403);
    expect((await call(a, 'POST', `/admin/users/${officerId}/disable`, admin, {})).status).toBe(200);
    const next = await call(b, 'GET', '/auth/user', officer);
    expect(next.status).toBe(401);
    expect(await next.json()).toEqual({ message: 'Session terminated' });
  });

  it("refuses on A and B's next request a grant removed straight in the database (no server told)", async () => {
    const tenant = await buildTenantWithUsers(database.db);
    const onA = await signedIn(a, tenant.name, tenant.email('viewer'));
    const onB = await signedIn(b, tenant.name, tenant.email('viewer'));
    for (const [server, session] of [
      [a, onA],
      [b, onB],
    ] as const)
      expect((await call(server, 'GET', '/vector-tiles/sites/14/0/0', session)).status).toBe(204);
    await withTenant(database.db, tenant.id, (trx) =>
      trx
        .deleteFrom('role_grants')
        .where('unit', '=', 'sites')
        .where('role_id', 'in', trx.selectFrom('roles').select('id').where('name', '=', 'viewer'))
        .execute(),
    );
    for (const [server, session] of [
      [a, onA],
      [b, onB],
    ] as const)
      expect((await call(server, 'GET', '/vector-tiles/sites/14/0/0', session)).status).toBe(403);
  });
});

describe('data changes across processes', () => {
  it("shows a change of the council's sites on the other process's next search total and tile", async () => {
    const tenant = await buildTenantWithUsers(database.db);
    await seedSites(database.db, tenant.id, demoDistrict, 40);
    const site = await withTenant(database.db, tenant.id, async (trx) => {
      const { rows } = await sql<{ id: string; x: number; y: number }>`
        select id::text, ST_X(point_3857) as x, ST_Y(point_3857) as y from sites order by id limit 1`.execute(
        trx,
      );
      return rows[0]!;
    });
    const world = tileBounds(0, 0, 0);
    const size = world.size / 2 ** 14;
    const tilePath = `/vector-tiles/sites/14/${Math.floor((site.x - world.minX) / size)}/${Math.floor((world.maxY - site.y) / size)}`;
    const total = async (server: Server, session: Session) =>
      (
        (await (await call(server, 'POST', '/search/site/flexible', session, { limit: 1 })).json()) as {
          total: number;
        }
      ).total;
    const tileIds = async (server: Server, session: Session) => {
      const answer = await call(server, 'GET', tilePath, session);
      if (answer.status === 204) return { etag: answer.headers.get('etag'), ids: [] as string[] };
      const layer = new VectorTile(new PbfReader(new Uint8Array(await answer.bytes()))).layers.sites!;
      const ids = Array.from({ length: layer.length }, (_, i) => String(layer.feature(i).id));
      return { etag: answer.headers.get('etag'), ids };
    };

    const onA = await signedIn(a, tenant.name, tenant.email('officer'));
    const onB = await signedIn(b, tenant.name, tenant.email('officer'));
    // Both processes count and draw, so each has the total and the tile in its caches.
    for (const [server, session] of [
      [a, onA],
      [b, onB],
    ] as const) {
      expect(await total(server, session)).toBe(40);
      expect((await tileIds(server, session)).ids).toContain(site.id);
    }
    const before = await tileIds(b, onB);

    // A change made elsewhere (here straight in the database, as any other process would).
    await withTenant(database.db, tenant.id, (trx) =>
      trx.updateTable('sites').set({ is_deleted: true }).where('id', '=', site.id).execute(),
    );
    expect(await total(b, onB)).toBe(39);
    const after = await tileIds(b, onB);
    expect(after.ids).not.toContain(site.id);
    expect(after.etag).not.toBe(before.etag);
    expect(await total(a, onA)).toBe(39);
  });
});
