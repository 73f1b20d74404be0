import { ComingSoonPage } from '../../components/ComingSoonPage';

// Issue 16: pre-wired by the lead; the owning helper replaces these.
export function AdminHomePage() {
  return <ComingSoonPage title="AdminHomePage" />;
}
export function AdminEventsPage() {
  return <ComingSoonPage title="AdminEventsPage" />;
}
export function AdminEventFormPage() {
  return <ComingSoonPage title="AdminEventFormPage" />;
}
export function SiteLayoutAdminPage() {
  return <ComingSoonPage title="SiteLayoutAdminPage" />;
}
export function PrivacyPolicyAdminPage(_props: { app: 'consultations' | 'cfs' }) {
  return <ComingSoonPage title="PrivacyPolicyAdminPage" />;
}
export function SuggestionRedactionPage() {
  return <ComingSoonPage title="SuggestionRedactionPage" />;
}
export function AnalyticsAdminPage() {
  return <ComingSoonPage title="AnalyticsAdminPage" />;
}
export function EventsPage() {
  return <ComingSoonPage title="EventsPage" />;
}
export function PolicyPage() {
  return <ComingSoonPage title="PolicyPage" />;
}
export function TermsPage() {
  return <ComingSoonPage title="TermsPage" />;
}
export function ConsultationsHomePage() {
  return <ComingSoonPage title="ConsultationsHomePage" />;
}
