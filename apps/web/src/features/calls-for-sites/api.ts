import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCallListSchema,
  adminCallSchema,
  adminEventSchema,
  configDocumentListSchema,
  layerListSchema,
  publicCallListSchema,
  publicCallSchema,
  type AdminCallInput,
} from '@planning/shared';
import { api } from '../../api/client';

/** The questionnaire's config type (the call-for-sites feature's, spec 03 §3.4). */
export const QUESTIONNAIRE_CONFIG_TYPE = 'call-for-sites-questionnaire';

// Every query of this feature sits under ['cfs']: a save or a cancel refreshes the admin lists, the
// open call and the public pages together.
export const callKeys = {
  all: ['cfs'] as const,
  adminList: ['cfs', 'admin', 'calls'] as const,
  adminCall: (id: string) => ['cfs', 'admin', 'call', id] as const,
  publicList: ['cfs', 'public', 'calls'] as const,
  publicCall: (id: string) => ['cfs', 'public', 'call', id] as const,
  questionnaires: ['cfs', 'questionnaires'] as const,
  publicLayers: ['cfs', 'public-layers'] as const,
};

export const fetchAdminCalls = (signal?: AbortSignal) =>
  api.get('/admin/cfs/calls', adminCallListSchema, { signal });
export const fetchAdminCall = (id: string, signal?: AbortSignal) =>
  api.get(`/admin/cfs/calls/${encodeURIComponent(id)}`, adminCallSchema, { signal });
export const createCall = (body: AdminCallInput) => api.post('/admin/cfs/calls', adminCallSchema, body);
export const updateCall = (id: string, body: AdminCallInput) =>
  api.put(`/admin/cfs/calls/${encodeURIComponent(id)}`, adminCallSchema, body);
/** A call is its event: cancelling or reinstating it is the event's own route. */
export const setCallCancelled = (id: string, cancelled: boolean) =>
  api.post(`/admin/events/${encodeURIComponent(id)}/cancel`, adminEventSchema, { cancelled });

export const fetchPublicCalls = (signal?: AbortSignal) =>
  api.get('/public/cfs/calls', publicCallListSchema, { signal });
export const fetchPublicCall = (id: string, signal?: AbortSignal) =>
  api.get(`/public/cfs/calls/${encodeURIComponent(id)}`, publicCallSchema, { signal });

/** The council's live Call for sites questionnaire configs, as the events form's config picker lists them. */
export async function fetchQuestionnaireChoices(signal?: AbortSignal) {
  const answer = await api.get('/config-documents', configDocumentListSchema, {
    signal,
    query: { type: QUESTIONNAIRE_CONFIG_TYPE },
  });
  return answer.items
    .filter((config) => !config.deletedAt)
    .map((config) => ({ id: config.id, label: config.label }));
}

/** The layers on the council's public web map: the only ones a submitter may be shown. */
export async function fetchPublicLayers(signal?: AbortSignal) {
  const answer = await api.get('/public/layers', layerListSchema, { signal });
  return answer.layers.map((layer) => ({ id: layer.id, title: layer.title }));
}

export const useAdminCalls = () =>
  useQuery({ queryKey: callKeys.adminList, queryFn: ({ signal }) => fetchAdminCalls(signal) });

export const useAdminCall = (id: string | undefined) =>
  useQuery({
    queryKey: callKeys.adminCall(id ?? ''),
    queryFn: ({ signal }) => fetchAdminCall(id!, signal),
    enabled: Boolean(id),
  });

export const usePublicCalls = () =>
  useQuery({ queryKey: callKeys.publicList, queryFn: ({ signal }) => fetchPublicCalls(signal) });

export const usePublicCall = (id: string) =>
  useQuery({
    queryKey: callKeys.publicCall(id),
    queryFn: ({ signal }) => fetchPublicCall(id, signal),
  });

export const useQuestionnaireChoices = () =>
  useQuery({ queryKey: callKeys.questionnaires, queryFn: ({ signal }) => fetchQuestionnaireChoices(signal) });

export const usePublicLayers = () =>
  useQuery({ queryKey: callKeys.publicLayers, queryFn: ({ signal }) => fetchPublicLayers(signal) });

/**
 * Creates a call (no id) or saves one; the feature's queries are refreshed after. The form shows a
 * failure on its fields (the mutation's error), so no notice is raised for it.
 */
export function useSaveCall(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCallInput) => (id ? updateCall(id, body) : createCall(body)),
    onSuccess: () => client.invalidateQueries({ queryKey: callKeys.all }),
    onError: () => undefined,
  });
}

/** Cancels or reinstates a call; the feature's queries are refreshed after. */
export function useSetCallCancelled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cancelled }: { id: string; cancelled: boolean }) => setCallCancelled(id, cancelled),
    onSuccess: () => client.invalidateQueries({ queryKey: callKeys.all }),
  });
}
