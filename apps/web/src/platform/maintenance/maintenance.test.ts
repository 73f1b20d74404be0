import { describe, expect, it } from 'vitest';
import { isGlobalMaintenanceOn, pageMaintenanceFor } from './maintenance';

const now = new Date('2026-03-01T12:00:00Z');

describe('isGlobalMaintenanceOn', () => {
  it.each([
    [{ active: true, until: null, inEffect: true }, true],
    [{ active: true, until: '2026-03-01T13:00:00Z', inEffect: true }, true],
    // The window ended after the server last answered.
    [{ active: true, until: '2026-03-01T11:59:00Z', inEffect: true }, false],
    [{ active: false, until: null, inEffect: false }, false],
    // The server has the last word on switching it on.
    [{ active: true, until: null, inEffect: false }, false],
  ])('%o → %s', (global, expected) => {
    expect(isGlobalMaintenanceOn({ ...global, message: null }, now)).toBe(expected);
  });
});

describe('pageMaintenanceFor', () => {
  const page = (
    route: string,
    overrides: Partial<{ active: boolean; until: string | null; inEffect: boolean }> = {},
  ) => ({
    route,
    maintenanceActive: overrides.active ?? true,
    maintenanceActiveUntil: overrides.until ?? null,
    inEffect: overrides.inEffect ?? true,
  });

  it.each([
    [[page('/map')], '/map', '/map'],
    [[page('/map')], '/map/extra', '/map'],
    [[page('/map')], '/mapping', undefined],
    [[page('/map', { inEffect: false })], '/map', undefined],
    [[page('/map', { until: '2026-03-01T11:00:00Z' })], '/map', undefined],
    [[page('/table'), page('/documents')], '/documents/42', '/documents'],
    [[], '/map', undefined],
  ])('%o on %s → %s', (pages, pathname, route) => {
    expect(pageMaintenanceFor(pages, pathname, now)?.route).toBe(route);
  });
});
