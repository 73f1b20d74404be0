import { describe, expect, it } from 'vitest';
import { isMaintenanceActive, routeMatches } from './rules';

const now = new Date('2026-11-22T12:00:00Z');

describe('isMaintenanceActive', () => {
  it.each([
    { active: false, until: null, expected: false },
    { active: true, until: null, expected: true },
    { active: true, until: '2026-11-22T12:00:01Z', expected: true },
    { active: true, until: '2026-11-22T12:00:00Z', expected: false },
    { active: true, until: '2026-11-21T09:00:00+01:00', expected: false },
    { active: false, until: '2030-01-01T00:00:00Z', expected: false },
    { active: true, until: 'not a date', expected: false },
  ])('active=$active until=$until → $expected', ({ active, until, expected }) => {
    expect(isMaintenanceActive({ active, until }, now)).toBe(expected);
  });
});

describe('routeMatches', () => {
  it.each([
    ['/map', '/map', true],
    ['/map', '/map/extra', true],
    ['/map/', '/map', true],
    ['/map', '/mapping', false],
    ['/', '/', true],
    ['/', '/map', false],
    ['/p/document', '/p/document/all', true],
  ])('%s covers %s: %s', (route, pathname, expected) => {
    expect(routeMatches(route, pathname)).toBe(expected);
  });
});
