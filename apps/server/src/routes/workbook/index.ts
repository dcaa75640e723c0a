import { errorText, WORKBOOK_MAX_BYTES } from '@portal/domain';
import { fromTable } from '../../http/route-table';
import { requestLocale } from '../../http/request-locale';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';

export const workbookRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { workbooks } = services;

    app.route({
      ...fromTable('workbook'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJsonText(reply, await workbooks.getJson(org.id, viewer.userId));
      },
    });

    app.route({
      ...fromTable('saveWorkbook'),
      // A little room over the workbook limit for the envelope; beyond it the answer is 413.
      bodyLimit: WORKBOOK_MAX_BYTES + 1_024,
      config: {
        session: 'required',
        bodyTooLarge: {
          status: 413,
          text: errorText('workbookTooLarge', { max: WORKBOOK_MAX_BYTES }),
          errfor: { workbook: 'isTooLarge' },
        },
      },
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        const saved = await workbooks.save(
          org.id,
          viewer.userId,
          request.body.workbook,
          org.settings.constraints,
        );
        // Group administrators' progress table follows, in the background (ProgressService); a
        // certificate it earns is issued in the language the page shows (the app's
        // Accept-Language), when the organisation offers it.
        const shown = requestLocale(request);
        const learnerLocale = org.settings.locales.includes(shown) ? shown : locale;
        services.progress.track(
          org,
          viewer.userId,
          request.body.workbook,
          saved.workbook,
          learnerLocale,
        );
        return sendJsonText(reply, saved.json);
      },
    });
  };
