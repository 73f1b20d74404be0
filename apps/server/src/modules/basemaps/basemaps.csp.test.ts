import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { withConnectSources } from './basemaps.csp';

let t: TestApp;
let distDir: string;
let withStyle: string;
let without: string;

const connectSources = (policy: string | undefined) =>
  (policy ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('connect-src'))
    ?.split(/\s+/)
    .slice(1);

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Planning</title>');
  t = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
  const [a, b] = await Promise.all([
    buildTenantWithUsers(t.database.db),
    buildTenantWithUsers(t.database.db),
  ]);
  withStyle = a.name;
  without = b.name;
  const admin = await signIn(t.app, a.name, a.email('admin'));
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/v1/basemaps/styles',
    headers: admin.headers(),
    payload: { name: 'OS Vector', url: 'https://styles.example.org/os.json?key={key}', key: 'SECRET' },
  });
  expect(added.statusCode, added.body).toBe(201);
});

afterAll(async () => {
  await t?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe("the app page's content security policy (issue 13 point 7: style documents)", () => {
  it("lets a council's page connect to its style documents' origin, and no other council's", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/map', headers: { 'x-tenant': withStyle } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Planning</title>');
    expect(connectSources(page.headers['content-security-policy'] as string)).toEqual([
      "'self'",
      'https://styles.example.org',
    ]);
    // The key never reaches the policy, only the origin.
    expect(page.headers['content-security-policy']).not.toContain('SECRET');

    const root = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-tenant': withStyle } });
    expect(connectSources(root.headers['content-security-policy'] as string)).toContain(
      'https://styles.example.org',
    );

    const other = await t.app.inject({ method: 'GET', url: '/map', headers: { 'x-tenant': without } });
    expect(connectSources(other.headers['content-security-policy'] as string)).toEqual(["'self'"]);
  });

  it('keeps the page connecting to us only when no council is known', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/select-tenant' });
    expect(page.statusCode).toBe(200);
    expect(connectSources(page.headers['content-security-policy'] as string)).toEqual(["'self'"]);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/map',
      headers: { 'x-tenant': 'no-such-council' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(connectSources(unknown.headers['content-security-policy'] as string)).toEqual(["'self'"]);
  });

  it('adds sources to connect-src only, wherever it stands in the policy', () => {
    expect(
      withConnectSources("default-src 'self';connect-src 'self';img-src 'self'", ['https://a.example']),
    ).toBe("default-src 'self';connect-src 'self' https://a.example;img-src 'self'");
    expect(withConnectSources("connect-src 'self'", [])).toBe("connect-src 'self'");
  });
});
