import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { customValueBodySchema, customValuesSchema, type CustomColumnTable } from '@planning/shared';
import { errorResponses } from '../../lib/route-helpers';
import { consultationGrant, type Trx } from './consultations.access';
import { setCustomValue } from './consultations.columns';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * PUT `${path}/custom` (spec 02 §7) for a table with custom columns: one column's value of one
 * live row, checked by the column's type (null clears it); the answer is every custom value.
 */
export function customValueRoute(
  app: App,
  options: {
    /** The row's path, with its id as `:id`: '/consultations/contacts/:id'. */
    path: string;
    /** The id's check, in the module's words ('A representation id'). */
    params: z.ZodObject<{ id: z.ZodUUID }>;
    table: CustomColumnTable;
    /** The module's transaction for the signed-in user (its flags checked). */
    inTenant: (request: FastifyRequest) => <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;
  },
) {
  app.put(
    `${options.path}/custom`,
    {
      config: consultationGrant('write'),
      schema: {
        tags: ['consultations'],
        summary: "Sets one custom column's value (null clears it); the answer is every custom value",
        params: options.params,
        body: customValueBodySchema,
        response: { 200: customValuesSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      options.inTenant(request)((trx) => setCustomValue(trx, options.table, request.params.id, request.body)),
  );
}
