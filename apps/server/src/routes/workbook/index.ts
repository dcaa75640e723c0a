import {
  errorText,
  orgParamsSchema,
  WORKBOOK_MAX_BYTES,
  workbookAnswerSchema,
  workbookSaveSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';
import { errorBodySchema } from '../org/schemas';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  503: errorBodySchema,
};

export const workbookRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { workbooks } = services;

    app.get(
      '/api/org/:org/workbook',
      {
        schema: {
          tags: ['workbook'],
          summary: 'The signed-in learner’s workbook',
          params: orgParamsSchema,
          response: { 200: workbookAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJsonText(reply, await workbooks.getJson(org.id, viewer.userId));
      },
    );

    app.put(
      '/api/org/:org/workbook',
      {
        // A little room over the workbook limit for the envelope; beyond it the answer is 413.
        bodyLimit: WORKBOOK_MAX_BYTES + 1_024,
        schema: {
          tags: ['workbook'],
          summary: `Save the workbook, merged field by field with the stored one (at most ${WORKBOOK_MAX_BYTES} bytes)`,
          params: orgParamsSchema,
          body: z.object({ workbook: workbookSaveSchema }),
          response: { 200: workbookAnswerSchema, ...errors },
        },
        config: {
          session: 'required',
          bodyTooLarge: {
            status: 413,
            text: errorText('workbookTooLarge', { max: WORKBOOK_MAX_BYTES }),
            errfor: { workbook: 'isTooLarge' },
          },
        },
      },
      async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const saved = await workbooks.save(
          org.id,
          viewer.userId,
          request.body.workbook,
          org.settings.constraints,
        );
        // Group administrators' progress table follows, in the background (ProgressService).
        services.progress.track(org, viewer.userId, request.body.workbook, saved.workbook);
        return sendJsonText(reply, saved.json);
      },
    );
  };
