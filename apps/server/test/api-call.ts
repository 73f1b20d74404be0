import type { FastifyInstance, InjectOptions } from 'fastify';
import type { SignedIn } from './sessions';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A test file's API caller: as a signed-in user (their session's headers), or signed out as a
 * visitor to a council (`x-tenant`: the file's own council unless another is named).
 */
export function apiCaller(app: () => FastifyInstance, council: () => string) {
  return (who: SignedIn | null, method: Method, url: string, payload?: unknown, tenantName = council()) =>
    app().inject({
      method,
      url: `/api/v1${url}`,
      headers: who ? who.headers() : { 'x-tenant': tenantName },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}
