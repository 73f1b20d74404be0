// The response analysis page (spec 02 §2 /document/response-analysis).
import { ComingSoonPage } from '../../components/ComingSoonPage';

export function ResponseAnalysisPage() {
  return <ComingSoonPage title="Response analysis" />;
}
