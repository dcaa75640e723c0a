import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { redactUrl } from './logging';

/** What an access line says of one answer. */
export interface AccessLine {
  reqId: string;
  method: string;
  url: string;
  host: string | undefined;
  remoteAddress: string | undefined;
  statusCode: number;
  responseTime: number;
  /** Written one time in this many (ACCESS_LOG_SAMPLE), when the answer was routine. */
  sampled?: number | undefined;
}

const INFO = 30;
const finite = (n: number) => (Number.isFinite(n) ? n : null);

/**
 * Writes one access line per answer to the destination of `log`, the line pino would write for
 * `log.info({reqId, req, res, responseTime}, 'request completed')` (same level, time, bindings,
 * fields and order), without pino's walk over the object, its serializers and its redaction,
 * which cost more than the rest of a small request (docs/decisions.md, the request floor). The
 * URL has its secrets masked (redactUrl); every value a client sent is escaped by JSON.stringify.
 * Built on `pino.symbols`, the integration surface pino documents for this. A process that
 * crashes loses the lines of its last turn of the event loop; one that closes writes them.
 */
export function accessLogWriter(log: FastifyBaseLogger) {
  const logger = log as pino.Logger & Record<symbol, unknown>;
  const { lsCacheSym, timeSym, chindingsSym, endSym, streamSym } = pino.symbols;
  const start = (logger[lsCacheSym] as Record<number, string>)[INFO];
  const time = logger[timeSym] as () => string;
  const chindings = logger[chindingsSym] as string;
  const end = logger[endSym] as string;
  const stream = logger[streamSym] as { write(line: string): unknown };
  if (typeof start !== 'string' || typeof time !== 'function' || typeof end !== 'string')
    throw new Error('pino.symbols changed: the access log cannot be written');
  // The lines of one turn of the event loop are handed to the destination together, once the
  // turn's answers are sent: one write instead of one a request.
  let pending: string[] = [];
  const flush = () => {
    const lines = pending;
    pending = [];
    if (lines.length > 0) stream.write(lines.join(''));
  };
  const write = (line: AccessLine): void => {
    if (!logger.isLevelEnabled('info')) return;
    if (pending.length === 0) setImmediate(flush);
    pending.push(
      `${start}${time()}${chindings},"reqId":${JSON.stringify(line.reqId)}` +
        `,"req":{"method":${JSON.stringify(line.method)},"url":${JSON.stringify(redactUrl(line.url))}` +
        `${line.host === undefined ? '' : `,"host":${JSON.stringify(line.host)}`}` +
        `${line.remoteAddress === undefined ? '' : `,"remoteAddress":${JSON.stringify(line.remoteAddress)}`}}` +
        `,"res":{"statusCode":${finite(line.statusCode)}},"responseTime":${finite(line.responseTime)}` +
        `${line.sampled === undefined ? '' : `,"sampled":${line.sampled}`}` +
        `,"msg":"request completed"${end}`,
    );
  };
  /** `flush` hands the lines not written yet to the destination (the server closing). */
  return { write, flush };
}
