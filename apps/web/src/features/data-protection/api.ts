import {
  allowListSchema,
  privacyNoticeVersionsSchema,
  registerSchema,
  retentionRunSchema,
  retentionRunsSchema,
  retentionSettingsSchema,
  retentionStartedSchema,
  subjectAccessStartedSchema,
  subjectAccessStatusSchema,
  type AllowListInput,
  type RetentionMode,
  type RetentionRules,
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

export const retentionQueryKeys = {
  settings: ['data-protection', 'retention'] as const,
  runs: ['data-protection', 'retention', 'runs'] as const,
  run: (id: string) => ['data-protection', 'retention', 'runs', id] as const,
};

export function fetchRetention(signal?: AbortSignal) {
  return api.get('/data-protection/retention', retentionSettingsSchema, { signal });
}

export function saveRetentionRules(rules: RetentionRules) {
  return api.put('/data-protection/retention', retentionSettingsSchema, rules);
}

export function savePlanAdoption(eventId: string, planAdoptedOn: string | null) {
  return api.put(
    `/data-protection/retention/consultations/${encodeURIComponent(eventId)}`,
    retentionSettingsSchema,
    { planAdoptedOn },
  );
}

export function startRetention(mode: RetentionMode) {
  return api.post('/data-protection/retention/runs', retentionStartedSchema, { mode });
}

export function fetchRetentionRuns(signal?: AbortSignal) {
  return api.get('/data-protection/retention/runs', retentionRunsSchema, { signal });
}

export function fetchRetentionRun(id: string, signal?: AbortSignal) {
  return api.get(`/data-protection/retention/runs/${encodeURIComponent(id)}`, retentionRunSchema, { signal });
}

export function downloadRetentionCsv(id: string) {
  return downloadFile(
    `/data-protection/retention/runs/${encodeURIComponent(id)}/report.csv`,
    'retention-report.csv',
  );
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
