import { featureAccess, type Grant } from '@planning/shared';
import { apiPath } from '../api/early';

/**
 * Screens whose code is fetched when they are first shown, so a page loads only what it shows
 * (the map library only with the map). Each is a function of its own so the router and the
 * start-up preload (main.tsx) share one import() per screen, and so one chunk.
 */
export const screens = {
  layout: () => import('./layout/AppLayout'),
  siteSearch: () => import('../features/sites/pages/SiteSearchPage'),
  siteTable: () => import('../features/sites/pages/SiteTablePage'),
  siteDetails: () => import('../features/sites/details/SiteDetailsPage'),
  siteMap: () => import('../features/sites/details/SiteMapPage'),
  siteList: () => import('../features/sites/lists/SiteListPage'),
  dataExport: () => import('../features/export/DataExportPage'),
  apiKeys: () => import('../shared/api-keys/ApiKeysPage'),
  notifications: () => import('../features/notifications/NotificationsPage'),
  geodataUpload: () => import('../features/geodata/GeodataUploadPage'),
  geodataLayers: () => import('../features/geodata/GeodataLayersPage'),
  geodataLayerEdit: () => import('../features/geodata/LayerEditPage'),
  geodataLayerView: () => import('../features/geodata/LayerViewPage'),
  basemapsAdmin: () => import('../features/basemaps-admin/BaseMapsAdminPage'),
  auth: () => import('../features/auth/pages/authPages'),
  signUp: () => import('../features/auth/pages/SignUpPage'),
  selectTenant: () => import('../features/tenants/pages/SelectTenantPage'),
  publicDocuments: () => import('../features/public-documents/publicDocumentPages'),
  layerConfigs: () => import('../features/layer-configs/layerConfigPages'),
  documentQuestions: () => import('../features/document-questions/pages/questionPages'),
  documentBuilder: () => import('../features/document-builder/builderPages'),
  representations: () => import('../features/representations/representationPages'),
  representationEditor: () => import('../features/representation-editor/editorPages'),
  responses: () => import('../features/responses/responsePages'),
  responseAnalysis: () => import('../features/response-analysis/analysisPages'),
  configEditor: () => import('../features/config-editor/configEditorPages'),
  adminUsers: () => import('../features/admin-users/adminUserPages'),
  councilSettings: () => import('../features/council-settings/councilSettingsPages'),
  auditLog: () => import('../features/audit-log/auditLogPages'),
  dataProtection: () => import('../features/data-protection/dataProtectionPages'),
  adminContent: () => import('../features/admin-content/adminContentPages'),
  callsForSitesAdmin: () => import('../features/calls-for-sites/adminCallPages'),
  callsForSites: () => import('../features/calls-for-sites/publicCallPages'),
  callsForSitesFrame: () => import('../features/calls-for-sites/public-frame'),
  callsForSitesSubmissions: () => import('../features/calls-for-sites/submissionPages'),
  cfsReview: () => import('../features/cfs-review/cfsReviewPages'),
} as const;

export type ScreenName = keyof typeof screens;

