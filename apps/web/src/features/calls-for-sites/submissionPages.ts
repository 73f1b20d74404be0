// Issue 27 point 2: a consultation account's submissions to calls for sites (the draft's steps,
// Your submissions), a chunk of their own; the boundary map is lazy within it.
export { SubmissionPage } from './SubmissionPages';
export { MySubmissionsPage } from './MySubmissionsPage';
