import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoonPage } from '../components/ComingSoonPage';
import { HomeRedirect, RequireAccess } from '../platform/access/RequireAccess';
import { routeRequirements, type RouteRequirement } from '../platform/access/routeAccess';
import { AppRoot } from './AppRoot';
import { lazyScreen } from './lazyScreen';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { TenantGate } from '../platform/tenant/TenantGate';

// Fetched when first shown (screens.ts): a page loads only what it shows.
const AppLayout = lazyScreen('layout', (m) => m.AppLayout);
const SiteSearchPage = lazyScreen('siteSearch', (m) => m.SiteSearchPage);
const SiteTablePage = lazyScreen('siteTable', (m) => m.SiteTablePage);
const SiteDetailsPage = lazyScreen('siteDetails', (m) => m.SiteDetailsPage);
const SiteMapPage = lazyScreen('siteMap', (m) => m.SiteMapPage);
const SiteListPage = lazyScreen('siteList', (m) => m.SiteListPage);
const DataExportPage = lazyScreen('dataExport', (m) => m.DataExportPage);
const DataProtectionPage = lazyScreen('dataProtection', (m) => m.DataProtectionPage);
const NotificationsPage = lazyScreen('notifications', (m) => m.CurrentNotificationsPage);
const ArchivedNotificationsPage = lazyScreen('notifications', (m) => m.ArchivedNotificationsPage);
const GeodataUploadPage = lazyScreen('geodataUpload', (m) => m.GeodataUploadPage);
const GeodataLayersPage = lazyScreen('geodataLayers', (m) => m.GeodataLayersPage);
const LayerEditPage = lazyScreen('geodataLayerEdit', (m) => m.LayerEditPage);
const LayerViewPage = lazyScreen('geodataLayerView', (m) => m.LayerViewPage);
const BaseMapsAdminPage = lazyScreen('basemapsAdmin', (m) => m.BaseMapsAdminPage);
const MapInfoCardPage = lazyScreen('layerConfigs', (m) => m.MapInfoCardPage);
const LayerTooltipsPage = lazyScreen('layerConfigs', (m) => m.LayerTooltipsPage);
const LayersOrderPage = lazyScreen('layerConfigs', (m) => m.LayersOrderPage);
const DocumentsPage = lazyScreen('documentBuilder', (m) => m.DocumentsPage);
const DocumentEditorPage = lazyScreen('documentBuilder', (m) => m.DocumentEditorPage);
const DocumentPreviewPage = lazyScreen('documentBuilder', (m) => m.DocumentPreviewPage);
const RepresentationManagerPage = lazyScreen('representations', (m) => m.RepresentationManagerPage);
const RepresentationEditorPage = lazyScreen('representationEditor', (m) => m.RepresentationEditorPage);
const SubRepresentationEditorPage = lazyScreen('representationEditor', (m) => m.SubRepresentationEditorPage);
const ResponseManagerPage = lazyScreen('responses', (m) => m.ResponseManagerPage);
const ResponseAnalysisPage = lazyScreen('responseAnalysis', (m) => m.ResponseAnalysisPage);
const SelectTenantPage = lazyScreen('selectTenant', (m) => m.SelectTenantPage);
const SignUpPage = lazyScreen('signUp', (m) => m.SignUpPage);
const SignInPage = lazyScreen('auth', (m) => m.SignInPage);
const SessionExpiredPage = lazyScreen('auth', (m) => m.SessionExpiredPage);
const ConfirmEmailPage = lazyScreen('auth', (m) => m.ConfirmEmailPage);
const PasswordResetPage = lazyScreen('auth', (m) => m.PasswordResetPage);
const AuthActionPage = lazyScreen('auth', (m) => m.AuthActionPage);
// Issue 16: configuration and administration.
const ConfigsPage = lazyScreen('configEditor', (m) => m.ConfigsPage);
const ConfigEditorPage = lazyScreen('configEditor', (m) => m.ConfigEditorPage);
const ConfigTypePage = lazyScreen('configEditor', (m) => m.ConfigTypePage);
const RolesPage = lazyScreen('adminUsers', (m) => m.RolesPage);
const UsersPage = lazyScreen('adminUsers', (m) => m.UsersPage);
const PublicUsersPage = lazyScreen('adminUsers', (m) => m.PublicUsersPage);
const SettingsPage = lazyScreen('councilSettings', (m) => m.SettingsPage);
const AuditLogPage = lazyScreen('auditLog', (m) => m.AuditLogPage);
const AdminHomePage = lazyScreen('adminContent', (m) => m.AdminHomePage);
const AdminEventsPage = lazyScreen('adminContent', (m) => m.AdminEventsPage);
const AdminEventFormPage = lazyScreen('adminContent', (m) => m.AdminEventFormPage);
const SiteLayoutAdminPage = lazyScreen('adminContent', (m) => m.SiteLayoutAdminPage);
const PrivacyPolicyAdminPage = lazyScreen('adminContent', (m) => m.PrivacyPolicyAdminPage);
const SuggestionRedactionPage = lazyScreen('adminContent', (m) => m.SuggestionRedactionPage);
const AnalyticsAdminPage = lazyScreen('adminContent', (m) => m.AnalyticsAdminPage);
const EventsPage = lazyScreen('adminContent', (m) => m.EventsPage);
const PolicyPage = lazyScreen('adminContent', (m) => m.PolicyPage);
const TermsPage = lazyScreen('adminContent', (m) => m.TermsPage);
const ConsultationsHomePage = lazyScreen('adminContent', (m) => m.ConsultationsHomePage);
// Issue 27 point 1: calls for sites, administered under the cfs product and read by the public.
const AdminCallsPage = lazyScreen('callsForSitesAdmin', (m) => m.AdminCallsPage);
const CallFormPage = lazyScreen('callsForSitesAdmin', (m) => m.CallFormPage);
const PublicCallsPage = lazyScreen('callsForSites', (m) => m.PublicCallsPage);
const PublicCallPage = lazyScreen('callsForSites', (m) => m.PublicCallPage);
// Issue 27 point 2: a consultation account's submissions to a call.
const SubmissionPage = lazyScreen('callsForSitesSubmissions', (m) => m.SubmissionPage);
const MySubmissionsPage = lazyScreen('callsForSitesSubmissions', (m) => m.MySubmissionsPage);
// Issue 27 point 7: the public call-for-sites pages' own light frame.
const PublicCallsLayout = lazyScreen('callsForSitesFrame', (m) => m.PublicCallsLayout);
// Issue 27 points 4 and 6: officers review the submissions and read a call's figures.
const ReviewListPage = lazyScreen('cfsReview', (m) => m.ReviewListPage);
const ReviewDetailPage = lazyScreen('cfsReview', (m) => m.ReviewDetailPage);
const CfsAnalyticsPage = lazyScreen('cfsReview', (m) => m.AnalyticsPage);
const MyResponsesPage = lazyScreen('documentQuestions', (m) => m.MyResponsesPage);
const PreferencesPage = lazyScreen('documentQuestions', (m) => m.PreferencesPage);
const UnsubscribePage = lazyScreen('documentQuestions', (m) => m.UnsubscribePage);

