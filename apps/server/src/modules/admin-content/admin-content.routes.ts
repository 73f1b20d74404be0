import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Issue 16: pre-wired by the lead; the owning helper fills it.
export const adminContentRoutes: FastifyPluginAsyncZod = async () => {};
