// Issue 27 point 1: the administrators' calls for sites (/admin/cfs/calls), a chunk of its own so
// the public pages never fetch the rich-text editor.
export { AdminCallsPage } from './AdminCallsPage';
export { CallFormPage } from './CallFormPage';