const PublicDocumentLayout = lazyScreen('publicDocuments', (m) => m.PublicDocumentLayout);
const PublicDocumentListPage = lazyScreen('publicDocuments', (m) => m.PublicDocumentListPage);
const PublicDocumentPage = lazyScreen('publicDocuments', (m) => m.PublicDocumentPage);
const PublicAttachmentsPage = lazyScreen('publicDocuments', (m) => m.PublicAttachmentsPage);

/** A screen that a later piece of work builds: the route exists now, with its title. */
const soon = (path: string, title: string): RouteObject => ({
  path,
  element: <ComingSoonPage title={title} />,
});

/**
 * Spec 03 §2 geodata: upload and the layers admin — the list, and a layer's edit and view screens
 * (?layerId=…), the council's base maps and the layers order.
 */
const geodataRoutes: RouteObject[] = [
  { path: 'geodata', element: <Navigate to="/admin/placemaker/geodata/layers" replace /> },
  { path: 'geodata/upload', element: <GeodataUploadPage /> },
  { path: 'geodata/basemaps', element: <BaseMapsAdminPage /> },
  { path: 'geodata/layers', element: <GeodataLayersPage /> },
  { path: 'geodata/layers/edit', element: <LayerEditPage /> },
  { path: 'geodata/layers/view', element: <LayerViewPage /> },
  { path: 'geodata/layers-order', element: <LayersOrderPage /> },
  { path: 'geodata/*', element: <NotFoundPage /> },
];

