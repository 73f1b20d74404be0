import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  featureAccess,
  notificationArchiveBodySchema,
  notificationListSchema,
  notificationsViewedBodySchema,
  notificationsViewedAnswerSchema,
} from '@planning/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { notFound } from '../../lib/errors';
import { requireAuth } from '../../lib/request-context';
import { isFlagOn } from '../tenants/tenants.queries';
import { deleteNotification, listNotifications, markViewed, setArchived } from './notifications.service';
import { errorResponses } from '../../lib/route-helpers';

const errors = errorResponses(400, 401, 403, 404, 409);
// The bell is part of the staff screens (spec 01 §6: the site assessment's grant).
const staff = { access: featureAccess.siteAssessmentMenu };
const tags = ['notifications'];
const idParams = z.object({ id: z.string().uuid() });
export const NOTIFICATIONS_OFF = 'Notifications are not enabled for this council';

/** Spec 01 §7 "/notifications CRUD, viewed, archived": each user's own, behind the notifications flag. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const asUser = <T>(
    request: FastifyRequest,
    work: (trx: Transaction<Database>, userId: string) => Promise<T>,
  ) => {
    const { tenantId, userId } = requireAuth(request);
    return withTenant(app.database.db, tenantId, async (trx) => {
      if (!(await isFlagOn(trx, 'notifications'))) throw notFound(NOTIFICATIONS_OFF);
      return work(trx, userId);
    });
  };

  app.get(
    '/notifications',
    {
      config: staff,
      schema: {
        tags,
        summary: "The signed-in user's notifications (newest first) and how many are unviewed",
        response: { 200: notificationListSchema, ...errors },
      },
    },
    (request) => asUser(request, (trx, userId) => listNotifications(trx, userId, false)),
  );

  app.get(
    '/notifications/archived',
    {
      config: staff,
      schema: {
        tags,
        summary: "The user's archived notifications",
        response: { 200: notificationListSchema, ...errors },
      },
    },
    (request) => asUser(request, (trx, userId) => listNotifications(trx, userId, true)),
  );

  app.put(
    '/notifications/viewed',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Marks the given notifications (all when no ids are given) as viewed',
        body: notificationsViewedBodySchema,
        response: { 200: notificationsViewedAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      updated: await asUser(request, (trx, userId) => markViewed(trx, userId, request.body.ids)),
    }),
  );

  app.put(
    '/notifications/:id/archived',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Archives (or brings back) one of your notifications',
        params: idParams,
        body: notificationArchiveBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await asUser(request, (trx, userId) =>
        setArchived(trx, userId, request.params.id, request.body.archived),
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/notifications/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Deletes one of your notifications; one still in progress cannot be deleted',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await asUser(request, (trx, userId) => deleteNotification(trx, userId, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
