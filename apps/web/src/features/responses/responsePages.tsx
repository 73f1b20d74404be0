// The response manager (spec 02 §2 /consultations/response-manager).
import { ComingSoonPage } from '../../components/ComingSoonPage';

export function ResponseManagerPage() {
  return <ComingSoonPage title="Response manager" />;
}