/** The screens that an address opened directly needs first (the router has the full table). */
const ADDRESS_SCREENS: ReadonlyArray<readonly [RegExp, readonly ScreenName[]]> = [
  [/^\/select-tenant\/?$/, ['selectTenant']],
  [/^\/map\/?$/, ['layout', 'siteSearch']],
  [/^\/table\/?$/, ['layout', 'siteTable']],
  [/^\/site\/\d+\/?$/, ['layout', 'siteDetails']],
  [/^\/site\/\d+\/map\/?$/, ['layout', 'siteMap']],
  [/^\/list\/[^/]+\/?$/, ['layout', 'siteList']],
  [/^\/data-export\/?$/, ['layout', 'dataExport']],
  [/^\/settings(\/[^/]+)?\/?$/, ['layout', 'councilSettings']],
  [/^\/admin\/placemaker\/(roles|users|firebase-users)\/?$/, ['layout', 'adminUsers']],
  [/^\/admin\/placemaker\/audit-log\/?$/, ['layout', 'auditLog']],
  [/^\/data-protection\/?$/, ['layout', 'dataProtection']],
  [/^\/admin\/(placemaker|consultations|cfs)\/configs(\/[^/]+)?\/?$/, ['layout', 'configEditor']],
  [
    /^\/admin\/consultations\/(suggestion-map|curated-tour|interactive-map|touch-points|public-web-map)(\/[^/]+)?\/?$|^\/admin\/cfs\/questions(\/[^/]+)?\/?$/,
    ['layout', 'configEditor'],
  ],
  [
    /^\/admin(\/(placemaker|consultations|cfs))?\/?$|^\/admin\/placemaker\/(events(\/[^/]+)?|layout|suggestion-redaction)\/?$|^\/admin\/(consultations|cfs)\/(privacy-policy|analytics)\/?$|^\/(events|policy|terms|consultations)\/?$/,
    ['layout', 'adminContent'],
  ],
  [/^\/admin\/cfs\/calls(\/[^/]+)?\/?$/, ['layout', 'callsForSitesAdmin']],
  [/^\/cfs\/(submissions(\/[^/]+)?|analytics)\/?$/, ['layout', 'cfsReview']],
  [
    /^\/calls-for-sites\/(my-submissions|submissions\/[^/]+(\/[^/]+){0,2})\/?$/,
    ['callsForSitesFrame', 'callsForSitesSubmissions'],
  ],
  // The public call-for-sites pages have a frame of their own (issue 27 point 7), not the staff layout.
  [/^\/calls-for-sites(\/[^/]+)?\/?$/, ['callsForSitesFrame', 'callsForSites']],
  [/^\/notifications(\/archived)?\/?$/, ['layout', 'notifications']],
  [/^\/admin\/placemaker\/geodata\/upload\/?$/, ['layout', 'geodataUpload']],
  [/^\/admin\/placemaker\/geodata\/basemaps\/?$/, ['layout', 'basemapsAdmin']],
  [/^\/admin\/placemaker\/geodata\/layers\/?$/, ['layout', 'geodataLayers']],
  [/^\/admin\/placemaker\/geodata\/layers\/edit\/?$/, ['layout', 'geodataLayerEdit']],
  [/^\/admin\/placemaker\/geodata\/layers\/view\/?$/, ['layout', 'geodataLayerView']],
  [
    /^\/admin\/(placemaker|consultations)\/(map-info-card|layer-tree-tooltips)\/?$|^\/admin\/placemaker\/geodata\/layers-order\/?$/,
    ['layout', 'layerConfigs'],
  ],
  [/^\/documents(\/preview)?(\/[^/]+)?\/?$/, ['layout', 'documentBuilder']],
  [
    /^\/consultations\/(representations\/editor|sub-representation\/[^/]+\/editor)\/?$/,
    ['layout', 'representationEditor'],
  ],
  [/^\/consultations\/representations(\/[^/]+){0,3}\/?$/, ['layout', 'representations']],
  [/^\/consultations\/response-manager\/?$/, ['layout', 'responses']],
  [/^\/document\/response-analysis\/?$/, ['layout', 'responseAnalysis']],
  [/^\/p\/document\/(my-responses|preferences|unsubscribe\/[^/]+)\/?$/, ['layout', 'documentQuestions']],
  // The public documents have a frame of their own (not the staff layout); the account pages under
  // /p/document are not theirs.
  [
    /^\/p\/document\/(?!(my-responses|preferences|my-clients|unsubscribe)(\/|$))[^/]+(\/attachments)?\/?$/,
    ['publicDocuments'],
  ],
  [/^\/(consultations\/)?sign-up\/?$/, ['layout', 'signUp']],
  [
    /^\/(sign-in|session-expired|(consultations\/)?(login|confirm-email|password-reset|auth-action))\/?$/,
    ['layout', 'auth'],
  ],
];

/**
 * What every signed-in screen asks first: who is signed in, and the access answers of the side
 * menu (spec 01 §6), which the layout shows on every screen.
 */
const SIGNED_IN_DATA: readonly string[] = [
  '/auth/user',
  ...grantPaths([
    ...featureAccess.siteAssessmentMenu,
    ...featureAccess.siteListsMenu,
    ...featureAccess.consultationsMenu,
    ...featureAccess.admin,
  ]),
];

/** A screen's own first answers, by address (the site map and table: their search and card settings). */
const ADDRESS_DATA: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [
    /^\/map\/?$/,
    [
      '/configs/site-search',
      '/configs/site-card',
      '/scenarios',
      ...grantPaths([...featureAccess.bulkSiteActions, ...featureAccess.searchButton]),
    ],
  ],
  [/^\/table\/?$/, ['/configs/site-search', '/configs/site-card']],
];

function grantPaths(grants: readonly Grant[]): string[] {
  const paths = grants.map(({ unit, action }) => apiPath('/policy/access', { resource: unit, action }));
  return [...new Set(paths)];
}

/** Addresses in a public frame of their own: no side menu, so none of its access answers. */
const PUBLIC_FRAME = /^\/calls-for-sites(\/|$)/;

/** The API answers an address opened directly needs first, once someone is signed in. */
export function signedInDataFor(pathname: string): readonly string[] {
  // The public call-for-sites frame asks who is signed in, and nothing of the staff menu's.
  if (PUBLIC_FRAME.test(pathname)) return ['/auth/user'];
  const own = ADDRESS_DATA.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  return [...new Set([...SIGNED_IN_DATA, ...own])];
}

/** Which screens to fetch at once for an address; any other address needs the layout only. */
export function screensFor(pathname: string): readonly ScreenName[] {
  return ADDRESS_SCREENS.find(([pattern]) => pattern.test(pathname))?.[1] ?? ['layout'];
}

/**
 * Starts fetching the screens an address needs, beside the app's own code rather than once the
 * app has started and the router asks for them (a waterfall: app, then screen, then its data).
 */
export function preloadScreens(pathname: string): void {
  // A failed fetch is the router's to report when the screen is shown.
  for (const name of screensFor(pathname)) screens[name]().catch(() => undefined);
}
