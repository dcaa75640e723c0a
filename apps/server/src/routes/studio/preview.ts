import { errorText, WORKBOOK_MAX_BYTES } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson, sendJsonText } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import { fromTable } from '../../http/route-table';
import type { Services } from '../../services';

/**
 * The studio's preview (docs/design.md §14): the draft in the learner's screens, answered in the
 * author's preview workbook. 401 without a session; the use cases refuse anyone but authors and
 * administrators (403, policies/studio.ts).
 */
export const studioPreviewRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { studioPreview } = services;
    const config = { session: 'required' as const };

    app.route({
      ...fromTable('studioPreviewTopic'),
      config,
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        const topic = await studioPreview.topic(org, viewer, request.params.topicId, locale);
        return sendJson(reply, { topic });
      },
    });

    app.route({
      ...fromTable('studioPreviewGrade'),
      config,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const { topicId, index } = request.params;
        return sendJson(reply, {
          scores: await studioPreview.grade(org, viewer, topicId, index),
        });
      },
    });

    app.route({
      ...fromTable('studioPreviewWorkbook'),
      config,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJsonText(reply, await studioPreview.workbookJson(org.id, viewer));
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
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        // No progress tracking: preview answers are nobody's progress.
        const saved = await studioPreview.save(
          org.id,
          viewer,
          request.body.workbook,
          org.settings.constraints,
        );
        return sendJsonText(reply, saved.json);
      },
    });

    app.route({
      ...fromTable('resetStudioPreviewWorkbook'),
      config,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJsonText(reply, await studioPreview.reset(org.id, viewer));
      },
    });
  };
