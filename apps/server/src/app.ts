import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { registerErrorHandling, sendError } from './http/errors';
import { loggerOptions } from './http/logging';
import { healthRoutes } from './routes/health';
import { organisationRoutes } from './routes/org';
import { registerWeb } from './routes/web';
import { OrganisationService } from './services/organisation-service';

export interface AppDeps {
  config: Config;
  db: Db;
}

export interface App {
  app: FastifyInstance;
  organisations: OrganisationService;
}

/** Builds the whole server (plugins, then app services, then routes) without listening. */
export async function buildApp({ config, db }: AppDeps): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: 1_048_576,
    trustProxy: true,
    // A request already on a connection when SIGTERM comes is answered, not refused.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Portal API', version: '1.0.0', description: 'White-label learning portal (spec §7, design §4)' },
    },
    transform: jsonSchemaTransform,
  });

  const organisations = new OrganisationService(db);
  registerErrorHandling(app);

  await app.register(healthRoutes(db));
  await app.register(organisationRoutes(organisations, config));
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  const serveIndex = await registerWeb(app, { ...config, organisations });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|media|uploads|assets)\//.test(path);
    if (isPage) return serveIndex(request, reply);
    return sendError(reply, 404, `No route ${request.method} ${path}`);
  });

  app.addHook('onClose', async () => {
    await db.destroy();
  });
  return { app, organisations };
}
