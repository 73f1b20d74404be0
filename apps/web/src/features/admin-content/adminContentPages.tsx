// Issue 16 point 3: the admin area's home, events, layout, privacy policy, suggestion redaction and
// analytics, and the pages that read them (/events, /policy, /terms, /consultations).
export { AdminHomePage } from './AdminHomePage';
export { AdminEventsPage, EventsPage } from './EventsPages';
export { AdminEventFormPage } from './EventFormPage';
export { SiteLayoutAdminPage } from './SiteLayoutAdminPage';
export { PrivacyPolicyAdminPage, PolicyPage, TermsPage } from './PolicyPages';
export { SuggestionRedactionPage } from './SuggestionRedactionPage';
export { AnalyticsAdminPage } from './AnalyticsAdminPage';
export { ConsultationsHomePage } from './ConsultationsHomePage';
export { AdminFrame } from '../../shared/admin-frame/AdminFrame';
