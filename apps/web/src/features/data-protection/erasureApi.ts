import {
  consultationHoldSchema,
  consultationHoldsSchema,
  erasurePreviewSchema,
  erasureResultSchema,
} from '@planning/shared';
import { api } from '../../api/client';

/** Issue 26 point 4: erasure and legal holds (apps/server/src/modules/data-protection/erasure.routes.ts). */
export type ErasureTerms = { email: string; name: string; postcode: string };
export type ErasureChoice = ErasureTerms & { accounts?: string[]; contacts?: string[] };

export const legalHoldQueryKeys = { all: ['data-protection', 'legal-holds'] as const };

export function previewErasure(request: ErasureChoice) {
  return api.post('/data-protection/erasure/preview', erasurePreviewSchema, request);
}

export function erase(request: ErasureChoice) {
  return api.post('/data-protection/erasure', erasureResultSchema, request);
}

export function fetchLegalHolds(signal?: AbortSignal) {
  return api.get('/data-protection/legal-holds', consultationHoldsSchema, { signal });
}

export function placeLegalHold(id: string, reason: string) {
  return api.put(`/data-protection/legal-holds/${encodeURIComponent(id)}`, consultationHoldSchema, {
    reason,
  });
}

export function releaseLegalHold(id: string) {
  return api.delete(`/data-protection/legal-holds/${encodeURIComponent(id)}`, consultationHoldSchema);
}
