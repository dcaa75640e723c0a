import { parseMessageDate } from '@portal/domain';
import { fromTable } from '../../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageStreamHub, STREAMS_PER_ACCOUNT } from '../../http/message-stream-hub';
import { perKeyLimit } from '../../http/rate-limits';
import { sendJsonText } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';

/** A message id as the stream sends it (`id:`) and the browser sends it back (Last-Event-ID). */
const MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** What a stream may hold unsent for a slow client before it is closed. */
const MAX_BUFFERED_BYTES = 1_048_576;

const STREAM_DESCRIPTION = [
  'Server-sent events (text/event-stream) of the group: `event: message`, `id: <message _id>`,',
  '`data:` the message as GET …/message answers it. Only what the learner may read is sent.',
  'Authenticated like every call, by the `Authorization: Bearer` header (browsers read it with',
  'fetch and a ReadableStream: EventSource cannot send the header). With `Last-Event-ID`, the',
  'messages written from 2 s before that message are sent first (merge by _id). A comment line',
  '`: ready` follows the replay; `: ping` comes every 15 s. The stream ends when the learner',
  'leaves the group or signs out; after `event: closed` with `data: {"reason":"paused"}` when the',
  'server lost its bus of live events (Redis; a stream asked for meanwhile is answered 503: poll,',
  'and reconnect later with Last-Event-ID), or `{"reason":"replaced"}` when the account opened',
  `more than ${STREAMS_PER_ACCOUNT} streams (its oldest ends first; do not reopen it).`,
].join(' ');

/** Messages of a user group (docs/design.md §10; docs/product-spec.md §7). */
export const messageRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { messages } = services;
    /** The streams open in this process, ended when the app closes. */
    const open = new Set<() => void>();
    const streams = new MessageStreamHub(services.pubsub, app.log);
    services.metrics.watchStreams(() => streams.openStreams);
    app.addHook('preClose', async () => {
      streams.close();
      for (const end of [...open]) end();
    });

    app.route({
      ...fromTable('messages'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const q = request.query;
        const gt = q['createDate[gt]'];
        const lt = q['createDate[lt]'];
        // Serialised once for every poll that asks the same (the schema documents its shape).
        const json = await messages.listJson(org, viewer, request.params.groupId, {
          page: q.page,
          limit: q.limit,
          after: gt === undefined ? undefined : parseMessageDate(gt),
          before: lt === undefined ? undefined : parseMessageDate(lt),
          isPrivate: q.isPrivate === 'true',
          thread: q.thread,
        });
        return sendJsonText(reply, json);
      },
    });

    app.route({
      ...fromTable('postMessage'),
      config: { session: 'required' },
      // Per learner (after the session is known), whatever address they post from.
      preHandler: perKeyLimit(app, {
        max: 30 * services.rateLimitScale,
        timeWindow: '1 minute',
        keyGenerator: (request) => `message:${request.ctx.org.id}:${request.ctx.viewer.userId}`,
      }),
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return {
          message: await messages.post(org, viewer, request.params.groupId, request.body),
        };
      },
    });

    app.route({
      ...fromTable('unreadMessages'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return { groups: await messages.unread(org, viewer) };
      },
    });

    app.route({
      ...fromTable('markMessagesRead'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        const body = request.body ?? {};
        const thread = body.thread ?? (body.isPrivate === true ? viewer.userId : undefined);
        return messages.markRead(org, viewer, request.params.groupId, thread);
      },
    });

    app.route({
      ...fromTable('messageThreads'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return { threads: await messages.threads(org, viewer, request.params.groupId) };
      },
    });

    app.route({
      ...fromTable('messageStream', { description: STREAM_DESCRIPTION }),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, session } = signedIn(request);
        const last = request.headers['last-event-id']?.trim();
        // Refusals (404, 403) are answered as JSON, before the stream starts.
        const stream = streams.open(
          await messages.openLive(
            org,
            session,
            request.params.groupId,
            last && MESSAGE_ID.test(last) ? last : undefined,
          ),
        );
        reply.hijack();
        const raw = reply.raw;
        // The API's security headers (set by the onRequest hook) are kept.
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(reply.getHeaders()))
          if (value !== undefined) headers[name] = String(value);
        raw.writeHead(200, {
          ...headers,
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        });
        raw.flushHeaders();
        let ended = false;
        const heartbeat = setInterval(() => {
          void stream.stillReadable().then((readable) => {
            if (readable) write(': ping\n\n');
          });
        }, services.messageHeartbeatMs);
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          open.delete(end);
          stream.close();
          if (!raw.writableEnded) raw.end();
        };
        open.add(end);
        raw.on('close', end);
        raw.on('error', end);
        const write = (text: string) => {
          if (ended || raw.writableEnded) return;
          // A client that reads nothing is let go rather than buffered for without end; it
          // reconnects with Last-Event-ID and gets what it missed.
          if (raw.writableLength > MAX_BUFFERED_BYTES) return end();
          raw.write(text);
        };
        // The browser reconnects after 3 s when the connection drops.
        write('retry: 3000\n\n');
        try {
          await stream.start({
            message: (_view, text) => write(text),
            end: (reason) => {
              if (reason) write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
              end();
            },
          });
          write(': ready\n\n');
        } catch (err) {
          request.log.warn({ err }, 'a message stream failed to start');
          end();
        }
        return reply;
      },
    });
  };
