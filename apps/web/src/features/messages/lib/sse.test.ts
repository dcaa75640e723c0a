import { describe, expect, it } from 'vitest';
import { createSseParser, type ServerSentEvent } from './sse';

function parse(...chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return { events, lastEventId: parser.lastEventId };
}

describe('createSseParser', () => {
  it('reads events with their type, id and data', () => {
    const { events, lastEventId } = parse(
      'event: message\nid: m1\ndata: {"a":1}\n\n',
      'event: message\nid: m2\ndata: {"a":2}\n\n',
    );
    expect(events).toEqual([
      { event: 'message', id: 'm1', data: '{"a":1}' },
      { event: 'message', id: 'm2', data: '{"a":2}' },
    ]);
    expect(lastEventId).toBe('m2');
  });

  it('puts an event back together from chunks cut anywhere', () => {
    const text = 'event: message\nid: 42\ndata: hello\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      const { events } = parse(text.slice(0, cut), text.slice(cut));
      expect(events, `cut at ${cut}`).toEqual([{ event: 'message', id: '42', data: 'hello' }]);
    }
  });

  it('ignores comments (heartbeats) and unknown fields, and needs a blank line to dispatch', () => {
    const { events } = parse(': ping\n\n', 'retry: 5000\nfoo: bar\n', 'data: late');
    expect(events).toEqual([]);
  });

  it('joins several data lines with newlines and defaults the type to "message"', () => {
    const { events } = parse('data: one\ndata:two\ndata\n\n');
    expect(events).toEqual([{ event: 'message', id: '', data: 'one\ntwo\n' }]);
  });

  it('accepts CRLF and CR line ends, even with CR and LF in different chunks', () => {
    expect(parse('data: a\r\n\r\n').events).toEqual([{ event: 'message', id: '', data: 'a' }]);
    expect(parse('data: b\r\r').events).toEqual([{ event: 'message', id: '', data: 'b' }]);
    expect(parse('data: c\r', '\n\r', '\n').events).toEqual([
      { event: 'message', id: '', data: 'c' },
    ]);
  });

  it('keeps the last id across events and strips one leading space only', () => {
    const { events } = parse('id: 7\nevent: other\ndata:  two spaces\n\n', 'data: x\n\n');
    expect(events).toEqual([
      { event: 'other', id: '7', data: ' two spaces' },
      { event: 'message', id: '7', data: 'x' },
    ]);
  });
});
