// The representation manager's screens (spec 02 §2), fetched as one chunk (app/screens.ts).
import { ComingSoonPage } from '../../components/ComingSoonPage';

export function RepresentationManagerPage() {
  return <ComingSoonPage title="Representation manager" />;
}
