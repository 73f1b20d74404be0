import { featureAccess, type AuthUser, type Grant } from '@planning/shared';

/** What a group of routes needs (spec 01 §2 "Protected routes", §6). */
export type RouteRequirement = {
  /** The grants the user must hold; none means any signed-in user. */
  needs: readonly Grant[];
  /** Where a signed-out visitor goes: staff sign in, the public logs in. */
  signIn: '/sign-in' | '/login';
};

export const routeRequirements = {
  placemaker: { needs: featureAccess.siteAssessmentMenu, signIn: '/sign-in' },
  consultations: { needs: [{ unit: 'consultations', action: 'read' }], signIn: '/sign-in' },
  admin: { needs: featureAccess.admin, signIn: '/sign-in' },
  anyAccount: { needs: [], signIn: '/login' },
  /** Issue 26: the data protection officer's tools. */
  dataProtection: { needs: featureAccess.dataProtection, signIn: '/sign-in' },
  /** Issue 27 point 4: officers who review call for sites submissions. */
  cfsReview: { needs: featureAccess.cfsReview, signIn: '/sign-in' },
} as const satisfies Record<string, RouteRequirement>;

export type GuardDecision = { kind: 'wait' } | { kind: 'show' } | { kind: 'redirect'; to: string };

/** The route guard as a pure decision, so its rules are tested without a browser. */
export function guardDecision(input: {
  user: AuthUser | null | undefined;
  permitted: boolean;
  accessLoading: boolean;
  requirement: RouteRequirement;
  location: { pathname: string; search: string };
}): GuardDecision {
  const { user, permitted, accessLoading, requirement, location } = input;
  if (user === undefined) return { kind: 'wait' };
  if (user === null) {
    const returnUrl = encodeURIComponent(`${location.pathname}${location.search}`);
    return { kind: 'redirect', to: `${requirement.signIn}?returnUrl=${returnUrl}` };
  }
  if (requirement.needs.length === 0) return { kind: 'show' };
  if (accessLoading) return { kind: 'wait' };
  // Signed in without the grant: spec 01 §2 sends the user to '/'.
  return permitted ? { kind: 'show' } : { kind: 'redirect', to: '/' };
}

/** The query that tells the public documents page a staff account was sent there for want of a grant. */
export const NO_SITE_ASSESSMENT = 'no-site-assessment';

export const noSiteAssessmentMessage = {
  title: 'This account has no access to site assessment',
  detail:
    "Your council's administrator has not given your role permission to read sites, so you see only the public documents. Ask them to add it to your role.",
} as const;

/**
 * Spec 01 §2: '/' is each user's home. A staff account without site assessment lands on the public
 * documents, told why rather than left to wonder (issue 25 point 6); residents are not staff, so
 * nothing is missing for them.
 */
export function homeFor(user: AuthUser | null, canUsePlacemaker: boolean): string {
  if (!user) return '/sign-in';
  if (canUsePlacemaker) return '/map';
  return user.kind === 'staff' ? `/p/document/all?notice=${NO_SITE_ASSESSMENT}` : '/p/document/all';
}
