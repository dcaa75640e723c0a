import multipart from '@fastify/multipart';
import { errorText } from '@portal/domain';
import { fromTable } from '../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../http/errors';
import { findNul, refuseNul } from '../http/nul-bytes';
import { bearerToken } from '../http/request-context';
import { tooLarge, unauthenticated } from '../services/errors';
import type { Services } from '../services';
import type { ReceivedFile, UploadHold } from '../services/uploads';
import type { Session } from '../services/session-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The uploader, known before the body is read (POST /api/upload). */
    uploader?: Session;
    /** The bytes the upload holds against the quotas while it is received. */
    uploadHold?: UploadHold;
  }
}

/** Room for the multipart framing and the small fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * POST /api/upload (docs/design.md §4): the embedded stand-in for a hosted image and file service.
 * Multipart fields: `file` (one), `tags`, `upload_preset` (the organisation alias). Signed in only.
 *
 * Who uploads is checked before a byte of the body is read (issue 16, F5): no token, a token
 * that is not good anywhere, an account over its hourly quota or a declared length over the
 * limit is answered at once and the connection closed. The file is then streamed to a
 * temporary file, never held whole in memory.
 */
export const uploadRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { uploads, sessions } = services;
    // Multipart bodies are read here only: the plugin's hooks (a close listener and two async
    // hooks per request) would otherwise run on every request of the server (the request floor).
    // Any other route answers a multipart body 415.
    await app.register(multipart, { limits: { fileSize: uploads.maxBytes, files: 1 } });
    app.route({
      ...fromTable('upload'),
      onRequest: async (request, reply) => {
        try {
          const token = bearerToken(request);
          if (!token)
            throw unauthenticated(
              request.headers.authorization ? 'sessionEnded' : 'signInRequired',
            );
          const session = await sessions.findAnywhere(token);
          if (!session) throw unauthenticated('sessionEnded');
          const declared = Number(request.headers['content-length']);
          if (Number.isFinite(declared) && declared > uploads.maxBytes + MULTIPART_OVERHEAD)
            throw tooLarge(errorText('fileTooLarge', { max: uploads.maxBytes }), {
              file: 'isTooLarge',
            });
          // The declared length is held at once, against the account's and the address's
          // quotas; bytes past it are counted as they arrive (UploadService.receive).
          request.uploadHold = await uploads.hold(
            { orgId: session.orgId, userId: session.userId, address: request.ip },
            Number.isFinite(declared) && declared > 0 ? declared : 0,
          );
          request.uploader = session;
        } catch (err) {
          // Whatever is refused here, the rest of the body is not read: the connection closes.
          reply.header('connection', 'close');
          throw err;
        }
      },
      // Whatever the end (stored, refused, cut off), what the upload held no longer counts.
      onResponse: async (request) => {
        if (request.uploadHold) await uploads.release(request.uploadHold);
      },
      onRequestAbort: async (request) => {
        if (request.uploadHold) await uploads.release(request.uploadHold);
      },
      handler: async (request) => {
        if (!request.isMultipart())
          throw new HttpError(415, 'multipartRequired', {
            file: 'isRequired',
          });
        const fields: Record<string, string> = {};
        let file: ReceivedFile | undefined;
        try {
          try {
            for await (const part of request.parts({
              limits: { fileSize: uploads.maxBytes, files: 1, fields: 10, fieldSize: 1_000 },
            })) {
              if (part.type === 'file') {
                if (part.fieldname !== 'file' || file) {
                  part.file.resume();
                  throw new HttpError(400, 'tooManyFiles', { file: 'oneFileAtATime' });
                }
                if (findNul(part.filename, 'file')) part.file.resume();
                refuseNul(part.filename, 'file');
                file = await uploads.receive(part.filename, part.file, request.uploadHold);
              } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            }
          } catch (err) {
            const code = (err as { code?: string }).code;
            if (code === 'FST_REQ_FILE_TOO_LARGE')
              throw new HttpError(413, errorText('fileTooLarge', { max: uploads.maxBytes }), {
                file: 'isTooLarge',
              });
            if (code === 'FST_FILES_LIMIT')
              throw new HttpError(400, 'tooManyFiles', { file: 'oneFileAtATime' });
            throw err;
          }
          // No NUL in a field (issue 16 F11): the route reads its body itself, past the app's hook.
          refuseNul(fields, 'body');
          const alias = fields.upload_preset;
          if (!alias)
            throw new HttpError(400, 'uploadPresetRequired', { upload_preset: 'isRequired' });
          // The organisation is named by a field of the body, not by the path.
          const { org, session } = await request.resolveContext(alias, 'required');
          if (!file) throw new HttpError(400, 'chooseFile', { file: 'isRequired' });
          const received = file;
          file = undefined;
          return await uploads.store(org.id, session!.userId, received, request.uploadHold);
        } finally {
          if (file) await uploads.discard(file);
          if (request.uploadHold) await uploads.release(request.uploadHold);
        }
      },
    });
  };
