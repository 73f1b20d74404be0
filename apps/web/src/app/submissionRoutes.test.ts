import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routes } from './router';
import { screensFor, signedInDataFor } from './screens';

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

  it('fetch their own chunk and the public frame when opened directly, never the staff layout', () => {
    expect(screensFor('/calls-for-sites/my-submissions')).toEqual([
      'callsForSitesFrame',
      'callsForSitesSubmissions',
    ]);
    expect(screensFor('/calls-for-sites/submissions/5b0c/sites/2')).toEqual([
      'callsForSitesFrame',
      'callsForSitesSubmissions',
    ]);
    expect(screensFor('/calls-for-sites/5b0c')).toEqual(['callsForSitesFrame', 'callsForSites']);
    expect(screensFor('/calls-for-sites')).toEqual(['callsForSitesFrame', 'callsForSites']);
  });

  it('sit in the public frame (issue 27 point 7), the submitter’s behind an account', () => {
    // The layout route is the match just under the council gate; the staff one holds /map.
    const frameOf = (path: string) => matchRoutes(routes, path)?.[2]?.route;
    const publicFrame = frameOf('/calls-for-sites');
    expect(publicFrame).toBeDefined();
    for (const path of [
      '/calls-for-sites/5b0c',
      '/calls-for-sites/my-submissions',
      '/calls-for-sites/submissions/5b0c',
    ])
      expect(frameOf(path), path).toBe(publicFrame);
    expect(frameOf('/map')).not.toBe(publicFrame);
    const guard = (path: string) => matchRoutes(routes, path)?.[3]?.route.path;
    expect(guard('/calls-for-sites/my-submissions')).toBeUndefined();
    expect(matchRoutes(routes, '/calls-for-sites/my-submissions')).toHaveLength(5);
    expect(matchRoutes(routes, '/calls-for-sites/5b0c')).toHaveLength(4);
  });

  it('ask early for who is signed in, not for the staff menu’s access answers', () => {
    for (const path of [
      '/calls-for-sites',
      '/calls-for-sites/my-submissions',
      '/calls-for-sites/submissions/5b0c/sites/1',
    ])
      expect(signedInDataFor(path), path).toEqual(['/auth/user']);
    expect(signedInDataFor('/map').some((path) => path.startsWith('/policy/access'))).toBe(true);
  });
});
