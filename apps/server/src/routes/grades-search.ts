import {
  analyticsEventSchema,
  localeQuerySchema,
  orgParamsSchema,
  scoresAnswerSchema,
  successAnswerSchema,
  topicsAnswerSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJson } from '../http/errors';
import { signedIn } from '../http/request-context';
import type { Services } from '../services';
import { clientErrors as errors, idSchema } from './org/schemas';

export const gradeAndSearchRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { grades, search, events } = services;

    app.get(
      '/api/org/:org/topic/:topicId/worksheet/:index/grade',
      {
        schema: {
          tags: ['grades'],
          summary: 'Scores of one worksheet of a topic: score, total and a summary by page',
          params: orgParamsSchema.extend({
            topicId: idSchema,
            index: z.coerce.number().int().min(0).max(1_000),
          }),
          response: { 200: scoresAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const { topicId, index } = request.params;
        return sendJson(reply, { scores: await grades.grade(org, topicId, index, viewer) });
      },
    );

    app.get(
      '/api/org/:org/search',
      {
        schema: {
          tags: ['search'],
          summary:
            'Topics whose names, descriptions, page names or page text hold every word (3 characters at least), ranked',
          params: orgParamsSchema,
          querystring: z.object({
            keywords: z.string().max(200).default(''),
            locale: localeQuerySchema.optional(),
            topicGroup: idSchema.optional(),
          }),
          response: { 200: topicsAnswerSchema, ...errors },
        },
        // Many learners can share one address (a school's network): the limit only stops floods.
        config: { rateLimit: { max: 1_200 * services.rateLimitScale, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { org, viewer, locale } = request.ctx;
        const { keywords, topicGroup } = request.query;
        return sendJson(reply, {
          topics: await search.search(org, keywords, locale, viewer, topicGroup),
        });
      },
    );

    app.post(
      '/api/org/:org/analytics/events',
      {
        schema: {
          tags: ['analytics'],
          summary:
            'Record an analytics event (UPLOAD_FILE: category UPLOAD, email, fileName, topicName, pageName)',
          params: orgParamsSchema,
          body: analyticsEventSchema,
          response: { 200: successAnswerSchema, ...errors },
        },
        config: { rateLimit: { max: 600 * services.rateLimitScale, timeWindow: '1 minute' } },
      },
      async (request) => {
        const { org, viewer } = request.ctx;
        await events.record(org, viewer.userId, request.body);
        return { success: true as const };
      },
    );
  };
