import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRoleListSchema,
  adminRoleSchema,
  adminUserMessages as m,
  changeUserRoleSchema,
  createRoleSchema,
  featureAccess,
  idParamsSchema,
  invitedAnswerSchema,
  inviteUserSchema,
  messageAnswerSchema,
  publicUserListSchema,
  publicUserQuerySchema,
  publicUserResponseListSchema,
  recordsDeletedSchema,
  roleGrantsBodySchema,
  serverMessages,
  sessionsEndedSchema,
  staffUserListSchema,
  staffUserQuerySchema,
  updateRoleSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { grantsOf } from '../access/access.guard';
import {
  deletePublicRecords,
  deletePublicUser,
  listPublicUsers,
  responsesOf,
  verifyPublicUser,
} from './admin-public-users.service';
import { inviteUser } from './admin-users.invite';
import {
  changeUserRole,
  createRole,
  deleteRole,
  deleteStaffUser,
  disableUser,
  enableUser,
  endSessionsOf,
  listRoles,
  listStaff,
  setRoleGrants,
  updateRole,
  type Actor,
} from './admin-users.service';

const admin = { access: featureAccess.admin };
const errors = errorResponses(400, 401, 403, 404, 409);
const params = idParamsSchema;

/**
 * Issue 16 points 3 and 6 (spec 03 §6, §7.3): a council's roles, its staff and its consultation
 * accounts, managed by its administrators. Every change is audited in its own transaction; no one
 * removes the last administrator or grants more than they hold.
 */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  async function actorOf(request: FastifyRequest): Promise<Actor> {
    const { userId } = requireAuth(request);
    return { request, userId, grants: await grantsOf(request) };
  }

  /** A role name two people saved at once: the database's unique key decides. */
  async function nameRace<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(m.roleNameTaken);
      throw error;
    }
  }

  const roleById = async (tenantId: string, id: string) => {
    const role = (await withTenant(db, tenantId, (trx) => listRoles(trx, tenantId))).find((r) => r.id === id);
    if (!role) throw notFound(serverMessages.nonExistingId);
    return role;
  };

  // ---- Roles ----

  app.get(
    '/admin/roles',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: "The council's roles with their grants, how many users hold each, and your own grants",
        response: { 200: adminRoleListSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const roles = await withTenant(db, tenantId, (trx) => listRoles(trx, tenantId));
      return { roles, yourGrants: await grantsOf(request) };
    },
  );

  app.post(
    '/admin/roles',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: 'Create a role with (unit, action) grants you hold yourself',
        body: createRoleSchema,
        response: { 201: adminRoleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const actor = await actorOf(request);
      const id = await nameRace(() =>
        withTenant(db, tenantId, (trx) => createRole(trx, tenantId, actor, request.body)),
      );
      return reply.status(201).send(await roleById(tenantId, id));
    },
  );

  app.patch(
    '/admin/roles/:id',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: 'Rename a role or change its description',
        params,
        body: updateRoleSchema,
        response: { 200: adminRoleSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const actor = await actorOf(request);
      await nameRace(() =>
        withTenant(db, tenantId, (trx) => updateRole(trx, tenantId, actor, request.params.id, request.body)),
      );
      return roleById(tenantId, request.params.id);
    },
  );

  app.put(
    '/admin/roles/:id/grants',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: "Set a role's grants: each pair granted or revoked is audited",
        params,
        body: roleGrantsBodySchema,
        response: { 200: adminRoleSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const actor = await actorOf(request);
      await withTenant(db, tenantId, (trx) =>
        setRoleGrants(trx, tenantId, actor, request.params.id, request.body.grants),
      );
      return roleById(tenantId, request.params.id);
    },
  );

  app.delete(
    '/admin/roles/:id',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: 'Delete a role no one holds',
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const actor = await actorOf(request);
      await withTenant(db, tenantId, (trx) => deleteRole(trx, tenantId, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ---- Staff users ----

  app.get(
    '/admin/users',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: "The council's staff: role, status (active, invited, disabled), last sign-in",
        querystring: staffUserQuerySchema,
        response: { 200: staffUserListSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const users = await withTenant(db, tenantId, (trx) => listStaff(trx, userId, request.query));
      return { users };
    },
  );

  app.post(
    '/admin/users/invitations',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: 'Invite a staff member by email with a role (again: the link is sent anew)',
        body: inviteUserSchema,
        response: { 201: invitedAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const { userId } = await inviteUser(app.authDeps, tenantId, request.body, request);
      return reply.status(201).send({ userId, message: m.invitationSent(request.body.email) });
    },
  );

  app.patch(
    '/admin/users/:id',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: "Change a staff member's role",
        params,
        body: changeUserRoleSchema,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const actor = await actorOf(request);
      await withTenant(db, tenantId, (trx) =>
        changeUserRole(trx, tenantId, actor, request.params.id, request.body.roleId),
      );
      return { message: m.roleChanged };
    },
  );

  app.post(
    '/admin/users/:id/disable',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: 'Disable a staff member: their sessions end at once',
        params,
        response: { 200: sessionsEndedSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const actor = await actorOf(request);
      const { ended } = await withTenant(db, tenantId, (trx) =>
        disableUser(trx, tenantId, actor, request.params.id),
      );
      return { ended, message: m.userDisabled };
    },
  );

  app.post(
    '/admin/users/:id/enable',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: 'Enable a disabled staff member',
        params,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const actor = await actorOf(request);
      await withTenant(db, tenantId, (trx) => enableUser(trx, tenantId, actor, request.params.id));
      return { message: m.userEnabled };
    },
  );

  app.delete(
    '/admin/users/:id/sessions',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: 'End every session of a user of this council',
        params,
        response: { 200: sessionsEndedSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const actor = await actorOf(request);
      const ended = await withTenant(db, tenantId, (trx) =>
        endSessionsOf(trx, tenantId, actor, request.params.id),
      );
      return { ended, message: m.sessionsEnded(ended) };
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: 'Delete a staff member: sessions end, roles go, personal data is removed',
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const actor = await actorOf(request);
      await withTenant(db, tenantId, (trx) => deleteStaffUser(trx, tenantId, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ---- Consultation accounts ('firebase-users') ----

  app.get(
    '/admin/public-users',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: 'Consultation accounts: verified or not, created, how many responses',
        querystring: publicUserQuerySchema,
        response: { 200: publicUserListSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const users = await withTenant(db, tenantId, (trx) => listPublicUsers(trx, request.query));
      return { users };
    },
  );

  app.get(
    '/admin/public-users/:id/responses',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: "A consultation account's responses: document titles and dates",
        params,
        response: { 200: publicUserResponseListSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const responses = await withTenant(db, tenantId, (trx) => responsesOf(trx, request.params.id));
      return { responses };
    },
  );

  app.post(
    '/admin/public-users/:id/verify',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: "Mark a consultation account's email address as verified",
        params,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      await withTenant(db, tenantId, (trx) => verifyPublicUser(trx, tenantId, request, request.params.id));
      return { message: m.accountVerified };
    },
  );

  app.delete(
    '/admin/public-users/:id/records',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: "Delete a consultation account's responses and answers (a data-protection request)",
        params,
        response: { 200: recordsDeletedSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const deleted = await withTenant(db, tenantId, (trx) =>
        deletePublicRecords(trx, tenantId, request, request.params.id),
      );
      return { deleted, message: m.recordsDeleted(deleted) };
    },
  );

  app.delete(
    '/admin/public-users/:id',
    {
      config: admin,
      schema: {
        tags: ['admin-users'],
        summary: 'Delete a consultation account and its records',
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      await withTenant(db, tenantId, (trx) => deletePublicUser(trx, tenantId, request, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
