import {
  adminRoleListSchema,
  adminRoleSchema,
  invitedAnswerSchema,
  messageAnswerSchema,
  publicUserListSchema,
  publicUserResponseListSchema,
  recordsDeletedSchema,
  sessionsEndedSchema,
  staffUserListSchema,
  type CreateRoleInput,
  type Grant,
  type InviteUserInput,
  type StaffUserStatus,
} from '@planning/shared';
import { api } from '../../api/client';

export const adminUserKeys = {
  all: ['admin-users'] as const,
  roles: ['admin-users', 'roles'] as const,
  users: (filters: StaffFilters) => ['admin-users', 'users', filters] as const,
  publicUsers: (filters: PublicFilters) => ['admin-users', 'public-users', filters] as const,
  responses: (id: string) => ['admin-users', 'public-users', id, 'responses'] as const,
};

const emptySchema = { safeParse: (data: unknown) => ({ success: true as const, data }) };

export type StaffFilters = { search?: string; roleId?: string; status?: StaffUserStatus };
export type PublicFilters = { search?: string; verified?: 'true' | 'false' };

const query = (filters: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<string, string>;

export const fetchRoles = (signal?: AbortSignal) => api.get('/admin/roles', adminRoleListSchema, { signal });
export const createRole = (body: CreateRoleInput) => api.post('/admin/roles', adminRoleSchema, body);
export const updateRole = (id: string, body: { name?: string; description?: string }) =>
  api.patch(`/admin/roles/${id}`, adminRoleSchema, body);
export const setRoleGrants = (id: string, grants: Grant[]) =>
  api.put(`/admin/roles/${id}/grants`, adminRoleSchema, { grants });
export const deleteRole = (id: string) => api.delete(`/admin/roles/${id}`, emptySchema);

export const fetchStaff = (filters: StaffFilters, signal?: AbortSignal) =>
  api.get('/admin/users', staffUserListSchema, { query: query(filters), signal });
export const inviteUser = (body: InviteUserInput) =>
  api.post('/admin/users/invitations', invitedAnswerSchema, body);
export const changeRole = (id: string, roleId: string) =>
  api.patch(`/admin/users/${id}`, messageAnswerSchema, { roleId });
export const disableUser = (id: string) => api.post(`/admin/users/${id}/disable`, sessionsEndedSchema);
export const enableUser = (id: string) => api.post(`/admin/users/${id}/enable`, messageAnswerSchema);
export const endSessions = (id: string) => api.delete(`/admin/users/${id}/sessions`, sessionsEndedSchema);
export const deleteUser = (id: string) => api.delete(`/admin/users/${id}`, emptySchema);

export const fetchPublicUsers = (filters: PublicFilters, signal?: AbortSignal) =>
  api.get('/admin/public-users', publicUserListSchema, { query: query(filters), signal });
export const fetchResponses = (id: string, signal?: AbortSignal) =>
  api.get(`/admin/public-users/${id}/responses`, publicUserResponseListSchema, { signal });
export const verifyPublicUser = (id: string) =>
  api.post(`/admin/public-users/${id}/verify`, messageAnswerSchema);
export const deletePublicRecords = (id: string) =>
  api.delete(`/admin/public-users/${id}/records`, recordsDeletedSchema);
export const deletePublicUser = (id: string) => api.delete(`/admin/public-users/${id}`, emptySchema);
