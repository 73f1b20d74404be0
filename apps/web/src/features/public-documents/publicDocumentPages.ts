// The public document pages' chunk (app/screens.ts): the layout and its three pages.
export { PublicDocumentLayout } from './PublicDocumentLayout';
export { PublicDocumentListPage } from './PublicDocumentListPage';
export { PublicDocumentPage } from './PublicDocumentPage';
export { PublicAttachmentsPage } from './PublicAttachmentsPage';
