import type { MultipartFile } from '@fastify/multipart';
import { uploadedFileSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { errorBodySchema } from './org/schemas';

/**
 * POST /api/upload (docs/design.md §4): the embedded stand-in for a hosted image and file service.
 * Multipart fields: `file` (one), `tags`, `upload_preset` (the organisation alias). Signed in only.
 */
export const uploadRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { uploads } = services;
    app.post(
      '/api/upload',
      {
        schema: {
          tags: ['upload'],
          summary: 'Upload one file (multipart: file, tags, upload_preset)',
          consumes: ['multipart/form-data'],
          response: {
            200: uploadedFileSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            413: errorBodySchema,
            415: errorBodySchema,
          },
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new HttpError(415, 'Send the file as multipart/form-data.', {
            file: 'is required',
          });
        const fields: Record<string, string> = {};
        let file: { name: string; data: Buffer } | undefined;
        try {
          for await (const part of request.parts({
            limits: { fileSize: uploads.maxBytes, files: 1, fields: 10, fieldSize: 1_000 },
          })) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || file)
                throw new HttpError(400, 'Too many files', { file: 'only one file at a time' });
              file = { name: part.filename, data: await (part as MultipartFile).toBuffer() };
            } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          }
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE')
            throw new HttpError(413, `File is larger than ${uploads.maxBytes} bytes`, {
              file: 'is too large',
            });
          if (code === 'FST_FILES_LIMIT')
            throw new HttpError(400, 'Too many files', { file: 'only one file at a time' });
          throw err;
        }
        const alias = fields.upload_preset;
        if (!alias)
          throw new HttpError(400, 'upload_preset is required', { upload_preset: 'is required' });
        // The organisation is named by a field of the body, not by the path.
        const { org, session } = await request.resolveContext(alias, 'required');
        if (!file) throw new HttpError(400, 'Choose a file to upload.', { file: 'is required' });
        return uploads.store(org.id, session!.userId, file.name, file.data);
      },
    );
  };
