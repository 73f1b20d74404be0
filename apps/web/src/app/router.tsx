import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoonPage } from '../components/ComingSoonPage';
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

/** Spec 01 §2: the site assessment product and the pages every product shares. */
const siteAssessmentRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/map" replace /> },
  soon('sign-in', 'Sign in'),
  soon('session-expired', 'Session expired'),
  soon('map', 'Site search'),
  soon('table', 'Site table'),
  soon('data-export', 'Data export'),
  soon('site/:siteId', 'Site details'),
  soon('site/:siteId/map', 'Site map'),
  soon('list/:listId', 'Site list'),
  soon('settings', 'Settings'),
  soon('notifications', 'Notifications'),
  soon('notifications/archived', 'Archived notifications'),
  soon('policy', 'Privacy policy'),
  soon('terms', 'Terms of use'),
  soon('events', 'Events'),
];

/** Spec 02 §2: consultations, the document builder and public documents. */
const consultationRoutes: RouteObject[] = [
  soon('documents', 'Document builder'),
  soon('documents/preview/:documentId', 'Document preview'),
  soon('documents/:documentId', 'Document editor'),
  { path: 'p/document', element: <Navigate to="/p/document/all" replace /> },
  soon('p/document/all', 'All documents'),
  soon('p/document/my-responses', 'My responses'),
  soon('p/document/preferences', 'Communication preferences'),
  soon('p/document/my-clients', 'My clients'),
  soon('p/document/unsubscribe/:token', 'Unsubscribe'),
  soon('p/document/:documentId', 'Document'),
  soon('p/document/:documentId/attachments', 'Document attachments'),
  soon('document/response-analysis', 'Response analysis'),
  soon('consultations', 'Consultations'),
  soon('consultations/sign-up', 'Create an account'),
  soon('consultations/login', 'Log in'),
  soon('consultations/confirm-email', 'Confirm your email'),
  soon('consultations/password-reset', 'Reset your password'),
  soon('consultations/auth-action', 'Account action'),
  {
    path: 'consultations/representations',
    element: <Navigate to="/consultations/representations/all" replace />,
  },
  soon('consultations/representations/editor', 'Representation editor'),
  soon('consultations/representations/:tab/:flow?/:step?', 'Representation manager'),
  soon('consultations/sub-representation/:id/editor', 'Sub-representation editor'),
  soon('consultations/response-manager', 'Response manager'),
  soon('login', 'Log in'),
  soon('confirm-email', 'Confirm your email'),
  soon('password-reset', 'Reset your password'),
  soon('auth-action', 'Account action'),
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
              ...siteAssessmentRoutes,
              ...adminRoutes,
              ...consultationRoutes,
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
