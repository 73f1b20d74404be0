// The public call-for-sites frame, a chunk of its own: the list and a call's page load it with
// their screens, as do the submission steps (issue 27 point 7).
export { PublicCallsLayout } from './PublicCallsLayout';
