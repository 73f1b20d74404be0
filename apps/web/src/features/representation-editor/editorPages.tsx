// The representation editor (spec 02 §2 "Representation editor"), fetched as one chunk with TipTap.
import { ComingSoonPage } from '../../components/ComingSoonPage';

export function RepresentationEditorPage() {
  return <ComingSoonPage title="Representation editor" />;
}

export function SubRepresentationEditorPage() {
  return <ComingSoonPage title="Sub-representation editor" />;
}
