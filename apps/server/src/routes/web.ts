import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OrganisationService } from '../services/organisation-service';

const FALLBACK_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal</title></head>
<body><main><h1>The web app is not built</h1><p>Run <code>npm run build</code>, then start the server again.</p></main></body></html>`;

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

interface WebOptions {
  webDist: string;
  mediaDir: string;
  organisations: OrganisationService;
}

/**
 * Serves the built web app: hashed assets with a year's cache, media from the content folder,
 * and index.html for every other page, told which organisation the host name picks.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: WebOptions,
): Promise<(req: FastifyRequest, reply: FastifyReply) => Promise<unknown>> {
  const indexPath = path.join(options.webDist, 'index.html');
  const template = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : FALLBACK_INDEX;

  if (fs.existsSync(options.webDist)) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  if (fs.existsSync(options.mediaDir)) {
    await app.register(fastifyStatic, {
      root: options.mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=86400');
      },
    });
  }

  return async function serveIndex(request, reply) {
    const alias = await options.organisations.aliasForHost(request.headers.host);
    const safeAlias = alias && /^[a-z0-9-]{1,63}$/.test(alias) ? alias : '';
    const html = template.replace(
      '</head>',
      `<meta name="portal-org" content="${escapeAttr(safeAlias)}"></head>`,
    );
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };
}
