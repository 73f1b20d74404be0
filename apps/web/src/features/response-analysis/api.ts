import {
  analysisSchema,
  consultationEventListSchema,
  documentListSchema,
  type AnalysisQuery,
  type StatementFormat,
} from '@planning/shared';
import { api, downloadFile } from '../../api/client';

/** The analysis page's calls (apps/server/src/modules/consultation-analysis/README.md). */

export const analysisQueryKeys = {
  all: ['response-analysis'] as const,
  documents: ['response-analysis', 'documents'] as const,
  events: ['response-analysis', 'events'] as const,
  analysis: (query: AnalysisQuery) => ['response-analysis', 'analysis', query] as const,
};

export async function fetchDocuments(signal?: AbortSignal) {
  return (await api.get('/documents', documentListSchema, { signal })).documents;
}

export async function fetchEvents(signal?: AbortSignal) {
  return (await api.get('/consultations/events', consultationEventListSchema, { signal })).events;
}

export function fetchAnalysis(query: AnalysisQuery, signal?: AbortSignal) {
  return api.get('/consultations/analysis', analysisSchema, { query, signal });
}

/** The answers as CSV, with the page's filters. */
export function downloadAnswersCsv(query: AnalysisQuery) {
  return downloadFile('/consultations/analysis/export.csv', 'answers.csv', { query });
}

/** The consultation statement (Regulation 22(1)(c)) of an event. */
export function downloadStatement(eventId: string, format: StatementFormat) {
  return downloadFile(
    `/consultations/events/${encodeURIComponent(eventId)}/statement`,
    `consultation statement.${format}`,
    { query: { format } },
  );
}
