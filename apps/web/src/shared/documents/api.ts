import { queryOptions } from '@tanstack/react-query';
import {
  DOCUMENT_LIMITS,
  documentAttachmentsSchema,
  documentSitesSchema,
  documentStatusSchema,
  publicDocumentListSchema,
  publicDocumentSchema,
  trackingAnswerSchema,
} from '@planning/shared';
import { api } from '../../api/client';

/** A share link's token travels with every read of a document shared before it is published. */
const shareQuery = (share: string | null) => (share ? { share } : undefined);
const base = (id: string) => `/public/documents/${encodeURIComponent(id)}`;

export const publicDocumentKeys = {
  all: ['public-documents'] as const,
  list: ['public-documents', 'list'] as const,
  document: (id: string, share: string | null) => ['public-documents', id, 'read', share] as const,
  status: (id: string, share: string | null) => ['public-documents', id, 'status', share] as const,
  attachments: (id: string, share: string | null) => ['public-documents', id, 'attachments', share] as const,
  mapSites: (id: string, blockId: string, share: string | null) =>
    ['public-documents', id, 'map', blockId, share] as const,
};

/** GET /public/documents: the council's published documents, newest first. */
export const publicDocumentListQuery = queryOptions({
  queryKey: publicDocumentKeys.list,
  queryFn: ({ signal }) => api.get('/public/documents', publicDocumentListSchema, { signal }),
  staleTime: 60_000,
});

/** GET /public/documents/{id}: rich text already rendered and sanitised by the server. */
export const publicDocumentQuery = (id: string, share: string | null) =>
  queryOptions({
    queryKey: publicDocumentKeys.document(id, share),
    queryFn: ({ signal }) => api.get(base(id), publicDocumentSchema, { signal, query: shareQuery(share) }),
    // A 404 (unpublished, or no such document) is an answer, not a hiccup to retry.
    retry: false,
  });

/** Spec 02 §4: the page asks every minute whether the document changed. */
export const documentStatusQuery = (id: string, share: string | null) =>
  queryOptions({
    queryKey: publicDocumentKeys.status(id, share),
    queryFn: ({ signal }) =>
      api.get(`${base(id)}/status`, documentStatusSchema, { signal, query: shareQuery(share) }),
    refetchInterval: DOCUMENT_LIMITS.statusPollMs,
    refetchIntervalInBackground: false,
    retry: false,
  });

export const documentAttachmentsQuery = (id: string, share: string | null) =>
  queryOptions({
    queryKey: publicDocumentKeys.attachments(id, share),
    queryFn: ({ signal }) =>
      api.get(`${base(id)}/attachments`, documentAttachmentsSchema, { signal, query: shareQuery(share) }),
    retry: false,
  });

/** The sites of one map block (spec 02 §2 Document map block). */
export const mapBlockSitesQuery = (id: string, blockId: string, share: string | null) =>
  queryOptions({
    queryKey: publicDocumentKeys.mapSites(id, blockId, share),
    queryFn: ({ signal }) =>
      api.get(`${base(id)}/map/${encodeURIComponent(blockId)}/sites`, documentSitesSchema, {
        signal,
        query: shareQuery(share),
      }),
    staleTime: 5 * 60_000,
  });

export type TrackingEvent = 'open' | 'heartbeat' | 'close';

/** Spec 02 §4: open, a heartbeat every 30 s, close; the close outlives the page (keepalive). */
export function track(id: string, viewId: string, event: TrackingEvent) {
  return api.post(
    `${base(id)}/tracking`,
    trackingAnswerSchema,
    { event, viewId },
    { keepalive: event === 'close' },
  );
}
