import { registerSchema } from '@planning/shared';
import { api, downloadFile } from '../../api/client';

/** The data protection officer's calls (apps/server/src/modules/data-protection). */
export const dataProtectionQueryKeys = {
  register: ['data-protection', 'register'] as const,
};

export function fetchRegister(signal?: AbortSignal) {
  return api.get('/data-protection/register', registerSchema, { signal });
}

export function downloadRegisterCsv() {
  return downloadFile('/data-protection/register.csv', 'personal-data-register.csv');
}
