import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routes } from './router';
import { screensFor } from './screens';

// Issue 27 point 2: the submitter's pages are not taken for a call ('calls-for-sites/:callId').
const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;

describe('the submission pages’ addresses', () => {
  it('reach their own routes, beside the public call’s', () => {
    expect(leaf('/calls-for-sites/my-submissions')).toBe('calls-for-sites/my-submissions');
    const draft = 'calls-for-sites/submissions/:submissionId/:step?/:siteNumber?';
    expect(leaf('/calls-for-sites/submissions/5b0c')).toBe(draft);
    expect(leaf('/calls-for-sites/submissions/5b0c/details')).toBe(draft);
    expect(leaf('/calls-for-sites/submissions/5b0c/sites/2')).toBe(draft);
    expect(leaf('/calls-for-sites/5b0c')).toBe('calls-for-sites/:callId');
  });

  it('fetch their own chunk when opened directly', () => {
    expect(screensFor('/calls-for-sites/my-submissions')).toEqual(['layout', 'callsForSitesSubmissions']);
    expect(screensFor('/calls-for-sites/submissions/5b0c/sites/2')).toEqual([
      'layout',
      'callsForSitesSubmissions',
    ]);
    expect(screensFor('/calls-for-sites/5b0c')).toEqual(['layout', 'callsForSites']);
  });
});
