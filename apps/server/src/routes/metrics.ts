import { timingSafeEqual } from 'node:crypto';
import { errorText } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../http/request-context';
import { sendError } from '../http/errors';
import { fromTable } from '../http/route-table';
import type { Metrics } from '../metrics/metrics';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * `GET /metrics` (docs/design.md §18): Prometheus text for the operator's scraper. Open by
 * default, for a private network; with METRICS_TOKEN set, only with that bearer token (401).
 */
export const metricsRoutes =
  (metrics: Metrics, token: string | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...fromTable('metrics'),
      handler: async (request, reply) => {
        if (token !== undefined) {
          const given = bearerToken(request);
          if (given === null || !same(given, token))
            return sendError(reply, 401, errorText('metricsTokenRequired'));
        }
        return reply
          .header('content-type', metrics.contentType)
          .header('cache-control', 'no-store')
          .send(await metrics.text());
      },
    });
  };
