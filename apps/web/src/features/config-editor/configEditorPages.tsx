import { ComingSoonPage } from '../../components/ComingSoonPage';

// Issue 16: pre-wired by the lead; the owning helper replaces these.
export function ConfigsPage() {
  return <ComingSoonPage title="ConfigsPage" />;
}
export function ConfigEditorPage() {
  return <ComingSoonPage title="ConfigEditorPage" />;
}
export function ConfigTypePage(_props: { type: string; app: 'placemaker' | 'consultations' | 'cfs' }) {
  return <ComingSoonPage title="ConfigTypePage" />;
}
