import { submissionsChangedSchema, submitterLookupSchema } from '@planning/shared';
import { api } from '../../api/client';

/** Spec 03 §7 /submissions delete and restore, by person (apps/server/src/modules/cfs/cfs.review.routes.ts). */
export const cfsSubmitterQueryKeys = {
  all: ['cfs-submitters'] as const,
  byEmail: (email: string) => ['cfs-submitters', email] as const,
};

export const findSubmitters = (email: string, signal?: AbortSignal) =>
  api.get('/cfs/submitters', submitterLookupSchema, { query: { email }, signal });

/** Every submission of the accounts named deleted (restorable) or restored. */
export const setSubmissionsDeleted = (userIds: string[], deleted: boolean) =>
  api.post(deleted ? '/submissions/delete' : '/submissions/restore', submissionsChangedSchema, { userIds });
