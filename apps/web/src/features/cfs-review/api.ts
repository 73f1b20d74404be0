import {
  bulkReviewResultSchema,
  callAnalyticsSchema,
  publicCallListSchema,
  publicCallSchema,
  reviewListSchema,
  reviewSubmissionSchema,
  siteLookupResponseSchema,
  type BulkReviewInput,
} from '@planning/shared';
import { api, downloadFile } from '../../api/client';
import { exportFileName, type ConstraintsFilter, type ReviewStatus } from './reviewRules';

/** Issue 27 points 4 and 6: the officers' calls (apps/server/src/modules/cfs/cfs.review.routes.ts). */
export const reviewQueryKeys = {
  all: ['cfs-review'] as const,
  queue: (callId: string | null, status: ReviewStatus | null, constraints: ConstraintsFilter | null) =>
    ['cfs-review', 'queue', callId, status, constraints] as const,
  submission: (id: string) => ['cfs-review', 'submission', id] as const,
  analytics: (callId: string) => ['cfs-review', 'analytics', callId] as const,
  publicCalls: ['cfs-review', 'public-calls'] as const,
  call: (callId: string) => ['cfs-review', 'call', callId] as const,
};

export const fetchQueue = (
  callId: string | null,
  status: ReviewStatus | null,
  constraints: ConstraintsFilter | null,
  signal?: AbortSignal,
) =>
  api.get('/cfs/submissions', reviewListSchema, {
    query: {
      callId: callId ?? undefined,
      status: status ?? undefined,
      constraints: constraints ?? undefined,
    },
    signal,
  });

export const fetchReviewSubmission = (id: string, signal?: AbortSignal) =>
  api.get(`/cfs/submissions/${encodeURIComponent(id)}`, reviewSubmissionSchema, { signal });

export const startReview = (id: string) =>
  api.post(`/cfs/submissions/${encodeURIComponent(id)}/review`, reviewSubmissionSchema);

export const acceptSubmission = (id: string) =>
  api.post(`/cfs/submissions/${encodeURIComponent(id)}/accept`, reviewSubmissionSchema);

export const rejectSubmission = (id: string, reason: string) =>
  api.post(`/cfs/submissions/${encodeURIComponent(id)}/reject`, reviewSubmissionSchema, { reason });

/** One site of the submission merged into an existing site of the register (the same land). */
export const mergeSubmissionSite = (id: string, siteIndex: number, siteId: string) =>
  api.post(`/cfs/submissions/${encodeURIComponent(id)}/merge`, reviewSubmissionSchema, { siteIndex, siteId });

/** Several submissions taken into review, or rejected with one reason; what became of each. */
export const bulkReview = (input: BulkReviewInput) =>
  api.post('/cfs/submissions/bulk', bulkReviewResultSchema, input);

/** Sites of the register by reference or name, to merge into (GET /search/site, the base scenario). */
export const lookupSites = (text: string, signal?: AbortSignal) =>
  api.get('/search/site', siteLookupResponseSchema, { signal, query: { q: text, limit: 10 } });

export const fetchAnalytics = (callId: string, signal?: AbortSignal) =>
  api.get(`/cfs/calls/${encodeURIComponent(callId)}/analytics`, callAnalyticsSchema, { signal });

/** The open and upcoming calls (the admin list is for administrators only). */
export const fetchPublicCalls = (signal?: AbortSignal) =>
  api.get('/public/cfs/calls', publicCallListSchema, { signal });

/** One call with its questionnaire, to name the questions answered. */
export const fetchCall = (callId: string, signal?: AbortSignal) =>
  api.get(`/public/cfs/calls/${encodeURIComponent(callId)}`, publicCallSchema, { signal });

export const downloadExport = (call: { id: string; name: string }, format: 'csv' | 'gpkg') =>
  downloadFile(`/cfs/calls/${encodeURIComponent(call.id)}/export`, exportFileName(call.name, format), {
    query: { format },
  });
