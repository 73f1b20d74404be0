import { siteSubmissionsSchema } from '@planning/shared';
import { api } from '../../api/client';

/** The site page's submissions (GET /cfs/sites/:siteId/submissions, cfs review grant). */
export const siteSubmissionsQueryKey = (siteId: string) => ['site', siteId, 'cfs-submissions'] as const;

export const fetchSiteSubmissions = (siteId: string, signal?: AbortSignal) =>
  api.get(`/cfs/sites/${encodeURIComponent(siteId)}/submissions`, siteSubmissionsSchema, { signal });
