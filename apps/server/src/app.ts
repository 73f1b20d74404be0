import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
} from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import type { Logger } from 'pino';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE_PATH, serverMessages, type Grant } from '@planning/shared';
import type { Config } from './config';
import type { AppDatabase } from './db/database';
import { handleError } from './lib/errors';
import { createLogger, QuietRequestLogs } from './lib/logger';
import { guardInput } from './lib/input-guard';
import { apiCachePolicy, compressionOptions, keepUncompressed, webAppHeaders } from './lib/response-policy';
import { createMailer, type Mailer } from './lib/mailer';
import { createAttemptLimiter } from './lib/rate-limit';
import { guardRoute } from './modules/access/access.guard';
import { accessRoutes } from './modules/access/access.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { searchRoutes } from './modules/search/search.routes';
import { tilesRoutes } from './modules/tiles/tiles.routes';
import { contentRoutes } from './modules/content/content.routes';
import { basemapsRoutes } from './modules/basemaps/basemaps.routes';
import { styleDocumentOrigins, withConnectSources, withScriptSource } from './modules/basemaps/basemaps.csp';
import { sitesRoutes } from './modules/sites/sites.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { siteRecordRoutes } from './modules/sites/site-record.routes';
import { userMetadataRoutes } from './modules/users/user-metadata.routes';
import { listsRoutes } from './modules/lists/lists.routes';
import { exportRoutes } from './modules/export/export.routes';
import { exportPresetsRoutes } from './modules/export/export-presets.routes';
import { filesRoutes } from './modules/files/files.routes';
import { layersMapRoutes } from './modules/layers/layers.map.routes';
import { layersPublicRoutes } from './modules/layers/layers.public.routes';
import { layersRoutes } from './modules/layers/layers.routes';
import { geodataRoutes } from './modules/geodata/geodata.routes';
import { overlapsRoutes } from './modules/overlaps/overlaps.routes';
import { JobQueue } from './modules/jobs/jobs.queue';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { authenticateApiKey } from './modules/api-keys/api-keys.service';
import { ogcRoutes } from './modules/ogc/ogc.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { documentsPublicRoutes } from './modules/documents/documents.public.routes';
import { documentExportRoutes } from './modules/document-export/document-export.routes';
import { documentsMapRoutes } from './modules/documents/documents.map.routes';
import { consultationAnalysisRoutes } from './modules/consultation-analysis/consultation-analysis.routes';
import { consultationsRoutes } from './modules/consultations/consultations.routes';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { representationsRoutes } from './modules/representations/representations.routes';
import { responsesRoutes } from './modules/responses/responses.routes';
import { dataProtectionRoutes } from './modules/data-protection/data-protection.routes';
import { erasureRoutes } from './modules/data-protection/erasure.routes';
import type { Storage } from './modules/storage/storage';
import { createStorage } from './modules/storage/storage.factory';
import type { AuthDeps } from './modules/auth/auth.service';
import { loadSession, type SessionContext } from './modules/auth/auth.session';
import { healthRoutes } from './modules/health/health.routes';
import { resolveTenant, type ResolvedTenant } from './modules/tenants/tenants.resolve';
import { documentPageHtml } from './modules/documents/documents.page';
import { tenantsRoutes } from './modules/tenants/tenants.routes';
import { configDocumentsRoutes } from './modules/content/content.documents.routes';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes';
import { councilSettingsRoutes } from './modules/council-settings/council-settings.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { adminContentRoutes } from './modules/admin-content/admin-content.routes';
import { cfsRoutes } from './modules/cfs/cfs.routes';
import { placesRoutes } from './modules/places/places.routes';

