import { afterAll, beforeAll } from 'vitest';
import { apiCaller } from './api-call';
import { buildTenantWithUsers } from './factories';
import { signIn, type SignedIn } from './sessions';
import { buildTestApp, type TestApp } from './test-app';

/** A council built with the demo sign-ins. */
export type Tenant = Awaited<ReturnType<typeof buildTenantWithUsers>>;

/**
 * A stand-in for something the file's beforeAll makes, so a test file can name it once at the top
 * and read it in its tests as if it were the thing itself. Reading it before beforeAll has run is a
 * mistake, and says so.
 */
export function madeBeforeAll<T extends object>(what: string) {
  let made: T | undefined;
  const read = (): T => {
    if (!made) throw new Error(`${what} is made in beforeAll: read it inside a test or a later hook`);
    return made;
  };
  const handle = new Proxy({} as T, {
    get: (_, key) => Reflect.get(read(), key),
    has: (_, key) => Reflect.has(read(), key),
    ownKeys: () => Reflect.ownKeys(read()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(read(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
  return { handle, make: (value: T) => void (made = value), made: () => made };
}

/**
 * The scene every consultation module's test file starts from: the real app, a council with the
 * demo sign-ins and another council, with the council's officer, viewer and resident signed in
 * and the other council's officer. Call it once at the top of the file: it registers the
 * beforeAll that builds the scene and the afterAll that closes the app. Add the file's own
 * beforeAll after it; it runs once the scene is there.
 */
export function consultationTestBed() {
  const t = madeBeforeAll<TestApp>('the test app');
  const tenant = madeBeforeAll<Tenant>('the council');
  const other = madeBeforeAll<Tenant>('the other council');
  const officer = madeBeforeAll<SignedIn>("the officer's session");
  const viewer = madeBeforeAll<SignedIn>("the viewer's session");
  const resident = madeBeforeAll<SignedIn>("the resident's session");
  const otherOfficer = madeBeforeAll<SignedIn>("the other council's officer's session");

  beforeAll(async () => {
    const app = await buildTestApp();
    t.make(app);
    const [council, otherCouncil] = await Promise.all([
      buildTenantWithUsers(app.database.db),
      buildTenantWithUsers(app.database.db),
    ]);
    tenant.make(council);
    other.make(otherCouncil);
    const signInAs = (at: Tenant, who: 'officer' | 'viewer' | 'resident') =>
      signIn(app.app, at.name, at.email(who));
    const sessions = await Promise.all([
      signInAs(council, 'officer'),
      signInAs(council, 'viewer'),
      signInAs(council, 'resident'),
      signInAs(otherCouncil, 'officer'),
    ]);
    officer.make(sessions[0]);
    viewer.make(sessions[1]);
    resident.make(sessions[2]);
    otherOfficer.make(sessions[3]);
  });
  afterAll(() => t.made()?.close());

  return {
    t: t.handle,
    tenant: tenant.handle,
    other: other.handle,
    officer: officer.handle,
    viewer: viewer.handle,
    resident: resident.handle,
    otherOfficer: otherOfficer.handle,
    /** The file's API caller, as a signed-in user or signed out at the council. */
    call: apiCaller(
      () => t.handle.app,
      () => tenant.handle.name,
    ),
  };
}

/** The messages of a 400's issues, in order (none when the answer has no issues). */
export const issueMessages = (response: { json(): unknown }) =>
  ((response.json() as { issues?: { message: string }[] }).issues ?? []).map((issue) => issue.message);
