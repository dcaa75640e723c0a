import {
  checkoutSessionAnswerSchema,
  localeQueryObjectSchema,
  orderAnswerSchema,
  ordersAnswerSchema,
  orgParamsSchema,
  purchaseBodySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perKeyLimit } from '../../http/rate-limits';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';
import { requestAddress } from '../../services/site-links';
import { errorBodySchema, idSchema } from '../org/schemas';

/** The webhook's answer. */
const RECEIVED = '{"received":true}';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};

const bundleParams = orgParamsSchema.extend({ bundleId: idSchema });
const orderParams = orgParamsSchema.extend({
  orderId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be an order id'),
});

/** The store: purchases, the buyer's orders and the local checkout (docs/design.md §9). */
export const storeRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { store } = services;
    app.post(
      '/api/org/:org/bundle/:bundleId/purchase',
      {
        schema: {
          tags: ['store'],
          summary:
            'Buy seats of a bundle: makes a pending order priced by the server and answers where to pay',
          params: bundleParams,
          querystring: localeQueryObjectSchema,
          body: purchaseBodySchema,
          response: { 200: checkoutSessionAnswerSchema, 429: errorBodySchema, ...errors },
        },
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
      },
      async (request) => {
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
    );

    app.get(
      '/api/org/:org/order',
      {
        schema: {
          tags: ['store'],
          summary: 'The signed-in learner’s orders, newest first',
          params: orgParamsSchema,
          querystring: localeQueryObjectSchema,
          response: { 200: ordersAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { orders: await store.orders(org, viewer, locale) };
      },
    );

    app.get(
      '/api/org/:org/order/:orderId',
      {
        schema: {
          tags: ['store'],
          summary: 'One of the signed-in learner’s orders',
          params: orderParams,
          querystring: localeQueryObjectSchema,
          response: { 200: orderAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { order: await store.order(org, viewer, request.params.orderId, locale) };
      },
    );

    app.post(
      '/api/org/:org/order/:orderId/pay',
      {
        schema: {
          tags: ['store'],
          summary:
            'The local checkout’s Pay button (PAYMENTS=local only): fulfils the order through the provider path',
          params: orderParams,
          querystring: localeQueryObjectSchema,
          response: { 200: orderAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { order: await store.pay(org, viewer, request.params.orderId, locale) };
      },
    );

    app.post(
      '/api/org/:org/order/:orderId/cancel',
      {
        schema: {
          tags: ['store'],
          summary: 'Cancel a pending order (a fulfilled one answers 409)',
          params: orderParams,
          querystring: localeQueryObjectSchema,
          response: { 200: orderAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { order: await store.cancel(org, viewer, request.params.orderId, locale) };
      },
    );

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