// Module augmentation only works with interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: AppDatabase;
    authDeps: AuthDeps;
    /** Uploaded and exported files (a local folder or an S3-compatible store). */
    storage: Storage;
    /** The background job queue; job kinds are defined by their modules as routes register. */
    jobs: JobQueue;
    /** Every route as registered, for the test that walks them all. */
    routeTable: RouteSummary[];
  }
  interface FastifyRequest {
    tenant: ResolvedTenant | null;
    auth: SessionContext | null;
    sessionTerminated: boolean;
    grants: Grant[] | null;
    /** The council's site data version, read with the session: caches are keyed by it. */
    siteDataVersion: string | null;
  }
  interface FastifyContextConfig {
    /** false: the route runs before any tenant is known (tenant list, health). */
    tenant?: false;
    /** true: the route needs no signed-in user. Every other route requires one. */
    public?: true;
    /** Grants the signed-in user must hold (spec 01 §6); missing ones answer 403. */
    access?: readonly Grant[];
    /**
     * false: answered to the map library, not the app's API client, which could not tell the user.
     * A revoked session is then refused without using up the one 'Session terminated' answer.
     */
    reportsSessionEnd?: false;
    /**
     * true: a personal API key (X-API-Key header or ?api_key=) signs the call in as its user, with
     * read grants only, at the key's council. The read-only /ogc routes and the sites' vector tiles
     * take one (QGIS, GDAL).
     */
    apiKey?: true;
    /** With apiKey: a request with neither key nor council is 401 with a challenge (OGC API). */
    keyChallenge?: true;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export type RouteSummary = {
  method: string;
  url: string;
  config: FastifyContextConfig;
  /** The route's zod schemas (body, querystring, params), for the test that fuzzes every input. */
  schema: FastifySchema | undefined;
};

export type AppDependencies = {
  config: Config;
  database: AppDatabase;
  /** Where files go; by default as configured (storage.factory.ts). */
  storage?: Storage;
  /** Where account emails go; by default SMTP or the outbox folder, as configured. */
  mailer?: Mailer;
  /**
   * false: no logs (most tests). A logger: this one (main.ts shares its own with the database; a
   * test may read lines written to a stream). By default a logger as lib/logger.ts configures it.
   */
  logger?: false | Logger;
  /** More routes under /api/v1, behind the same hooks (tests mount probes of the error handling). */
  extraApiRoutes?: FastifyPluginAsync[];
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp({
  config,
  database,
  logger,
  mailer,
  storage = createStorage(config),
  extraApiRoutes = [],
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    // Typed as Fastify's own logger interface, so the instance keeps its default logger type.
    ...(logger === false
      ? { logger: false }
      : { loggerInstance: (logger ?? createLogger(config)) as FastifyBaseLogger }),
    bodyLimit: config.bodyLimit,
    // Keep a caller's request id (a load balancer's, say) when it is a sane token; else make one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    // Fastify logs two info lines a request, which bury the start-up summary in a terminal: unless
    // LOG_REQUESTS asks for them they are debug lines (errors and 5xx are still logged as before).
    ...(config.logRequests ? {} : { logController: new QuietRequestLogs() }),
    trustProxy: config.nodeEnv === 'production',
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);
  // Shared by every process: Redis when configured, else PostgreSQL; memory on the embedded one.
  const limiter = await createAttemptLimiter(
    config.authRateLimit,
    config.redisUrl
      ? {
          kind: 'redis',
          url: config.redisUrl,
          onError: (error) => app.log.warn({ err: error }, 'redis: attempt counters unavailable'),
        }
      : database.kind === 'postgres'
        ? { kind: 'postgres', db: database.db }
        : { kind: 'memory' },
  );
  app.addHook('onClose', () => limiter.close());
  app.decorate('authDeps', {
    db: database.db,
    config,
    mailer: mailer ?? createMailer(config.mail),
    limiter,
    log: app.log,
  });
  app.decorate('storage', storage);
  const jobs = new JobQueue({
    db: database.db,
    storage,
    log: app.log,
    queue: config.jobs.queue,
    leaseMs: config.jobs.leaseMs,
    pollMs: config.jobs.pollMs,
    concurrency: config.jobs.concurrency,
    retryBaseMs: config.jobs.retryBaseMs,
    exportRetentionMs: config.exportRetentionMs,
  });
  app.decorate('jobs', jobs);
  // Kinds are defined while the routes register; work starts once the app is ready.
  if (config.jobs.worker) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routeTable.push({ method, url: route.url, config: route.config ?? {}, schema: route.schema });
  });
  app.decorateRequest('tenant', null);
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionTerminated', false);
  app.decorateRequest('grants', null);
  app.decorateRequest('siteDataVersion', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Before compress, whose own onRoute hook reads each route's choice; before the web app's files.
  app.addHook('onRoute', keepUncompressed);
  await app.register(compress, compressionOptions);

  // Helmet's security headers, worked out once: @fastify/helmet built the middleware again (and
  // parsed the policy) on every request, ~45 µs each, a tenth of a cached map tile's time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // MapLibre runs its workers from blob URLs.
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );

  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Planning platform API', version: '1.0.0' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
    // Gathers the schemas routes refer to (a recursive filter's own definition among them).
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(
    async (api) => {
      // Secure by default: every API route needs a known tenant unless it says otherwise.
      api.addHook('onRequest', async (request, reply) => {
        if (request.routeOptions.config.tenant === false) return;
        // A key names its council and user itself (and is refused at any other council).
        if (request.routeOptions.config.apiKey && (await authenticateApiKey(request))) return;
        request.tenant = await resolveTenant(request);
        await loadSession(request, reply);
      });
      // Before validation, so a caller without a session learns nothing about a route's input.
      api.addHook('preValidation', guardRoute);
      // Then no NUL, lone surrogate or runaway nesting in any body, query or path reaches zod or SQL.
      api.addHook('preValidation', guardInput);
      api.addHook('onSend', async (request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', apiCachePolicy(request, reply));
      });
      // The document is fixed once the routes are: serialised once (a few hundred kB), not per request.
      let openapi: string | undefined;
      api.get(
        '/openapi.json',
        { config: { tenant: false, public: true }, schema: { hide: true } },
        async (_request, reply) =>
          reply.type('application/json').send((openapi ??= JSON.stringify(app.swagger()))),
      );
      await api.register(healthRoutes);
      await api.register(tenantsRoutes);
      await api.register(authRoutes);
      await api.register(accessRoutes);
      await api.register(searchRoutes);
      await api.register(tilesRoutes);
      await api.register(contentRoutes);
      await api.register(configDocumentsRoutes);
      await api.register(adminUsersRoutes);
      await api.register(councilSettingsRoutes);
      await api.register(auditRoutes);
      await api.register(adminContentRoutes);
      await api.register(cfsRoutes);
      await api.register(placesRoutes);
      await api.register(basemapsRoutes);
      await api.register(sitesRoutes);
      await api.register(tagsRoutes);
      await api.register(siteRecordRoutes);
      await api.register(userMetadataRoutes);
      await api.register(listsRoutes);
      await api.register(exportRoutes);
      await api.register(exportPresetsRoutes);
      await api.register(filesRoutes);
      await api.register(layersMapRoutes);
      await api.register(layersRoutes);
      await api.register(layersPublicRoutes);
      await api.register(geodataRoutes);
      await api.register(overlapsRoutes);
      await api.register(jobsRoutes);
      await api.register(notificationsRoutes);
      await api.register(apiKeysRoutes);
      await api.register(ogcRoutes);
      await api.register(documentsRoutes);
      await api.register(documentsPublicRoutes);
      await api.register(documentExportRoutes);
      await api.register(documentsMapRoutes);
      await api.register(consultationAnalysisRoutes);
      await api.register(consultationsRoutes);
      await api.register(contactsRoutes);
      await api.register(representationsRoutes);
      await api.register(responsesRoutes);
      await api.register(dataProtectionRoutes);
      await api.register(erasureRoutes);
      for (const routes of extraApiRoutes) await api.register(routes);
    },
    { prefix: API_BASE_PATH },
  );

  registerWebApp(app, config.webDistDir);
  return app;
}

