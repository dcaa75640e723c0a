import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './request-logger';

describe('a request’s logger', () => {
  it('makes pino’s child only when a line is written at a level the log keeps', () => {
    let text = '';
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => (text += d.toString()));
    const parent = pino({ level: 'info' }, stream);
    const child = vi.spyOn(parent, 'child');
    const log = lazyRequestLogger.call(
      undefined as never,
      parent,
      { reqId: 'req-9' },
      {},
      undefined as never,
    );
    log.debug('not kept');
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('info');
    log.warn({ route: '/x' }, 'kept');
    log.error('and this');
    expect(child).toHaveBeenCalledTimes(1);
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-9', route: '/x', msg: 'kept' }),
      expect.objectContaining({ level: 50, reqId: 'req-9', msg: 'and this' }),
    ]);
  });
});
