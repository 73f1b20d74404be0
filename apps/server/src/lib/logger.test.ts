// Nothing secret in logs (issue 10, point 3): a database error during sign-up is logged with its
// code and message, never the statement's parameters or the failing row.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@planning/shared';
import { buildTenant } from '../../test/factories';
import { runAsOwner } from '../../test/database';
import { buildTestApp, type TestApp } from '../../test/test-app';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
let quiet: TestApp;
const quietLines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ logStream, env: { LOG_REQUESTS: 'true' } });
  const quietStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      quietLines.push(chunk.toString());
      done();
    },
  });
  quiet = await buildTestApp({ logStream: quietStream });
});
afterAll(async () => {
  await t.close();
  await quiet.close();
});

describe('logs', () => {
  it('record a failed sign-up with the error code only: no email, phone, password or hash', async () => {
    const tenant = await buildTenant(t.database.db);
    // A trigger that refuses only this test's addresses, with the failing row in its detail as
    // PostgreSQL's own constraint errors write it (they leave it out under row-level security, but
    // a trigger, a function or a table without it may not). PGlite's errors also carry the
    // statement's parameters.
    const probe = `log_probe_${randomBytes(4).toString('hex')}`;
    await runAsOwner(t.database, [
      `create function ${probe}() returns trigger language plpgsql as $$
       begin
         if new.email like '%@log-secret.test' then
           raise exception 'sign-up refused' using errcode = 'P0001',
             detail = format('Failing row contains (%s, %s, %s)', new.email, new.phone, new.password_hash);
         end if;
         return new;
       end $$`,
      `create trigger ${probe} before insert on users for each row execute function ${probe}()`,
    ]);
    const email = `mary.${randomBytes(4).toString('hex')}@log-secret.test`;
    const password = 'Quiet-Harbour-73';
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/firebase-auth/signup',
        headers: { 'x-tenant': tenant.name },
        payload: { email, password, confirmPassword: password, name: 'Mary Smith', phone: '020 7946 0958' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: serverMessages.internalError });
    } finally {
      await runAsOwner(t.database, [`drop trigger ${probe} on users`, `drop function ${probe}()`]);
    }
    const log = lines.join('');
    expect(log).toContain('"code":"P0001"');
    for (const secret of [email, email.split('@')[0]!, password, '7946 0958', '79460958', '$argon2id$']) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('never write an API key or a download token sent in the address', async () => {
    const key = `pk_demo_${randomBytes(4).toString('hex')}_${randomBytes(16).toString('hex')}`;
    const token = `v1.${randomBytes(8).toString('hex')}`;
    await t.app.inject({ method: 'GET', url: `/api/v1/ogc/collections?f=json&api_key=${key}` });
    await t.app.inject({ method: 'GET', url: `/api/v1/files/download?token=${token}&inline=1` });
    const log = lines.join('');
    expect(log).toContain('api_key=[redacted]');
    expect(log).toContain('token=[redacted]&inline=1');
    expect(log).not.toContain(key);
    expect(log).not.toContain(token);
  });

  it('write no request line at the default info level unless LOG_REQUESTS asks', async () => {
    const response = await quiet.app.inject({ method: 'GET', url: '/api/v1/health/quiet-probe' });
    expect(response.statusCode).toBeGreaterThan(0);
    expect(quietLines.join('')).not.toContain('quiet-probe');
    await t.app.inject({ method: 'GET', url: '/api/v1/health/loud-probe' });
    expect(lines.join('')).toContain('loud-probe');
  });
});
