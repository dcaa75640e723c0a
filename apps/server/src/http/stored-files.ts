import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../adapters/storage/storage';
import { errorText } from '@portal/domain';
import { sendError } from './errors';

const noRoute = (key: string) => errorText('noRoute', { method: 'GET', path: `/uploads/${key}` });

/** Only images show inline; anything else is downloaded, never rendered by the browser. */
export const INLINE_FILE = /\.(png|jpe?g|gif|webp)$/i;

/**
 * GET /uploads/{key} from object storage (STORAGE=s3): the portal streams the file with the same
 * headers as the local folder's (type, one day of private caching, attachment unless an image),
 * so any process serves any file and the browser never talks to the bucket.
 */
export function serveStoredFiles(
  app: FastifyInstance,
  storage: Required<Pick<FileStorage, 'get'>>,
) {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!/^[\w-]+\/[0-9a-f]{32}\.[a-z]{3,4}$/.test(key)) return sendError(reply, 404, noRoute(key));
    const stored = await storage.get(key);
    if (!stored) return sendError(reply, 404, noRoute(key));
    if (stored.etag && request.headers['if-none-match'] === stored.etag) {
      stored.body.destroy();
      return reply.code(304).send();
    }
    reply
      .header('content-type', stored.contentType)
      .header('content-length', String(stored.size))
      .header('cache-control', 'private, max-age=86400');
    if (stored.etag) reply.header('etag', stored.etag);
    if (stored.lastModified) reply.header('last-modified', stored.lastModified.toUTCString());
    if (!INLINE_FILE.test(key)) reply.header('content-disposition', 'attachment');
    return reply.send(stored.body);
  });
}
