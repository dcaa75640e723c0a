/**
 * A server-sent events parser (the HTML standard's "event stream interpretation"), fed text as
 * it arrives from a fetch body: EventSource cannot send the bearer header, so the panel reads
 * the stream with fetch and parses it here.
 */

export interface ServerSentEvent {
  /** The event type; "message" when the stream names none. */
  event: string;
  data: string;
  /** The last event id the stream set (kept across events, as the standard says). */
  id: string;
}

export interface SseParser {
  /** Feeds the next chunk of text; calls `onEvent` for each event it completes. */
  push(chunk: string): void;
  /** The last event id seen, for `Last-Event-ID` when reconnecting. */
  readonly lastEventId: string;
}

export function createSseParser(onEvent: (event: ServerSentEvent) => void): SseParser {
  let buffer = '';
  let data: string[] = [];
  let hasData = false;
  let eventType = '';
  let lastEventId = '';
  // A chunk may end between a CR and its LF: that LF ends no new line.
  let skipLeadingLf = false;

  function dispatch() {
    if (hasData) {
      onEvent({ event: eventType || 'message', data: data.join('\n'), id: lastEventId });
    }
    data = [];
    hasData = false;
    eventType = '';
  }

  function line(text: string) {
    if (text === '') {
      dispatch();
      return;
    }
    if (text.startsWith(':')) return; // a comment: a heartbeat
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data.push(value);
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) lastEventId = value;
        break;
      default:
        // retry and unknown fields: ignored (the panel has its own backoff).
        break;
    }
  }

  return {
    push(chunk) {
      let text = buffer + chunk;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      let start = 0;
      for (let index = 0; index < text.length; index++) {
        const char = text[index];
        if (char !== '\n' && char !== '\r') continue;
        line(text.slice(start, index));
        if (char === '\r') {
          if (index + 1 === text.length) skipLeadingLf = true;
          else if (text[index + 1] === '\n') index++;
        }
        start = index + 1;
      }
      buffer = text.slice(start);
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
