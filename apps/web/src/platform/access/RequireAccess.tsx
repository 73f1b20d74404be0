import { Navigate, Outlet, useLocation } from 'react-router';
import { featureAccess } from '@planning/shared';
import { FullPageSpin } from '../../components/FullPageSpin';
import { useAccess, useCurrentUser } from '../session/hooks';
import { guardDecision, homeFor, type RouteRequirement } from './routeAccess';

/** Shows its routes to users who meet the requirement; sends others to sign in or home. */
export function RequireAccess({ requirement }: { requirement: RouteRequirement }) {
  const location = useLocation();
  const { user } = useCurrentUser();
  const { permitted, isLoading } = useAccess(requirement.needs);
  const decision = guardDecision({ user, permitted, accessLoading: isLoading, requirement, location });
  if (decision.kind === 'wait') return <FullPageSpin label="Checking your access" />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

/** '/': the site map for staff, the public documents for everyone else, sign-in when signed out. */
export function HomeRedirect() {
  const { user } = useCurrentUser();
  const { permitted, isLoading } = useAccess(featureAccess.siteAssessmentMenu);
  if (user === undefined || (user && isLoading)) return <FullPageSpin label="Loading" />;
  return <Navigate to={homeFor(user, permitted)} replace />;
}
