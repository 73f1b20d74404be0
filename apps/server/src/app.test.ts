import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/test-app';
import { openDatabase } from './db/database';
import { MIGRATIONS_DIR, MigrationError } from './db/migrate';
import { ConfigError, loadConfig } from './config';

// Probe routes exercise the shared error handling the way every real route will meet it.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/probe/echo',
    {
      config: { tenant: false, public: true },
      schema: { body: z.object({ name: z.string().min(3), count: z.number().int() }) },
    },
    async (request) => ({ received: request.body }),
  );
  app.get('/probe/crash', { config: { tenant: false, public: true } }, async () => {
    throw new Error('secret internal detail at /srv/app/db.ts:42');
  });
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { BODY_LIMIT: '2048' }, extraApiRoutes: [probeRoutes] });
});
afterAll(() => t.close());

const postEcho = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/probe/echo',
    payload,
    headers: { 'content-type': contentType },
  });

describe('API conventions', () => {
  it('reports health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'embedded',
    });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'Route not found' });
  });

  it('accepts a valid body', async () => {
    const response = await postEcho(JSON.stringify({ name: 'Ada', count: 2 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { name: 'Ada', count: 2 } });
  });

  it('rejects malformed JSON with 400 and a message', async () => {
    const response = await postEcho('{"name": "Ada",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('rejects wrong types with 400, the spec message and the fields at fault', async () => {
    const response = await postEcho(JSON.stringify({ name: 'Al', count: 'two' }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Payload data is invalid');
    expect(body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'body.count',
      'body.name',
    ]);
  });

  it('rejects an oversize body with 413', async () => {
    const response = await postEcho(JSON.stringify({ name: 'x'.repeat(4000), count: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });

  it('rejects an unsupported content type with 415', async () => {
    const response = await postEcho('name=Ada', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported content type' });
  });

  it('never sends a stack trace or internal detail on a server error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/probe/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'An error occurred, please try again' });
    expect(response.body).not.toMatch(/secret|db\.ts|at /);
  });

  it('keeps a sane caller request id and makes one otherwise', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'lb-123' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-123');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'bad id with spaces\n' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('publishes an OpenAPI document of the routes with their schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/tenants', '/api/v1/tenants/current']),
    );
    const current =
      spec.paths['/api/v1/tenants/current'].get.responses['200'].content['application/json'].schema;
    expect(current.properties).toHaveProperty('flags');
    expect(current.properties).toHaveProperty('maintenance');
    // Every reference points at a schema the document holds (recursive filters included), so a
    // client generator can read it.
    const refs = new Set<string>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.add(value);
          else visit(value);
        }
      }
    };
    visit(spec);
    const missing = [...refs].filter((ref) => {
      const [hash, ...path] = ref.split('/');
      if (hash !== '#') return true;
      let at: unknown = spec;
      for (const part of path) at = (at as Record<string, unknown> | undefined)?.[part];
      return at === undefined;
    });
    expect(missing).toEqual([]);
  });
});

describe('start-up', () => {
  it('stops with a clear message when a migration fails', async () => {
    // The suite's migrated database plus one broken migration after the real ones: only that one
    // runs, so the test does not pay for creating PostGIS again (a minute on a busy machine).
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'planning-bad-'));
    const migrationsDir = await mkdtemp(path.join(os.tmpdir(), 'planning-bad-migrations-'));
    await cp(MIGRATIONS_DIR, migrationsDir, { recursive: true });
    await writeFile(path.join(migrationsDir, '9999_broken.sql'), 'create table (;');
    try {
      let opening;
      if (process.env.TEST_DB === 'postgres') {
        opening = openDatabase({ kind: 'postgres', url: inject('postgresUrl'), migrationsDir });
      } else {
        await cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
        opening = openDatabase({ kind: 'embedded', dataDir, migrationsDir });
      }
      const failure = await opening.catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as Error).message).toMatch(/^Migration 9999_broken\.sql failed: syntax error/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(migrationsDir, { recursive: true, force: true });
    }
  });

  it('refuses a tenant host pattern without a capture group', () => {
    expect(() => loadConfig({ TENANT_HOST_PATTERN: '^planning\\.' })).toThrow(
      'TENANT_HOST_PATTERN must be a regular expression with a capture group',
    );
  });

  it('requires the address of emailed links in production, never trusting the Host header', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'APP_URL_TEMPLATE must be set in production',
    );
  });

  it('refuses to start in production without a virus scanner, unless unscanned uploads are allowed', () => {
    const production = {
      NODE_ENV: 'production',
      APP_URL_TEMPLATE: 'https://planning.{tenant}.example.gov.uk',
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow('CLAMD_HOST must be set in production');
    expect(loadConfig({ ...production, CLAMD_HOST: '127.0.0.1' }).clamd).toEqual({
      host: '127.0.0.1',
      port: 3310,
      timeoutMs: 60_000,
    });
    expect(loadConfig({ ...production, ALLOW_UNSCANNED_UPLOADS: 'true' }).clamd).toBeNull();
  });

  it('takes S3 settings only all together', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
    expect(loadConfig({}).s3).toBeNull();
  });

  it('never seeds demo data in production', () => {
    const production = {
      NODE_ENV: 'production',
      APP_URL_TEMPLATE: 'https://planning.{tenant}.example.gov.uk',
      ALLOW_UNSCANNED_UPLOADS: 'true',
    };
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
  });
});
