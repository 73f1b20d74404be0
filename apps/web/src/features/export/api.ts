import {
  dataDictionarySchema,
  exportFileName,
  exportPresetsSchema,
  siteExportQueuedSchema,
  siteExportStatusSchema,
  siteListsSchema,
  type ExportPreset,
  type SiteExportRequest,
} from '@planning/shared';
import { api, sendForFile } from '../../api/client';

export const exportQueryKeys = {
  dictionary: ['data-dictionary'] as const,
  lists: ['lists'] as const,
  presets: ['user', 'export-presets'] as const,
};

export async function fetchDictionary(signal?: AbortSignal) {
  return (await api.get('/data-dictionary', dataDictionarySchema, { signal })).fields;
}

export async function fetchLists(signal?: AbortSignal) {
  return (await api.get('/lists', siteListsSchema, { signal })).lists;
}

/** PUT /site/export: the file downloads at once, or the export is queued (202). */
export function exportSites(request: SiteExportRequest) {
  return sendForFile(
    'PUT',
    '/site/export',
    request,
    siteExportQueuedSchema,
    exportFileName(request.file_type, request.scenario ?? 'Base'),
  );
}

/** GET /site/export/{jobId}: a background export's state and, once done, its download link. */
export function fetchExportStatus(jobId: string, signal?: AbortSignal) {
  return api.get(`/site/export/${encodeURIComponent(jobId)}`, siteExportStatusSchema, { signal });
}

/** Spec 01 §3: the local-storage key of data export presets. */
export const PRESETS_STORAGE_KEY = 'data export presets';

export function readLocalPresets(): ExportPreset[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(PRESETS_STORAGE_KEY) ?? '[]');
    const parsed = exportPresetsSchema.safeParse({ presets: stored });
    return parsed.success ? parsed.data.presets : [];
  } catch {
    return [];
  }
}

export function writeLocalPresets(presets: ExportPreset[]): void {
  try {
    window.localStorage.setItem(PRESETS_STORAGE_KEY, JSON.stringify(presets));
  } catch {
    // Storage full or blocked: the server copy still follows the user.
  }
}

export async function fetchPresets(signal?: AbortSignal): Promise<ExportPreset[]> {
  return (await api.get('/user/export-presets', exportPresetsSchema, { signal })).presets;
}

export async function savePresets(presets: ExportPreset[]): Promise<ExportPreset[]> {
  writeLocalPresets(presets);
  return (await api.put('/user/export-presets', exportPresetsSchema, { presets })).presets;
}

/** The server's presets, with any kept only in this browser (saved while offline, say) after them. */
export function mergePresets(server: ExportPreset[], local: ExportPreset[]): ExportPreset[] {
  const names = new Set(server.map((preset) => preset.name));
  return [...server, ...local.filter((preset) => !names.has(preset.name))];
}
