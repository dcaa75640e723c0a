import { errorText, STUDIO_TOPIC_MAX_BYTES } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import { fromTable } from '../../http/route-table';
import type { Services } from '../../services';

/**
 * The authoring studio's API (docs/design.md §14), under `/api/org/{org}/studio`: 401 without a
 * session; the use cases refuse anyone but authors and administrators (403, policies/studio.ts).
 * The preview routes live beside the preview workbook (another module).
 */
export const studioRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { studio } = services;
    const topicBody = {
      // A 200-page topic is large: its own limit, beyond which the answer is 413.
      bodyLimit: STUDIO_TOPIC_MAX_BYTES,
      config: {
        session: 'required' as const,
        errforUnder: 'topic',
        bodyTooLarge: {
          status: 413,
          text: 'bodyTooLarge' as const,
          errfor: { topic: errorText('atMostBytes', { max: STUDIO_TOPIC_MAX_BYTES }) },
        },
      },
    };

    app.route({
      ...fromTable('studioTopics'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return studio.list(org, viewer);
      },
    });

    app.route({
      ...fromTable('createStudioTopic'),
      ...topicBody,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const created = await studio.create(org, viewer, request.body.topic);
        // A creation answers 201 (the studio's contract); the table documents its shape as 200's.
        return sendJson(reply.code(201 as 200), created);
      },
    });

    app.route({
      ...fromTable('studioTopic'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(reply, await studio.get(org, viewer, request.params.topicId));
      },
    });

    app.route({
      ...fromTable('saveStudioTopic'),
      ...topicBody,
      // A topic is large: its answer is written once, not parsed again by the serializer (the
      // contract test checks it against its schema).
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(
          reply,
          await studio.save(org, viewer, request.params.topicId, request.body),
        );
      },
    });

    app.route({
      ...fromTable('publishStudioTopic'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return studio.publish(org, viewer, request.params.topicId, request.body?.note);
      },
    });

    app.route({
      ...fromTable('studioTopicVersions'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return studio.versions(org, viewer, request.params.topicId);
      },
    });

    app.route({
      ...fromTable('studioTopicVersion'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        const { topicId, version } = request.params;
        return studio.version(org, viewer, topicId, version);
      },
    });

    app.route({
      ...fromTable('restoreStudioTopic'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return studio.restore(org, viewer, request.params.topicId, request.body.version);
      },
    });

    app.route({
      ...fromTable('archiveStudioTopic'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return studio.archive(org, viewer, request.params.topicId, request.body.archived);
      },
    });

    app.route({
      ...fromTable('studioAnswerCounts'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return studio.answerCounts(org, viewer, request.params.topicId);
      },
    });

    app.route({
      ...fromTable('studioPresence'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return studio.presence(org, viewer, request.params.topicId);
      },
    });

    app.route({
      ...fromTable('studioCatalogue'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return studio.catalogue(org, viewer);
      },
    });

    app.route({
      ...fromTable('saveStudioCatalogue'),
      bodyLimit: STUDIO_TOPIC_MAX_BYTES,
      config: {
        session: 'required',
        bodyTooLarge: {
          status: 413,
          text: 'bodyTooLarge',
          errfor: { topicGroups: errorText('atMostBytes', { max: STUDIO_TOPIC_MAX_BYTES }) },
        },
      },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return studio.saveCatalogue(org, viewer, request.body);
      },
    });
  };
