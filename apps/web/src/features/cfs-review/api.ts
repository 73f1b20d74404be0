import {
  callAnalyticsSchema,
  publicCallListSchema,
  publicCallSchema,
  reviewListSchema,
  reviewSubmissionSchema,
} from '@planning/shared';
import { api, downloadFile } from '../../api/client';
import { exportFileName, type ReviewStatus } from './reviewRules';

/** Issue 27 points 4 and 6: the officers' calls (apps/server/src/modules/cfs/cfs.review.routes.ts). */
export const reviewQueryKeys = {
  all: ['cfs-review'] as const,
  queue: (callId: string | null, status: ReviewStatus | null) =>
    ['cfs-review', 'queue', callId, status] as const,
  submission: (id: string) => ['cfs-review', 'submission', id] as const,
  analytics: (callId: string) => ['cfs-review', 'analytics', callId] as const,
  publicCalls: ['cfs-review', 'public-calls'] as const,
  call: (callId: string) => ['cfs-review', 'call', callId] as const,
};

export const fetchQueue = (callId: string | null, status: ReviewStatus | null, signal?: AbortSignal) =>
  api.get('/cfs/submissions', reviewListSchema, {
    query: { callId: callId ?? undefined, status: status ?? undefined },
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
