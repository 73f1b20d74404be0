import {
  adminEventListSchema,
  adminEventSchema,
  councilLayoutSchema,
  documentActivityListSchema,
  liveConsultationListSchema,
  policySchema,
  submissionListSchema,
  submissionSchema,
  type AdminEventInput,
  type EventState,
  type PolicyKind,
  type RedactSubmission,
  type SiteLayouts,
} from '@planning/shared';
import { z } from 'zod';
import { api } from '../../api/client';

export const adminContentKeys = {
  events: (scope: 'admin' | 'staff') => ['admin-content', 'events', scope] as const,
  event: (id: string) => ['admin-content', 'event', id] as const,
  policy: (kind: PolicyKind) => ['admin-content', 'policy', kind] as const,
  layout: ['admin-content', 'layout'] as const,
  submissions: (query: Record<string, string | number>) => ['admin-content', 'submissions', query] as const,
  documents: ['admin-content', 'documents'] as const,
  configs: (type: string) => ['admin-content', 'configs', type] as const,
  live: ['admin-content', 'live'] as const,
  documentChoices: ['admin-content', 'document-choices'] as const,
};

export const fetchAdminEvents = (signal?: AbortSignal, state?: EventState) =>
  api.get('/admin/events', adminEventListSchema, { signal, query: { state } });
export const fetchStaffEvents = (signal?: AbortSignal) =>
  api.get('/events', adminEventListSchema, { signal });
export const fetchAdminEvent = (id: string, signal?: AbortSignal) =>
  api.get(`/admin/events/${id}`, adminEventSchema, { signal });
export const createAdminEvent = (body: AdminEventInput) => api.post('/admin/events', adminEventSchema, body);
export const updateAdminEvent = (id: string, body: AdminEventInput) =>
  api.put(`/admin/events/${id}`, adminEventSchema, body);
export const setEventCancelled = (id: string, cancelled: boolean) =>
  api.post(`/admin/events/${id}/cancel`, adminEventSchema, { cancelled });

export const fetchPolicy = (kind: PolicyKind, signal?: AbortSignal) =>
  api.get(`/public/policies/${kind}`, policySchema, { signal });
export const savePolicy = (kind: PolicyKind, html: string) =>
  api.put(`/admin/policies/${kind}`, policySchema, { html });

export const fetchCouncilLayout = (signal?: AbortSignal) =>
  api.get('/site-layout/default', councilLayoutSchema, { signal });
export const saveCouncilLayout = (layouts: SiteLayouts | null) =>
  api.put('/admin/site-layout', councilLayoutSchema, { layouts });

export const fetchSubmissions = (query: Record<string, string | number>, signal?: AbortSignal) =>
  api.get('/admin/submissions', submissionListSchema, { signal, query });
export const redactSubmission = (body: RedactSubmission) =>
  api.post('/admin/submissions/redact', submissionSchema, body);

export const fetchDocumentActivity = (signal?: AbortSignal) =>
  api.get('/admin/analytics/documents', documentActivityListSchema, { signal });
export const fetchLiveConsultations = (signal?: AbortSignal) =>
  api.get('/public/consultations/live', liveConsultationListSchema, { signal });

/** The config picker: the council's live documents of one type (the config documents' list). */
const configChoicesSchema = z.object({
  items: z.array(z.object({ id: z.string(), label: z.string(), deletedAt: z.string().nullish() }).loose()),
});
export async function fetchConfigChoices(type: string, signal?: AbortSignal) {
  const answer = await api.get('/config-documents', configChoicesSchema, { signal, query: { type } });
  return answer.items.filter((config) => !config.deletedAt);
}
