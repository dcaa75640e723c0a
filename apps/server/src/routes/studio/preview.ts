import { errorText, WORKBOOK_MAX_BYTES } from '@portal/domain';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson, sendJsonText } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import { fromTable } from '../../http/route-table';
import { forbidden } from '../../services/errors';
import type { Services } from '../../services';

// TODO(studio-server): replaced by policies/studio.ts (mayAuthor) once merged.
const requireAuthor: preHandlerAsyncHookHandler = async (request) => {
  const roles = (request.ctx.viewer as { roles?: readonly string[] }).roles ?? [];
  if (!roles.includes('author') && !roles.includes('admin')) throw forbidden('studioForbidden');
};

/**
 * The studio's preview (docs/design.md §14): the draft in the learner's screens, answered in the
 * author's preview workbook. Signed-in authors and administrators only (401, 403).
 */
export const studioPreviewRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { studioPreview } = services;
    const config = { session: 'required' as const };

    app.route({
      ...fromTable('studioPreviewTopic'),
      config,
      preHandler: requireAuthor,
      handler: async (request, reply) => {
        const { org, locale } = signedIn(request);
        const topic = await studioPreview.topic(org, request.params.topicId, locale);
        return sendJson(reply, { topic });
      },
    });

    app.route({
      ...fromTable('studioPreviewGrade'),
      config,
      preHandler: requireAuthor,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const { topicId, index } = request.params;
        return sendJson(reply, {
          scores: await studioPreview.grade(org, topicId, index, viewer.userId),
        });
      },
    });

    app.route({
      ...fromTable('studioPreviewWorkbook'),
      config,
      preHandler: requireAuthor,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJsonText(reply, await studioPreview.workbookJson(org.id, viewer.userId));
      },
    });

    app.route({
      ...fromTable('saveStudioPreviewWorkbook'),
      // As PUT /workbook: a little room over the workbook limit for the envelope, then 413.
      bodyLimit: WORKBOOK_MAX_BYTES + 1_024,
      config: {
        ...config,
        bodyTooLarge: {
          status: 413,
          text: errorText('workbookTooLarge', { max: WORKBOOK_MAX_BYTES }),
          errfor: { workbook: 'isTooLarge' },
        },
      },
      preHandler: requireAuthor,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        // No progress tracking: preview answers are nobody's progress.
        const saved = await studioPreview.save(
          org.id,
          viewer.userId,
          request.body.workbook,
          org.settings.constraints,
        );
        return sendJsonText(reply, saved.json);
      },
    });

    app.route({
      ...fromTable('resetStudioPreviewWorkbook'),
      config,
      preHandler: requireAuthor,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJsonText(reply, await studioPreview.reset(org.id, viewer.userId));
      },
    });
  };