/**
 * Spec 03 §2: the map layer configs. The placemaker and consultations routes edit the council's
 * one document of each type (the maps of both apps apply the same configs).
 */
const layerConfigRoutes: RouteObject[] = [
  { path: 'map-info-card', element: <MapInfoCardPage /> },
  { path: 'layer-tree-tooltips', element: <LayerTooltipsPage /> },
];

/** Every config type's documents, and one document in the config editor (issue 16 point 2). */
const configRoutes = (app: 'placemaker' | 'consultations' | 'cfs'): RouteObject[] => [
  { path: 'configs', element: <ConfigsPage /> },
  { path: 'configs/:configId', element: <ConfigEditorPage /> },
  ...(
    {
      placemaker: [],
      consultations: [
        ['suggestion-map', 'suggestion-map'],
        ['curated-tour', 'storytelling'],
        ['interactive-map', 'interactive-map'],
        ['touch-points', 'touch-points'],
        ['public-web-map', 'public-web-map'],
      ],
      cfs: [['questions', 'call-for-sites-questionnaire']],
    } satisfies Record<string, [string, string][]>
  )[app].flatMap(([tab, type]): RouteObject[] => [
    { path: tab, element: <ConfigTypePage type={type} app={app} /> },
    { path: `${tab}/:configId`, element: <ConfigEditorPage /> },
  ]),
];

/** Spec 01 §2 / spec 03 §2: /admin takes an app and a tab; these are each app's tabs. */
const adminRoutes: RouteObject[] = [
  { path: 'admin', element: <AdminHomePage /> },
  {
    path: 'admin/placemaker',
    children: [
      { index: true, element: <AdminHomePage /> },
      { path: 'events', element: <AdminEventsPage /> },
      { path: 'events/new', element: <AdminEventFormPage /> },
      { path: 'events/:eventId', element: <AdminEventFormPage /> },
      { path: 'layout', element: <SiteLayoutAdminPage /> },
      { path: 'roles', element: <RolesPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'firebase-users', element: <PublicUsersPage /> },
      { path: 'suggestion-redaction', element: <SuggestionRedactionPage /> },
      { path: 'audit-log', element: <AuditLogPage /> },
      { path: 'settings', element: <Navigate to="/settings/council" replace /> },
      ...geodataRoutes,
      ...layerConfigRoutes,
      ...configRoutes('placemaker'),
    ],
  },
  {
    path: 'admin/consultations',
    children: [
      { index: true, element: <AdminHomePage /> },
      ...layerConfigRoutes,
      { path: 'privacy-policy', element: <PrivacyPolicyAdminPage app="consultations" /> },
      { path: 'analytics', element: <AnalyticsAdminPage /> },
      ...configRoutes('consultations'),
    ],
  },
  {
    path: 'admin/cfs',
    children: [
      { index: true, element: <AdminHomePage /> },
      { path: 'calls', element: <AdminCallsPage /> },
      { path: 'calls/new', element: <CallFormPage /> },
      { path: 'calls/:callId', element: <CallFormPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyAdminPage app="cfs" /> },
      ...configRoutes('cfs'),
    ],
  },
];

/** Routes behind a requirement (spec 01 §2 "Protected routes", §6). */
const guarded = (requirement: RouteRequirement, children: RouteObject[]): RouteObject => ({
  element: <RequireAccess requirement={requirement} />,
  children,
});

/** Spec 01 §2: the site assessment product; staff with read on placemaker. */
const siteAssessmentRoutes: RouteObject[] = [
  { path: 'map', element: <SiteSearchPage /> },
  { path: 'table', element: <SiteTablePage /> },
  { path: 'data-export', element: <DataExportPage /> },
  { path: 'site/:siteId', element: <SiteDetailsPage /> },
  { path: 'site/:siteId/map', element: <SiteMapPage /> },
  { path: 'list/:listId', element: <SiteListPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'settings/:tab', element: <SettingsPage /> },
  { path: 'notifications', element: <NotificationsPage /> },
  { path: 'notifications/archived', element: <ArchivedNotificationsPage /> },
  { path: 'events', element: <EventsPage /> },
];