/**
 * The app's page. A council known from the host name whose base maps include style documents may
 * also connect to their origins (the style's tiles, glyphs and sprites); without a known council
 * (the loopback picker, say) the page connects to us only.
 */
async function sendWebApp(request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-cache');
  const tenant = await resolveTenant(request).catch(() => null);
  const policy = reply.raw.getHeader('content-security-policy');
  if (tenant && typeof policy === 'string') {
    const origins = await styleDocumentOrigins(request.server.database.db, tenant.id);
    reply.header('content-security-policy', withConnectSources(policy, origins));
  }
  // Issue 25: a public document's first screen drawn here, so it needs no script to be read.
  const page = tenant ? await documentPageHtml(request, tenant, request.server.config.webDistDir) : null;
  if (page) {
    const current =
      reply.getHeader('content-security-policy') ?? reply.raw.getHeader('content-security-policy');
    if (typeof current === 'string')
      reply.header('content-security-policy', withScriptSource(current, page.scriptSource));
    return reply.type('text/html; charset=utf-8').send(page.html);
  }
  return reply.sendFile('index.html');
}

/** Serves the built web app, with index.html for every client-side route. */
function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    app.register(fastifyStatic, {
      root: distDir,
      // Looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: false,
      // The build writes name.br and name.gz beside each file; sent to browsers that accept them.
      preCompressed: true,
      // Ours below: send's default (public, max-age=0) would replace it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        const headers = webAppHeaders(filePath.includes(`${path.sep}assets${path.sep}`));
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      },
    });
  }
  if (hasWebApp) {
    // The static handler would answer the root folder with 403; the root is the app.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendWebApp(request, reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_BASE_PATH || request.url.startsWith(`${API_BASE_PATH}/`);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing file (an old asset after a deploy) must be a 404, not the app's HTML as script.
    const isFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (!isApi && wantsPage && !isFile && hasWebApp) {
      return sendWebApp(request, reply);
    }
    return reply.status(404).send({ message: serverMessages.routeNotFound });
  });
}
