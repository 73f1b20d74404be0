import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  boundaryFileResultSchema,
  cfsSubmissionSchema,
  documentAttachmentsSchema,
  FILE_LIMITS,
  myCfsSubmissionListSchema,
  type CfsSubmission,
  type SubmissionDraftInput,
} from '@planning/shared';
import { api, noContent } from '../../api/client';

/** Issue 27 point 2: a consultation account's own submissions to calls for sites. */

export const submissionKeys = {
  all: ['cfs', 'submissions'] as const,
  mine: ['cfs', 'submissions', 'mine'] as const,
  one: (id: string) => ['cfs', 'submissions', 'one', id] as const,
  attachments: (id: string) => ['cfs', 'submissions', 'one', id, 'attachments'] as const,
};

const path = (id: string) => `/public/cfs/submissions/${encodeURIComponent(id)}`;

export const startSubmission = (callId: string) =>
  api.post(`/public/cfs/calls/${encodeURIComponent(callId)}/submissions`, cfsSubmissionSchema);
export const fetchMySubmissions = (signal?: AbortSignal) =>
  api.get('/public/cfs/submissions', myCfsSubmissionListSchema, { signal });
export const fetchSubmission = (id: string, signal?: AbortSignal) =>
  api.get(path(id), cfsSubmissionSchema, { signal });
export const saveSubmission = (id: string, draft: SubmissionDraftInput) =>
  api.put(path(id), cfsSubmissionSchema, draft);
export const submitSubmission = (id: string) => api.post(`${path(id)}/submit`, cfsSubmissionSchema);
export const withdrawSubmission = (id: string) => api.post(`${path(id)}/withdraw`, cfsSubmissionSchema);
export const deleteSubmission = (id: string) => api.delete(path(id), noContent);

/** Reads a boundary file (zipped shapefile, GeoPackage, KML/KMZ, GeoJSON) into one WGS84 shape. */
export function uploadBoundaryFile(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.postForm('/public/cfs/boundaries', boundaryFileResultSchema, form);
}

/** The documents attached to a submission (site plans, title documents, letters): the server scans each. */
export const fetchAttachments = (id: string, signal?: AbortSignal) =>
  api.get(`${path(id)}/attachments`, documentAttachmentsSchema, { signal });

export function uploadAttachments(id: string, files: readonly File[]) {
  const form = new FormData();
  for (const file of files) form.append(FILE_LIMITS.field, file, file.name);
  return api.postForm(`${path(id)}/attachments`, documentAttachmentsSchema, form);
}

export const removeAttachment = (id: string, fileId: string) =>
  api.delete(`${path(id)}/attachments/${encodeURIComponent(fileId)}`, noContent);

export const useAttachments = (id: string) =>
  useQuery({
    queryKey: submissionKeys.attachments(id),
    queryFn: ({ signal }) => fetchAttachments(id, signal),
  });

/** Adding or removing a document refreshes the list; the page says what failed, so no notice is raised. */
function useAttachmentChange<T, R>(id: string, change: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => client.invalidateQueries({ queryKey: submissionKeys.attachments(id) }),
    onError: () => undefined,
  });
}

export const useUploadAttachments = (id: string) =>
  useAttachmentChange(id, (files: readonly File[]) => uploadAttachments(id, files));

export const useRemoveAttachment = (id: string) =>
  useAttachmentChange(id, (fileId: string) => removeAttachment(id, fileId));

export const useMySubmissions = (enabled = true) =>
  useQuery({ queryKey: submissionKeys.mine, queryFn: ({ signal }) => fetchMySubmissions(signal), enabled });

export const useSubmission = (id: string) =>
  useQuery({ queryKey: submissionKeys.one(id), queryFn: ({ signal }) => fetchSubmission(id, signal) });

/** Keeps an answer from the server as the submission's, and the list fresh. */
function useKeep() {
  const client = useQueryClient();
  return (submission: CfsSubmission) => {
    client.setQueryData(submissionKeys.one(submission.id), submission);
    void client.invalidateQueries({ queryKey: submissionKeys.mine });
  };
}

export function useStartSubmission() {
  const keep = useKeep();
  return useMutation({ mutationFn: startSubmission, onSuccess: keep, onError: () => undefined });
}

/** The pages show a failure where it belongs (the error summary), so no notice is raised. */
export function useSaveSubmission(id: string) {
  const keep = useKeep();
  return useMutation({
    mutationFn: (draft: SubmissionDraftInput) => saveSubmission(id, draft),
    onSuccess: keep,
    onError: () => undefined,
  });
}

export function useSubmitSubmission(id: string) {
  const keep = useKeep();
  return useMutation({ mutationFn: () => submitSubmission(id), onSuccess: keep, onError: () => undefined });
}

export function useWithdrawSubmission() {
  const keep = useKeep();
  return useMutation({ mutationFn: withdrawSubmission, onSuccess: keep, onError: () => undefined });
}

export function useDeleteSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSubmission,
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: submissionKeys.one(id) });
      return client.invalidateQueries({ queryKey: submissionKeys.mine });
    },
    onError: () => undefined,
  });
}
