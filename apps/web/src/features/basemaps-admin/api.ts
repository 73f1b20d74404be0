import {
  baseMapChoiceSchema,
  baseMapListSchema,
  baseMapSettingsSchema,
  pmtilesBaseMapSchema,
  styleBaseMapSchema,
  xyzBaseMapSchema,
  type NewRasterBaseMap,
  type NewStyleBaseMap,
} from '@planning/shared';
import { api, noContent, postFormWithProgress } from '../../api/client';

export const baseMapQueryKeys = {
  /** The same list the site maps' Base map menu reads: changes here show there at once. */
  list: ['basemaps'] as const,
  settings: ['basemaps', 'settings'] as const,
};

export async function fetchBaseMaps(signal?: AbortSignal) {
  return (await api.get('/basemaps', baseMapListSchema, { signal })).baseMaps;
}

export function fetchBaseMapSettings(signal?: AbortSignal) {
  return api.get('/basemaps/settings', baseMapSettingsSchema, { signal });
}

/** POST /basemaps/pmtiles, reporting how much of the file has been sent (0 to 1). */
export function uploadArchive(file: File, onProgress: (sent: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return postFormWithProgress('/basemaps/pmtiles', pmtilesBaseMapSchema, form, onProgress, { signal });
}

export function addStyle(input: NewStyleBaseMap) {
  return api.post('/basemaps/styles', styleBaseMapSchema, input);
}

export function addRaster(input: NewRasterBaseMap) {
  return api.post('/basemaps/rasters', xyzBaseMapSchema, input);
}

export function renameBaseMap(id: string, name: string) {
  return api.patch(`/basemaps/${encodeURIComponent(id)}`, baseMapChoiceSchema, { name });
}

export function removeBaseMap(id: string) {
  return api.delete(`/basemaps/${encodeURIComponent(id)}`, noContent);
}
