import { describe, expect, it } from 'vitest';
import { coversProtectedRoute, isMaintenanceExempt } from './rules';
import { councilMaintenanceSchema, councilSettingsPatchSchema } from './schemas';

describe('page maintenance may not lock administrators out', () => {
  it.each([
    ['/settings', true],
    ['/settings/', true],
    ['/settings/maintenance', true],
    ['/admin', true],
    ['/admin/placemaker/roles', true],
    ['/sign-in', true],
    ['/select-tenant', true],
    ['/', false],
    ['/map', false],
    ['/settingsx', false],
    ['/administration', false],
  ])('%s → %s', (route, covered) => {
    expect(coversProtectedRoute(route)).toBe(covered);
  });
});

describe('global maintenance lets through', () => {
  it.each([
    ['/sign-in', 'sign-in'],
    ['/settings', 'admin'],
    ['/settings/maintenance', 'admin'],
    ['/admin/placemaker', 'admin'],
    ['/map', null],
    ['/settingsx', null],
    ['/p/document/all', null],
  ])('%s → %s', (path, exempt) => {
    expect(isMaintenanceExempt(path)).toBe(exempt);
  });
});

describe('schemas', () => {
  it('takes any one field of the settings and refuses unknown ones', () => {
    expect(councilSettingsPatchSchema.safeParse({ shortName: 'North' }).success).toBe(true);
    expect(councilSettingsPatchSchema.safeParse({ name: 'renamed' }).success).toBe(false);
    expect(councilSettingsPatchSchema.safeParse({}).success).toBe(false);
  });

  it('refuses the same page twice, with or without a trailing slash', () => {
    const none = { active: false, until: null, message: null };
    const twice = councilMaintenanceSchema.safeParse({
      global: none,
      pages: [
        { route: '/map', active: true, until: null },
        { route: '/map/', active: true, until: null },
      ],
    });
    expect(twice.success).toBe(false);
  });
});
