import {
  analyticsEventSchema,
  localeQuerySchema,
  orgParamsSchema,
  resolveLocale,
} from '@portal/domain';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalSession, organisationOrThrow, requireSession } from '../http/context';
import { sendJson } from '../http/errors';
import type { Services } from '../services';
import { viewerOf } from '../services/viewer-service';
import { clientErrors as errors, idSchema } from './org/schemas';

const scoresSchema = z.object({
  score: z.number(),
  total: z.number(),
  summary: z.record(
    z.string(),
    z.array(z.object({ fieldId: z.string(), isCorrect: z.boolean(), scoreWeight: z.number() })),
  ),
});

export const gradeAndSearchRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { organisations, sessions, grades, search, db } = services;

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
          response: { 200: z.object({ scores: scoresSchema }), ...errors },
        },
      },
      async (request, reply) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const session = await requireSession(request, sessions, org);
        const viewer = await viewerOf(db, org.id, session);
        const scores = await grades.grade(org, request.params.topicId, request.params.index, {
          ...viewer,
          userId: session.userId,
        });
        return sendJson(reply, { scores });
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
          response: {
            200: z.object({
              topics: z.array(
                z.object({
                  _id: z.string(),
                  name: z.string(),
                  description: z.string(),
                  topicImage: z.object({ secure_url: z.string() }).optional(),
                }),
              ),
            }),
            ...errors,
          },
        },
        // Many learners can share one address (a school's network): the limit only stops floods.
        config: { rateLimit: { max: 1_200 * services.rateLimitScale, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const viewer = await viewerOf(db, org.id, await optionalSession(request, sessions, org));
        const locale = resolveLocale(request.query.locale, org.settings.locales);
        return sendJson(reply, {
          topics: await search.search(
            org,
            request.query.keywords,
            locale,
            viewer,
            request.query.topicGroup,
          ),
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
          response: { 200: z.object({ success: z.literal(true) }), ...errors },
        },
        config: { rateLimit: { max: 600 * services.rateLimitScale, timeWindow: '1 minute' } },
      },
      async (request) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const session = await optionalSession(request, sessions, org);
        const { name, category, data } = request.body;
        await db.kysely
          .insertInto('analytics_events')
          .values({
            id: randomUUID(),
            org_id: org.id,
            user_id: session?.userId ?? null,
            name,
            category,
            payload: JSON.stringify(data),
            created_at: new Date().toISOString(),
          })
          .execute();
        return { success: true as const };
      },
    );
  };
