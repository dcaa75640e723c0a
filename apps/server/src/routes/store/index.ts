import { fromTable } from '../../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perKeyLimit } from '../../http/rate-limits';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';
import { requestAddress } from '../../services/site-links';

/** The webhook's answer. */
const RECEIVED = '{"received":true}';

/** The store: purchases, the buyer's orders and the local checkout (docs/design.md §9). */
export const storeRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { store } = services;
    app.route({
      ...fromTable('purchase'),
      // Each purchase opens a session at the payment provider.
      config: {
        session: 'required',
        rateLimit: { max: 60 * services.rateLimitScale, timeWindow: '1 minute' },
      },
      // And per learner, whatever address they buy from (issue 16, point 6).
      preHandler: perKeyLimit(app, {
        max: 10 * services.rateLimitScale,
        timeWindow: '1 minute',
        keyGenerator: (request) => `purchase:${request.ctx.org.id}:${request.ctx.viewer.userId}`,
      }),
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        const checkoutSession = await store.purchase(
          org,
          viewer,
          request.params.bundleId,
          request.body,
          locale,
          requestAddress(request),
        );
        return { checkoutSession };
      },
    });

    app.route({
      ...fromTable('orders'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { orders: await store.orders(org, viewer, locale) };
      },
    });

    app.route({
      ...fromTable('order'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { order: await store.order(org, viewer, request.params.orderId, locale) };
      },
    });

    app.route({
      ...fromTable('payOrder'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { order: await store.pay(org, viewer, request.params.orderId, locale) };
      },
    });

    app.route({
      ...fromTable('cancelOrder'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { order: await store.cancel(org, viewer, request.params.orderId, locale) };
      },
    });

    // Stripe's webhook, in a scope of its own: its body is kept raw (the signature is computed
    // over the exact bytes), which no other route wants.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: 1_048_576 },
        (_r, body, done) => done(null, body),
      );
      scope.post(
        '/api/payments/stripe/webhook',
        {
          // Not part of the browser's API: Stripe calls it (docs/configuration.md).
          schema: { hide: true },
        },
        async (request, reply) => {
          const signature = request.headers['stripe-signature'];
          await store.stripeWebhook(
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            typeof signature === 'string' ? signature : undefined,
          );
          // Pre-serialised: the answer never changes.
          return reply
            .code(200)
            .header('content-type', 'application/json; charset=utf-8')
            .send(RECEIVED);
        },
      );
    });
  };
