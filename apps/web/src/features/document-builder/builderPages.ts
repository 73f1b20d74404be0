// The document builder's screens, fetched together as one chunk (app/screens.ts): the builder's
// code (TipTap, dnd-kit) never loads with the public pages.
export { DocumentEditorPage } from './pages/DocumentEditorPage';
export { DocumentPreviewPage } from './pages/DocumentPreviewPage';
export { DocumentsPage } from './pages/DocumentsPage';
