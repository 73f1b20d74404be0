import {
  allowListSchema,
  privacyNoticeVersionsSchema,
  registerSchema,
  subjectAccessStartedSchema,
  subjectAccessStatusSchema,
  type AllowListInput,
} from '@planning/shared';
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

export const subjectAccessQueryKeys = {
  one: (id: string) => ['data-protection', 'subject-access', id] as const,
};

export function startSubjectAccess(request: { email: string; name: string; postcode: string }) {
  return api.post('/data-protection/subject-access', subjectAccessStartedSchema, request);
}

export function fetchSubjectAccess(id: string, signal?: AbortSignal) {
  return api.get(`/data-protection/subject-access/${encodeURIComponent(id)}`, subjectAccessStatusSchema, {
    signal,
  });
}

/** The zip, for the member of staff who made the request. */
export function downloadSubjectAccess(url: string) {
  return downloadFile(url, 'subject-access.zip');
}

/** Issue 26 points 2 and 6: the allow list and the privacy notice's versions. */
export const dataProtectionSettingsKeys = {
  allowList: ['data-protection', 'allow-list'] as const,
  notices: ['data-protection', 'privacy-notices'] as const,
};

export function fetchAllowList(signal?: AbortSignal) {
  return api.get('/data-protection/allow-list', allowListSchema, { signal });
}

export function saveAllowList(input: AllowListInput) {
  return api.put('/data-protection/allow-list', allowListSchema, input);
}

export function fetchPrivacyNotices(signal?: AbortSignal) {
  return api.get('/data-protection/privacy-notices', privacyNoticeVersionsSchema, { signal });
}

export function publishPrivacyNotice(text: string) {
  return api.post('/data-protection/privacy-notices', privacyNoticeVersionsSchema, { text });
}
