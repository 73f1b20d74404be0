import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@planning/shared';
import { guardDecision, homeFor, routeRequirements } from './routeAccess';

const user: AuthUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'officer@demo.test',
  name: 'Olu Officer',
  phone: null,
  provider: 'firebase-auth',
  emailVerified: true,
  kind: 'staff',
};
const location = { pathname: '/table', search: '?page=2' };

describe('guardDecision', () => {
  it('waits while the user is unknown', () => {
    expect(
      guardDecision({
        user: undefined,
        permitted: false,
        accessLoading: true,
        requirement: routeRequirements.placemaker,
        location,
      }),
    ).toEqual({ kind: 'wait' });
  });

  it('sends a signed-out visitor to sign in, keeping the page and its query', () => {
    expect(
      guardDecision({
        user: null,
        permitted: false,
        accessLoading: false,
        requirement: routeRequirements.placemaker,
        location,
      }),
    ).toEqual({ kind: 'redirect', to: '/sign-in?returnUrl=%2Ftable%3Fpage%3D2' });
    expect(
      guardDecision({
        user: null,
        permitted: false,
        accessLoading: false,
        requirement: routeRequirements.anyAccount,
        location,
      }),
    ).toEqual({ kind: 'redirect', to: '/login?returnUrl=%2Ftable%3Fpage%3D2' });
  });

  it('sends a signed-in user without the grant home, and shows the page to one with it', () => {
    const base = { user, accessLoading: false, requirement: routeRequirements.admin, location };
    expect(guardDecision({ ...base, permitted: false })).toEqual({ kind: 'redirect', to: '/' });
    expect(guardDecision({ ...base, permitted: true })).toEqual({ kind: 'show' });
    expect(guardDecision({ ...base, permitted: false, accessLoading: true })).toEqual({ kind: 'wait' });
  });

  it('lets any signed-in account through where no grant is needed', () => {
    expect(
      guardDecision({
        user,
        permitted: false,
        accessLoading: false,
        requirement: routeRequirements.anyAccount,
        location,
      }),
    ).toEqual({ kind: 'show' });
  });
});

describe('homeFor', () => {
  it.each([
    [null, false, '/sign-in'],
    [user, true, '/map'],
    [user, false, '/p/document/all?notice=no-site-assessment'],
    [{ ...user, kind: 'public' }, false, '/p/document/all'],
  ] as const)('%o with placemaker %s → %s', (who, placemaker, expected) => {
    expect(homeFor(who, placemaker)).toBe(expected);
  });
});
