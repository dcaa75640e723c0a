import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import { fromTable } from '../../http/route-table';
import type { Services } from '../../services';

/**
 * The console's orders (docs/design.md §15), under `/api/org/{org}/admin/orders`: 401 without a
 * session; the use cases refuse anyone but the organisation's administrators (403).
 */
export const orderRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { orders } = services;
    const config = { session: 'required' as const };
    const noStore = { 'cache-control': 'no-store' };

    app.route({
      ...fromTable('adminOrders'),
      config,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(reply.headers(noStore), await orders.list(org, viewer, request.query));
      },
    });

    app.route({
      ...fromTable('adminOrder'),
      config,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const answer = await orders.get(org, viewer, request.params.orderId);
        return sendJson(reply.headers(noStore), answer);
      },
    });

    app.route({
      ...fromTable('adminRefundOrder'),
      config,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const answer = await orders.refund(org, viewer, request.params.orderId);
        return sendJson(reply.headers(noStore), answer);
      },
    });
  };
