import {
  adminFeatureFlagsSchema,
  councilLogosSchema,
  councilMaintenanceSchema,
  councilSettingsSchema,
  type CouncilMaintenance,
  type CouncilSettingsPatch,
  type FeatureFlagsUpdate,
  type LogoKind,
} from '@planning/shared';
import { api } from '../../api/client';

export const councilSettingsQueryKeys = {
  council: ['admin', 'council'] as const,
  flags: ['admin', 'council', 'flags'] as const,
  maintenance: ['admin', 'council', 'maintenance'] as const,
};

export const fetchCouncilSettings = (signal?: AbortSignal) =>
  api.get('/admin/council', councilSettingsSchema, { signal });

export const saveCouncilSettings = (patch: CouncilSettingsPatch) =>
  api.patch('/admin/council', councilSettingsSchema, patch);

export function uploadLogo(kind: LogoKind, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post(`/admin/council/logos/${kind}`, councilLogosSchema, form);
}

export const removeLogo = (kind: LogoKind) => api.delete(`/admin/council/logos/${kind}`, councilLogosSchema);

export const fetchFlags = (signal?: AbortSignal) =>
  api.get('/admin/council/flags', adminFeatureFlagsSchema, { signal });

export const saveFlags = (update: FeatureFlagsUpdate) =>
  api.put('/admin/council/flags', adminFeatureFlagsSchema, update);

export const fetchMaintenance = (signal?: AbortSignal) =>
  api.get('/admin/council/maintenance', councilMaintenanceSchema, { signal });

export const saveMaintenance = (maintenance: CouncilMaintenance) =>
  api.put('/admin/council/maintenance', councilMaintenanceSchema, maintenance);
