import { orgParamsSchema, WORKBOOK_MAX_BYTES, workbookSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organisationOrThrow, requireSession } from '../../http/context';
import { sendJsonText } from '../../http/errors';
import type { Services } from '../../services';
import { errorBodySchema } from '../org/schemas';

const workbookAnswer = z.object({
  workbook: z.object({
    workbook: z.record(z.string(), z.unknown()),
    version: z.number(),
    updatedAt: z.string(),
  }),
});
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
    const { organisations, sessions, workbooks } = services;

    app.get(
      '/api/org/:org/workbook',
      {
        schema: {
          tags: ['workbook'],
          summary: 'The signed-in learner’s workbook',
          params: orgParamsSchema,
          response: { 200: workbookAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const session = await requireSession(request, sessions, org);
        return sendJsonText(reply, await workbooks.getJson(org.id, session.userId));
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
          body: z.object({ workbook: workbookSchema }),
          response: { 200: workbookAnswer, ...errors },
        },
        config: {
          bodyTooLarge: {
            status: 413,
            message: `The workbook is larger than ${WORKBOOK_MAX_BYTES} bytes.`,
            errfor: { workbook: 'is too large' },
          },
        },
      },
      async (request, reply) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const session = await requireSession(request, sessions, org);
        return sendJsonText(
          reply,
          (await workbooks.save(org.id, session.userId, request.body.workbook)).json,
        );
      },
    );
  };
