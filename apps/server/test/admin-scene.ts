import type { NewTenant } from '@planning/shared';
import { apiCaller } from './api-call';
import { buildTenantWithUsers } from './factories';
import { signIn, type SignedIn } from './sessions';
import { buildTestApp, type TestApp } from './test-app';

export type SceneCouncil = Awaited<ReturnType<typeof buildTenantWithUsers>>;

/**
 * The usual stage of an admin test file: one app, two councils (each with the demo users),
 * the first council's admin and officer signed in, the other council's admin signed in (to prove
 * another council's ids answer 404), and an API caller visiting the first council by default.
 */
export type AdminScene = {
  t: TestApp;
  council: SceneCouncil;
  other: SceneCouncil;
  admin: SignedIn;
  officer: SignedIn;
  otherAdmin: SignedIn;
  call: ReturnType<typeof apiCaller>;
};

export async function buildAdminScene(
  options: { council?: Partial<NewTenant>; other?: Partial<NewTenant> } = {},
): Promise<AdminScene> {
  const t = await buildTestApp();
  const [council, other] = await Promise.all([
    buildTenantWithUsers(t.database.db, options.council),
    buildTenantWithUsers(t.database.db, options.other),
  ]);
  const [admin, officer, otherAdmin] = await Promise.all([
    signIn(t.app, council.name, council.email('admin')),
    signIn(t.app, council.name, council.email('officer')),
    signIn(t.app, other.name, other.email('admin')),
  ]);
  const call = apiCaller(
    () => t.app,
    () => council.name,
  );
  return { t, council, other, admin, officer, otherAdmin, call };
}
