import {
  answerSchema,
  myAnswersSchema,
  myResponsesSchema,
  communicationSettingsSchema,
  publicDocumentSchema,
  publicDocumentSitesSchema,
  unsubscribeAnswerSchema,
  type CommunicationPreferences,
  publicSiteLayersSchema,
  type AnswerInput,
} from '@planning/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, noContent } from '../../../api/client';

const base = (documentId: string) => `/public/documents/${encodeURIComponent(documentId)}`;

export const questionQueryKeys = {
  all: ['document-questions'] as const,
  answers: (documentId: string) => ['document-questions', 'answers', documentId] as const,
  myResponses: ['document-questions', 'my-responses'] as const,
  document: (documentId: string) => ['document-questions', 'document', documentId] as const,
  preferences: ['document-questions', 'preferences'] as const,
  sites: (documentId: string) => ['document-questions', 'sites', documentId] as const,
  siteLayers: (documentId: string, siteId: string) =>
    ['document-questions', 'site-layers', documentId, siteId] as const,
};

/** The sites a document's site questions offer (those of its map blocks). */
export const documentSitesQuery = (documentId: string) =>
  queryOptions({
    queryKey: questionQueryKeys.sites(documentId),
    queryFn: ({ signal }) => api.get(`${base(documentId)}/sites`, publicDocumentSitesSchema, { signal }),
    staleTime: 5 * 60_000,
  });

/** The public layers a site of the document overlaps ('Layer associated with this site'). */
export const siteLayersQuery = (documentId: string, siteId: string) =>
  queryOptions({
    queryKey: questionQueryKeys.siteLayers(documentId, siteId),
    queryFn: ({ signal }) =>
      api.get(`${base(documentId)}/sites/${encodeURIComponent(siteId)}/layers`, publicSiteLayersSchema, {
        signal,
      }),
    staleTime: 5 * 60_000,
  });

/** The signed-in resident's own answers to one document (and whether they may answer). */
export const documentAnswersQuery = (documentId: string) =>
  queryOptions({
    queryKey: questionQueryKeys.answers(documentId),
    queryFn: ({ signal }) => api.get(`${base(documentId)}/answers`, myAnswersSchema, { signal }),
  });

export const myResponsesQuery = queryOptions({
  queryKey: questionQueryKeys.myResponses,
  queryFn: ({ signal }) => api.get('/public/my-responses', myResponsesSchema, { signal }),
});

export function submitAnswer(documentId: string, input: AnswerInput) {
  return api.put(`${base(documentId)}/answers`, answerSchema, input);
}

export function deleteAnswer(documentId: string, answerId: string) {
  return api.delete(`${base(documentId)}/answers/${encodeURIComponent(answerId)}`, noContent);
}

/**
 * After a save or delete: every cached read of this document's answers (ours, and the public
 * page's if it keys them with the document id and 'answers') and My responses.
 */
export function refreshAnswers(queryClient: QueryClient, documentId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: questionQueryKeys.myResponses }),
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey.includes(documentId) && query.queryKey.includes('answers'),
    }),
  ]);
}

/** A public document's config and the reader's policy (My responses lists its questions). */
export const publicDocumentQuery = (documentId: string) =>
  queryOptions({
    queryKey: questionQueryKeys.document(documentId),
    queryFn: ({ signal }) => api.get(base(documentId), publicDocumentSchema, { signal }),
  });

export const preferencesQuery = queryOptions({
  queryKey: questionQueryKeys.preferences,
  queryFn: ({ signal }) => api.get('/public/preferences', communicationSettingsSchema, { signal }),
});

export function savePreferences(preferences: CommunicationPreferences) {
  return api.put('/public/preferences', communicationSettingsSchema, preferences);
}

/** One click of an unsubscribe link: no sign-in, the token is the key. */
export function unsubscribe(token: string) {
  return api.post('/public/unsubscribe', unsubscribeAnswerSchema, { token }, { expectAuthErrors: true });
}
