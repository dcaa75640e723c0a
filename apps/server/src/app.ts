import fs from 'node:fs';
import { errorText } from '@portal/domain';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { Redis } from 'ioredis';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onResponseHookHandler,
  type RouteOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { registerErrorHandling, sendError } from './http/errors';
import { nulInRequest, refuseNulBodies } from './http/nul-bytes';
import { validatorCompiler } from './http/plain-validation';
import { clientErrors, frameworkErrors } from './http/framework-errors';
import { tooMany } from './http/rate-limits';
import {
  API_SECURITY_HEADERS,
  API_SECURITY_HEADERS_HTTP,
  CONTENT_SECURITY_POLICY,
  isHttps,
  securityHeaders,
  withoutTransportSecurity,
} from './http/security-headers';
import { registerCompression } from './http/compression';
import { mountDevOidc } from './http/dev-oidc';
import { accessLogWriter } from './http/access-log';
import { loggerOptions } from './http/logging';
import { lazyRequestLogger } from './http/request-logger';
import { requestContext } from './http/request-context';
import { serveStoredFiles } from './http/stored-files';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { endWatch, healthRoutes, PROBES, trackHandlers } from './routes/health';
import { metricsRoutes } from './routes/metrics';
import { messageRoutes } from './routes/messages';
import { organisationRoutes } from './routes/org';
import { gradeAndSearchRoutes } from './routes/grades-search';
import { groupRoutes } from './routes/groups';
import { invitationRoutes } from './routes/invitations';
import { adminRoutes } from './routes/admin';
import { adminGroupRoutes } from './routes/admin/groups-and-bundles';
import { certificateRoutes } from './routes/certificates';
import { notificationRoutes } from './routes/notifications';
import { studioRoutes } from './routes/studio';
import { ssoRoutes } from './routes/sso';
import { storeRoutes } from './routes/store';
import { studioPreviewRoutes } from './routes/studio/preview';
import { topicRoutes } from './routes/topics';
import { uploadRoutes } from './routes/upload';
import { workbookRoutes } from './routes/workbook';
import { registerWeb } from './routes/web';
import { createServices, type Services } from './services';
import { RedisGuessCounter } from './services/login-guesses';
import type { OrganisationService } from './services/organisation-service';

/** The body limit of an API route that sets none (bytes). */
export const API_BODY_LIMIT = 131_072;

