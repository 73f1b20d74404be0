import { ComingSoonPage } from '../../components/ComingSoonPage';

// Issue 16: pre-wired by the lead; the owning helper replaces these.
export function RolesPage() {
  return <ComingSoonPage title="RolesPage" />;
}
export function UsersPage() {
  return <ComingSoonPage title="UsersPage" />;
}
export function PublicUsersPage() {
  return <ComingSoonPage title="PublicUsersPage" />;
}