/** Spec 02 §2: the consultation officers' screens; staff with read on consultations. */
const consultationStaffRoutes: RouteObject[] = [
  { path: 'documents', element: <DocumentsPage /> },
  { path: 'documents/preview/:documentId', element: <DocumentPreviewPage /> },
  { path: 'documents/:documentId', element: <DocumentEditorPage /> },
  { path: 'document/response-analysis', element: <ResponseAnalysisPage /> },
  {
    path: 'consultations/representations',
    element: <Navigate to="/consultations/representations/all" replace />,
  },
  { path: 'consultations/representations/editor', element: <RepresentationEditorPage /> },
  { path: 'consultations/representations/:tab/:flow?/:step?', element: <RepresentationManagerPage /> },
  { path: 'consultations/sub-representation/:id/editor', element: <SubRepresentationEditorPage /> },
  { path: 'consultations/response-manager', element: <ResponseManagerPage /> },
];

/** Spec 02 §2: pages of a resident's own account. */
const accountRoutes: RouteObject[] = [
  { path: 'p/document/my-responses', element: <MyResponsesPage /> },
  { path: 'p/document/preferences', element: <PreferencesPage /> },
  soon('p/document/my-clients', 'My clients'),
];

/**
 * Issue 27: the public call-for-sites pages, in their own frame: the calls anyone reads, and a
 * signed-in person's submissions (static segments outrank 'calls-for-sites/:callId' whatever the order).
 */
const callsForSitesRoutes: RouteObject[] = [
  { path: 'calls-for-sites', element: <PublicCallsPage /> },
  { path: 'calls-for-sites/:callId', element: <PublicCallPage /> },
  guarded(routeRequirements.anyAccount, [
    { path: 'calls-for-sites/my-submissions', element: <MySubmissionsPage /> },
    { path: 'calls-for-sites/submissions/:submissionId/:step?/:siteNumber?', element: <SubmissionPage /> },
  ]),
];

/** Open to everyone: public documents, sign-in and account pages, policies. */
const publicRoutes: RouteObject[] = [
  { index: true, element: <HomeRedirect /> },
  { path: 'sign-in', element: <SignInPage variant="staff" /> },
  { path: 'session-expired', element: <SessionExpiredPage /> },
  { path: 'policy', element: <PolicyPage /> },
  { path: 'terms', element: <TermsPage /> },
  { path: 'p/document', element: <Navigate to="/p/document/all" replace /> },
  { path: 'p/document/unsubscribe/:token', element: <UnsubscribePage /> },
  { path: 'consultations', element: <ConsultationsHomePage /> },
  // Spec 02 §2 names the account pages under /consultations; spec 01 at the root. Both work.
  ...['', 'consultations/'].flatMap((prefix): RouteObject[] => [
    { path: `${prefix}login`, element: <SignInPage variant="public" /> },
    { path: `${prefix}confirm-email`, element: <ConfirmEmailPage /> },
    { path: `${prefix}password-reset`, element: <PasswordResetPage /> },
    { path: `${prefix}auth-action`, element: <AuthActionPage /> },
  ]),
  { path: 'consultations/sign-up', element: <SignUpPage /> },
];

/**
 * Spec 02 §2 public documents: their own light frame (the public-document header, no side bar),
 * open to everyone.
 */
const publicDocumentRoutes: RouteObject[] = [
  { path: 'p/document/all', element: <PublicDocumentListPage /> },
  { path: 'p/document/:documentId', element: <PublicDocumentPage /> },
  { path: 'p/document/:documentId/attachments', element: <PublicAttachmentsPage /> },
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
          { element: <PublicDocumentLayout />, children: publicDocumentRoutes },
          { element: <PublicCallsLayout />, children: callsForSitesRoutes },
          {
            element: <AppLayout />,
            children: [
              ...publicRoutes,
              guarded(routeRequirements.placemaker, siteAssessmentRoutes),
              guarded(routeRequirements.admin, adminRoutes),
              guarded(routeRequirements.consultations, consultationStaffRoutes),
              guarded(routeRequirements.anyAccount, accountRoutes),
              guarded(routeRequirements.dataProtection, [
                { path: 'data-protection', element: <DataProtectionPage /> },
              ]),
              guarded(routeRequirements.cfsReview, [
                { path: 'cfs/submissions', element: <ReviewListPage /> },
                { path: 'cfs/submissions/:submissionId', element: <ReviewDetailPage /> },
                { path: 'cfs/analytics', element: <CfsAnalyticsPage /> },
              ]),
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