/** The addresses whose answer is data, never a page: the API, the probes and the metrics. */
const NEVER_A_PAGE = /^\/(?:api\/|(?:healthz|readyz|metrics)(?:[?#]|$))/;

/** Trusts the `hops` proxies nearest to the server (what a hop count means to proxy-addr). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface AppDeps {
  config: Config;
  db: Db;
  /** Where logs go (stdout by default); tests read them to prove no secret is written. */
  logStream?: NodeJS.WritableStream;
}

export interface App {
  app: FastifyInstance;
  organisations: OrganisationService;
  services: Services;
  /** Every route as registered, hidden ones included (the tenant matrix and fuzzer walk them). */
  routes: readonly RouteOptions[];
}

/** Builds the whole server (plugins, then app services, then routes) without listening. */
export async function buildApp({ config, db, logStream }: AppDeps): Promise<App> {
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(logStream && { stream: logStream }) },
    bodyLimit: 1_048_576,
    // A path parameter up to 400 characters (Fastify's 100 would refuse an unsubscribe link made
    // for a long address); each route's schema still bounds its own.
    routerOptions: { maxParamLength: 400 },
    // X-Forwarded-* headers count only from the proxies configured (TRUST_PROXY); none by default.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A request already on a connection when SIGTERM comes is answered, not refused.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // One access-log line per request (below) instead of Fastify's two; 5xx errors are
    // logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // A URL the router cannot take answers the error body too (issue 16's fuzzer), and is logged
    // and counted like any answer (no hook runs for it).
    frameworkErrors: (error, request, reply) => {
      reply.raw.once('finish', () => answeredUnmatched(request, reply));
      return frameworkErrors(error, request, reply);
    },
    // …and so does a request Node's HTTP parser refuses (too long, malformed).
    clientErrorHandler: clientErrors,
    // request.log is made when first written to: most requests write nothing but their access line.
    childLoggerFactory: lazyRequestLogger,
  }).withTypeProvider<ZodTypeProvider>();
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  // Every API route takes a small body unless it says otherwise (issue 16, point 6): the
  // workbook and the payment webhook set their own limit, uploads stream under theirs.
  app.addHook('onRoute', (route) => {
    if (
      route.bodyLimit === undefined &&
      route.url.startsWith('/api/') &&
      route.url !== '/api/upload'
    )
      route.bodyLimit = API_BODY_LIMIT;
  });
  // One access line per answer, written straight to the log's destination (the line pino would
  // write, without its per-field walk: http/access-log.ts). A routine answer (a GET or HEAD
  // without credentials, under 400 and quicker than ACCESS_LOG_SLOW_MS: a visitor reading) is
  // written one time in ACCESS_LOG_SAMPLE (10 by default), its line saying so (`sampled: N`);
  // every other answer always is: anything a signed-in person asks (their data, an export), a
  // change, a failure, a slow answer. A probe's routine answer (/healthz, /readyz: asked every
  // few seconds) is not written. /metrics counts every request (unless METRICS=off).
  const accessLog = accessLogWriter(app.log);
  const stopFlushingOnExit = accessLog.flushOnExit();
  app.addHook('onClose', (_instance, done) => {
    stopFlushingOnExit();
    accessLog.flush();
    done();
  });
  const { sample, slowMs } = config.accessLog;
  const countsRequests = config.metricsEnabled;
  let routine = 0;
  /** Counts a route's answers by method, status and time (ms); nothing with METRICS=off. */
  type Count = (method: string, status: number, ms: number) => void;
  const counterOf = (pattern: string | undefined): Count =>
    countsRequests ? services.metrics.forRoute(pattern) : () => {};
  /** An answer is sent: its watch ends, it is counted, and its access line written or not. */
  const answered = (request: FastifyRequest, reply: FastifyReply, count: Count) => {
    endWatch(services.health, request);
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const method = request.method;
    count(method, status, ms);
    const isRoutine =
      status < 400 &&
      ms < slowMs &&
      (method === 'GET' || method === 'HEAD') &&
      request.headers.authorization === undefined;
    if (isRoutine && PROBES.has(request.url)) return;
    if (!isRoutine || sample === 1 || ++routine % sample === 0)
      accessLog.write({
        reqId: request.id,
        method,
        url: request.url,
        host: request.host,
        remoteAddress: request.ip,
        statusCode: status,
        responseTime: ms,
        sampled: isRoutine && sample > 1 ? sample : undefined,
      });
  };
  // Each route's first onResponse hook knows its pattern and holds its counter (found once;
  // request.routeOptions would make a new object at each read: issue 29, the request floor). A
  // request no route took (a 404) is the app's hook's, a URL the router refused frameworkErrors'
  // (above). Added to every route, whenever it is registered.
  const finishers = new WeakSet<onResponseHookHandler>();
  app.addHook('onRoute', (route) => {
    const own = route.onResponse === undefined ? [] : [route.onResponse].flat();
    if (own.some((hook) => finishers.has(hook))) return; // a HEAD route made from its GET's options
    const pattern = route.url;
    let count: Count | undefined;
    const finish: onResponseHookHandler = (request, reply, done) => {
      answered(request, reply, (count ??= counterOf(pattern)));
      done();
    };
    finishers.add(finish);
    route.onResponse = [finish, ...own];
  });
  let unmatched: Count | undefined;
  const answeredUnmatched = (request: FastifyRequest, reply: FastifyReply) =>
    answered(request, reply, (unmatched ??= counterOf(undefined)));
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) answeredUnmatched(request, reply);
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // No NUL character in any text of a request (issue 16 F11): 400 before the schema is checked.
  refuseNulBodies(app);

  const headers = securityHeaders(CONTENT_SECURITY_POLICY);
  const headersHttp = withoutTransportSecurity(headers);
  // The server's one onRequest hook (each hook a request passes through costs it; issue 29):
  // - the security headers. HSTS only on https answers (issue 24, point 8). Answers that are
  //   never a page (the API, the probes and /metrics) take the API's short set: a page's CSP
  //   means nothing to them.
  // - while shutting down, every answer closes its connection, so that clients that keep theirs
  //   open (load balancers, browsers) leave and the process exits once they are answered.
  // - no NUL in the path parameters, the query or the headers (the body: refuseNulBodies).
  app.addHook('onRequest', (request, reply, done) => {
    const https = isHttps(request);
    reply.headers(
      NEVER_A_PAGE.test(request.url)
        ? https
          ? API_SECURITY_HEADERS
          : API_SECURITY_HEADERS_HTTP
        : https
          ? headers
          : headersHttp,
    );
    if (services.health.isDraining) reply.header('connection', 'close');
    done(nulInRequest(request));
  });
  // Answers over 1 KB compressed for clients that take brotli or gzip (files come precompressed).
  registerCompression(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Portal API',
        version: '1.0.0',
        description:
          'White-label learning portal: every route under /api/org/{org}; errors answer {errors, errfor?}',
      },
    },
    transform: jsonSchemaTransform,
  });

  // With REDIS_URL the limits are counted in Redis, so that they hold across processes; a Redis
  // that does not answer lets requests through rather than failing them.
  const limitsRedis = config.redisUrl
    ? new Redis(config.redisUrl, {
        connectionName: `${config.redisPrefix}rate-limits`,
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  limitsRedis?.on('error', (err) => app.log.warn({ err }, 'rate-limit redis'));
  if (limitsRedis) app.addHook('onClose', async () => limitsRedis.disconnect());
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooMany(context.after, context.ttl / 1_000),
    ...(limitsRedis && {
      redis: limitsRedis,
      nameSpace: `${config.redisPrefix}rate-limit:`,
      skipOnError: true,
    }),
  });
  // Uploaded files: the local folder (default), or object storage served by a route (below).
  if (config.storage.kind === 'local')
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders(res, filePath) {
        res.header('cache-control', 'private, max-age=86400');
        // Only images show inline; anything else is downloaded, never rendered by the browser.
        if (!/\.(png|jpe?g|gif|webp)$/i.test(filePath))
          res.header('content-disposition', 'attachment');
      },
    });

  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const services = createServices(config, db, app.log);
  // Sign-in attempts per account add up across processes too (issue 16 F8).
  if (limitsRedis)
    services.accounts.shareGuesses(
      new RedisGuessCounter(limitsRedis, config.redisPrefix, (err) =>
        app.log.warn({ err }, 'login-guesses redis'),
      ),
    );
  const { organisations } = services;
  if (services.storage.get)
    serveStoredFiles(app, { get: services.storage.get.bind(services.storage) });
  registerErrorHandling(app);

  await app.register(requestContext, { services });
  trackHandlers(app, services.health);
  await app.register(healthRoutes(services.health));
  // METRICS=off: no such route, so GET /metrics answers 404 (below: never the web app's page).
  if (config.metricsEnabled)
    await app.register(metricsRoutes(services.metrics, services.metricsToken));
  await app.register(organisationRoutes(services));
  await app.register(authRoutes(services));
  await app.register(accountRoutes(services));
  await app.register(uploadRoutes(services));
  await app.register(workbookRoutes(services));
  await app.register(topicRoutes(services));
  await app.register(gradeAndSearchRoutes(services));
  await app.register(storeRoutes(services));
  await app.register(ssoRoutes(services));
  // The development OpenID provider (DEV_OIDC=on; never in production).
  if (config.devOidc) await mountDevOidc(app, config);
  await app.register(messageRoutes(services));
  await app.register(groupRoutes(services));
  await app.register(invitationRoutes(services));
  await app.register(adminRoutes(services));
  await app.register(adminGroupRoutes(services));
  await app.register(certificateRoutes(services));
  await app.register(notificationRoutes(services));
  await app.register(studioRoutes(services));
  await app.register(studioPreviewRoutes(services));
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  const serveIndex = await registerWeb(app, {
    ...config,
    organisations,
    caches: services.caches,
    seo: services.seo,
    topics: services.topics,
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|media|uploads|assets)\//.test(path) &&
      !NEVER_A_PAGE.test(path);
    if (isPage) return serveIndex(request, reply);
    return sendError(reply, 404, errorText('noRoute', { method: request.method, path }));
  });

  // Background work starts once the app is ready: first the payment events recorded without a job
  // (before the runner existed), then what is queued, jobs of a process that stopped included.
  app.addHook('onReady', async () => {
    void services.store.inbox
      .enqueueReceived()
      .catch((err: unknown) => app.log.error({ err }, 'payment events not queued again'))
      .finally(() => services.jobs.start());
    // The next digest of group messages: one sweep a day, whichever process queues it first.
    void services.notifications
      .scheduleDigest()
      .catch((err: unknown) => app.log.error({ err }, 'the digest was not scheduled'));
  });
  app.addHook('onClose', async () => {
    await services.jobs.stop();
    services.mailer.close?.();
    await services.pubsub.close();
    await db.destroy();
  });
  return { app, organisations, services, routes };
}
