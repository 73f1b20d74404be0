// Issue 27 point 1: the public calls for sites (/calls-for-sites), open to everyone.
export { PublicCallsPage, PublicCallPage } from './PublicCallPages';
