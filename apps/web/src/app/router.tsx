import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoonPage } from '../components/ComingSoonPage';
import { FullPageSpin } from '../components/FullPageSpin';
import { AuthActionPage } from '../features/auth/pages/AuthActionPage';
import { ConfirmEmailPage } from '../features/auth/pages/ConfirmEmailPage';
import { PasswordResetPage } from '../features/auth/pages/PasswordResetPage';
import { SessionExpiredPage } from '../features/auth/pages/SessionExpiredPage';
import { SignInPage } from '../features/auth/pages/SignInPage';
import { SignUpPage } from '../features/auth/pages/SignUpPage';
import { HomeRedirect, RequireAccess } from './access/RequireAccess';
import { routeRequirements, type RouteRequirement } from './access/routeAccess';
import { SelectTenantPage } from '../features/tenants/pages/SelectTenantPage';
import { AppRoot } from './AppRoot';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { TenantGate } from './tenant/TenantGate';

/** A screen that a later piece of work builds: the route exists now, with its title. */
const soon = (path: string, title: string): RouteObject => ({
  path,
  element: <ComingSoonPage title={title} />,
});

/** Spec 01 §2: admin takes an app and a tab; these are the tabs each app has. */
const adminTabs = {
  placemaker: [
    'events',
    'events/new',
    'events/:eventId',
    'layout',
    'roles',
    'geodata/*',
    'map-info-card',
    'layer-tree-tooltips',
    'firebase-users',
    'suggestion-redaction',
  ],
  consultations: [
    'map-info-card',
    'layer-tree-tooltips',
    'privacy-policy',
    'suggestion-map',
    'curated-tour',
    'interactive-map',
    'touch-points',
    'analytics',
    'public-web-map',
  ],
  cfs: ['questions', 'privacy-policy'],
} as const;

const adminRoutes: RouteObject[] = [
  soon('admin', 'Administration'),
  ...Object.entries(adminTabs).map(([app, tabs]) => ({
    path: `admin/${app}`,
    children: [
      { index: true, element: <ComingSoonPage title="Administration" /> },
      ...tabs.map((tab) => soon(tab, 'Administration')),
    ],
  })),
];

/** Routes behind a requirement (spec 01 §2 "Protected routes", §6). */
const guarded = (requirement: RouteRequirement, children: RouteObject[]): RouteObject => ({
  element: <RequireAccess requirement={requirement} />,
  children,
});

function ScreenLoading() {
  return <FullPageSpin label="Loading the screen" />;
}

/** Spec 01 §2: the site assessment product; staff with read on placemaker. */
const siteAssessmentRoutes: RouteObject[] = [
  // Loaded when opened: the map library is a megabyte no other screen needs.
  {
    path: 'map',
    HydrateFallback: ScreenLoading,
    lazy: async () => ({
      Component: (await import('../features/sites/pages/SiteSearchPage')).SiteSearchPage,
    }),
  },
  {
    path: 'table',
    HydrateFallback: ScreenLoading,
    lazy: async () => ({ Component: (await import('../features/sites/pages/SiteTablePage')).SiteTablePage }),
  },
  soon('data-export', 'Data export'),
  soon('site/:siteId', 'Site details'),
  soon('site/:siteId/map', 'Site map'),
  soon('list/:listId', 'Site list'),
  soon('settings', 'Settings'),
  soon('notifications', 'Notifications'),
  soon('notifications/archived', 'Archived notifications'),
  soon('events', 'Events'),
];

/** Spec 02 §2: the consultation officers' screens; staff with read on consultations. */
const consultationStaffRoutes: RouteObject[] = [
  soon('documents', 'Document builder'),
  soon('documents/preview/:documentId', 'Document preview'),
  soon('documents/:documentId', 'Document editor'),
  soon('document/response-analysis', 'Response analysis'),
  {
    path: 'consultations/representations',
    element: <Navigate to="/consultations/representations/all" replace />,
  },
  soon('consultations/representations/editor', 'Representation editor'),
  soon('consultations/representations/:tab/:flow?/:step?', 'Representation manager'),
  soon('consultations/sub-representation/:id/editor', 'Sub-representation editor'),
  soon('consultations/response-manager', 'Response manager'),
];

/** Spec 02 §2: pages of a resident's own account. */
const accountRoutes: RouteObject[] = [
  soon('p/document/my-responses', 'My responses'),
  soon('p/document/preferences', 'Communication preferences'),
  soon('p/document/my-clients', 'My clients'),
];

/** Open to everyone: public documents, sign-in and account pages, policies. */
const publicRoutes: RouteObject[] = [
  { index: true, element: <HomeRedirect /> },
  { path: 'sign-in', element: <SignInPage variant="staff" /> },
  { path: 'session-expired', element: <SessionExpiredPage /> },
  soon('policy', 'Privacy policy'),
  soon('terms', 'Terms of use'),
  { path: 'p/document', element: <Navigate to="/p/document/all" replace /> },
  soon('p/document/all', 'All documents'),
  soon('p/document/unsubscribe/:token', 'Unsubscribe'),
  soon('p/document/:documentId', 'Document'),
  soon('p/document/:documentId/attachments', 'Document attachments'),
  soon('consultations', 'Consultations'),
  // Spec 02 §2 names the account pages under /consultations; spec 01 at the root. Both work.
  ...['', 'consultations/'].flatMap((prefix): RouteObject[] => [
    { path: `${prefix}login`, element: <SignInPage variant="public" /> },
    { path: `${prefix}confirm-email`, element: <ConfirmEmailPage /> },
    { path: `${prefix}password-reset`, element: <PasswordResetPage /> },
    { path: `${prefix}auth-action`, element: <AuthActionPage /> },
  ]),
  { path: 'consultations/sign-up', element: <SignUpPage /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    children: [
      // Reachable with no council known, and never behind global maintenance.
      { path: 'select-tenant', element: <SelectTenantPage /> },
      {
        element: <TenantGate />,
        children: [
          {
            element: <AppLayout />,
            children: [
              ...publicRoutes,
              guarded(routeRequirements.placemaker, siteAssessmentRoutes),
              guarded(routeRequirements.admin, adminRoutes),
              guarded(routeRequirements.consultations, consultationStaffRoutes),
              guarded(routeRequirements.anyAccount, accountRoutes),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
