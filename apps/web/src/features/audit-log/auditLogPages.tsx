import { ComingSoonPage } from '../../components/ComingSoonPage';

// Issue 16: pre-wired by the lead; the owning helper replaces these.
export function AuditLogPage() {
  return <ComingSoonPage title="AuditLogPage" />;
}
