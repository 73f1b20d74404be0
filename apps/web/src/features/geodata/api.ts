import {
  GEODATA_LIMITS,
  geodataConfirmAnswerSchema,
  geodataUploadAnswerSchema,
  geodataUploadSchema,
  layerExtentSchema,
  layerListSchema,
  layerSchema,
  layerThemeListSchema,
  layerThemeSchema,
  layerSearchResultSchema,
  type GeodataConfirm,
  type LayerUpdate,
} from '@planning/shared';
import { api, noContent } from '../../api/client';

export const geodataQueryKeys = {
  upload: (uploadId: string) => ['geodata', 'upload', uploadId] as const,
  layers: ['layers', 'admin'] as const,
  themes: ['layers', 'themes'] as const,
  layer: (id: string) => ['layers', 'layer', id] as const,
  extent: (id: string, version: number) => ['layers', 'extent', id, version] as const,
  search: (id: string, term: string) => ['layers', id, 'search', term] as const,
};

/** POST /geodata: one file in the field 'file'; a job then reads its layers. */
export function uploadGeodata(file: File) {
  const form = new FormData();
  form.append(GEODATA_LIMITS.field, file, file.name);
  return api.postForm('/geodata', geodataUploadAnswerSchema, form);
}

export function fetchUpload(uploadId: string, signal?: AbortSignal) {
  return api.get(`/geodata/${uploadId}`, geodataUploadSchema, { signal });
}

export function confirmUpload(uploadId: string, confirm: GeodataConfirm) {
  return api.post(`/geodata/${uploadId}/confirm`, geodataConfirmAnswerSchema, confirm);
}

/** Every layer of the council, hidden ones too (the layers admin). */
export function fetchAdminLayers(signal?: AbortSignal) {
  return api.get('/layers?scope=admin', layerListSchema, { signal });
}

export function fetchThemes(signal?: AbortSignal) {
  return api.get('/layers/themes', layerThemeListSchema, { signal });
}

/** One layer's metadata, hidden ones too (GET /layers/{id}). */
export function fetchLayer(id: string, signal?: AbortSignal) {
  return api.get(`/layers/${id}`, layerSchema, { signal });
}

/** The layer's WGS84 extent and feature count, to fit a map to it. */
export function fetchLayerExtent(id: string, signal?: AbortSignal) {
  return api.get(`/layers/${id}/extent`, layerExtentSchema, { signal });
}

/** Features whose attributes contain the term. */
export function searchLayerFeatures(id: string, term: string, limit: number, signal?: AbortSignal) {
  return api.get(`/layers/${id}/search`, layerSearchResultSchema, { signal, query: { q: term, limit } });
}

/** A new machine name for a layer (POST /geodata/rename); its tiles take the new name. */
export function renameLayer(rename: { layerId: string; layerName: string }) {
  return api.post('/geodata/rename', layerSchema, rename);
}

export function updateLayer(id: string, update: LayerUpdate) {
  return api.put(`/layers/${id}`, layerSchema, update);
}

export function deleteLayer(id: string) {
  return api.delete(`/layers/${id}`, noContent);
}

export function createTheme(name: string) {
  return api.post('/layers/themes', layerThemeSchema, { name });
}

export function deleteTheme(id: string) {
  return api.delete(`/layers/themes/${id}`, noContent);
}
