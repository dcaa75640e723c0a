import Fastify, { type FastifyReply } from 'fastify';
import { sendError } from './errors';

/**
 * The port's answers while the process waits for its database at start (issue 16,
 * DATABASE_STARTUP_WAIT_SECONDS): `/healthz` 200 (the process is alive: a supervisor does not
 * kill it), `/readyz` and every other request 503 with the error body and `Retry-After`
 * (a load balancer sends no traffic yet). Closed right before the real app listens on the port.
 */
export interface StartupHolding {
  /** The port it listens on (the one chosen by the system when asked for port 0). */
  port: number;
  close(): Promise<void>;
}

function away(reply: FastifyReply) {
  return sendError(
    reply.header('retry-after', '5').header('cache-control', 'no-store'),
    503,
    'databaseUnavailable',
  );
}

export async function startStartupHolding(port: number, host: string): Promise<StartupHolding> {
  const app = Fastify({
    logger: false,
    // Requests still open when the real app takes over are cut; they were all 503s anyway.
    forceCloseConnections: true,
    frameworkErrors: (_error, _request, reply) => void away(reply),
  });
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });
  app.setNotFoundHandler((_request, reply) => away(reply));
  // Bodies the holding app cannot parse (any content type, too large): the same 503.
  app.setErrorHandler((_error, _request, reply) => away(reply));
  await app.listen({ port, host });
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => app.close(),
  };
}
