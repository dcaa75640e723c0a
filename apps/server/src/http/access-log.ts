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
/** How long an access line may wait to be written with others (ms). */
export const ACCESS_LOG_FLUSH_MS = 100;
/** How much may wait (bytes of lines): about fifty lines, one write. */
export const ACCESS_LOG_FLUSH_BYTES = 16_384;
const finite = (n: number) => (Number.isFinite(n) ? n : null);

/**
 * Writes one access line per answer to the destination of `log`, the line pino would write for
 * `log.info({reqId, req, res, responseTime}, 'request completed')` (same level, time, bindings,
 * fields and order), without pino's walk over the object, its serializers and its redaction,
 * which cost more than the rest of a small request (docs/decisions.md, the request floor). The
 * URL has its secrets masked (redactUrl); every value a client sent is escaped by JSON.stringify.
 * Built on `pino.symbols`, the integration surface pino documents for this.
 *
 * The lines are handed to the destination together: ACCESS_LOG_FLUSH_MS after the first one
 * waiting, or at once when ACCESS_LOG_FLUSH_BYTES are waiting. One write for many answers, not
 * one a turn of the event loop (a write a turn cost a small request more than its line:
 * docs/decisions.md, the request floor). A process that closes writes what waits (`flush`), and
 * so does one that exits (`flushOnExit`); one killed outright loses at most the last
 * ACCESS_LOG_FLUSH_MS of access lines (other log lines are written at once, as pino does).
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
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const lines = pending;
    pending = '';
    if (lines.length > 0) stream.write(lines);
  };
  const write = (line: AccessLine): void => {
    if (!logger.isLevelEnabled('info')) return;
    // Unref'd: waiting lines never keep a process alive (its exit writes them).
    if (pending.length === 0) timer = setTimeout(flush, ACCESS_LOG_FLUSH_MS).unref();
    pending +=
      `${start}${time()}${chindings},"reqId":${JSON.stringify(line.reqId)}` +
      `,"req":{"method":${JSON.stringify(line.method)},"url":${JSON.stringify(redactUrl(line.url))}` +
      `${line.host === undefined ? '' : `,"host":${JSON.stringify(line.host)}`}` +
      `${line.remoteAddress === undefined ? '' : `,"remoteAddress":${JSON.stringify(line.remoteAddress)}`}}` +
      `,"res":{"statusCode":${finite(line.statusCode)}},"responseTime":${finite(line.responseTime)}` +
      `${line.sampled === undefined ? '' : `,"sampled":${line.sampled}`}` +
      `,"msg":"request completed"${end}`;
    if (pending.length >= ACCESS_LOG_FLUSH_BYTES) flush();
  };
  /**
   * Writes the waiting lines when the process exits (whatever ends it but SIGKILL); the
   * returned function stops that (the server closing).
   */
  const flushOnExit = () => {
    process.on('exit', flush);
    return () => void process.off('exit', flush);
  };
  /** `flush` hands the lines not written yet to the destination (the server closing). */
  return { write, flush, flushOnExit };
}
