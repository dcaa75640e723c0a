import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A span as an OTLP collector receives it (the fields the tests look at). */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** 1 internal, 2 server, 3 client (OTLP's SpanKind). */
  kind: number;
  attributes: Record<string, unknown>;
  /** The resource's `service.name`. */
  service: unknown;
  /** The instrumentation that made it (`@fastify/otel`, `@opentelemetry/instrumentation-pg`…). */
  scope: string;
}

/** A collector of a test's own: POST /v1/traces (OTLP over HTTP, protobuf), kept in memory. */
export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT names: the exporter adds `/v1/traces`. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Every request body as received (after gzip), to look for text anywhere in them. */
  bodies: Buffer[];
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: Buffer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      bodies.push(body);
      spans.push(...decodeTraceRequest(body));
      // An empty ExportTraceServiceResponse: everything accepted.
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Field = { field: number; varint?: bigint; bytes?: Buffer };

/** The fields of one protobuf message (wire format), in order. */
function readFields(buf: Buffer): Field[] {
  const fields: Field[] = [];
  let at = 0;
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buf[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < buf.length) {
    const key = Number(varint());
    const field = key >> 3;
    switch (key & 7) {
      case 0:
        fields.push({ field, varint: varint() });
        break;
      case 1:
        fields.push({ field, bytes: buf.subarray(at, (at += 8)) });
        break;
      case 2: {
        const length = Number(varint());
        fields.push({ field, bytes: buf.subarray(at, (at += length)) });
        break;
      }
      case 5:
        fields.push({ field, bytes: buf.subarray(at, (at += 4)) });
        break;
      default:
        throw new Error(`unexpected protobuf wire type ${key & 7}`);
    }
  }
  return fields;
}

const messages = (buf: Buffer, field: number) =>
  readFields(buf)
    .filter((f) => f.field === field && f.bytes)
    .map((f) => f.bytes!);
const first = (buf: Buffer, field: number) => messages(buf, field)[0];
const text = (buf: Buffer | undefined) => buf?.toString('utf8') ?? '';

/** opentelemetry.proto.common.v1.AnyValue, for the kinds spans use. */
function anyValue(buf: Buffer): unknown {
  const [f] = readFields(buf);
  if (!f) return undefined;
  if (f.field === 1) return text(f.bytes);
  if (f.field === 2) return f.varint === 1n;
  if (f.field === 3) return Number(BigInt.asIntN(64, f.varint!));
  if (f.field === 4) return f.bytes!.readDoubleLE(0);
  if (f.field === 5) return messages(f.bytes!, 1).map(anyValue);
  return f.bytes;
}

/** Repeated KeyValue (field `field`) as an object. */
function attributes(buf: Buffer, field: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const kv of messages(buf, field)) {
    const value = first(kv, 2);
    out[text(first(kv, 1))] = value && anyValue(value);
  }
  return out;
}

/** opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest → its spans. */
export function decodeTraceRequest(body: Buffer): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of messages(body, 1)) {
    const resource = first(resourceSpans, 1);
    const service = resource ? attributes(resource, 1)['service.name'] : undefined;
    for (const scopeSpans of messages(resourceSpans, 2)) {
      const scope = text(first(first(scopeSpans, 1) ?? Buffer.alloc(0), 1));
      for (const span of messages(scopeSpans, 2)) {
        const kind = readFields(span).find((f) => f.field === 6)?.varint ?? 0n;
        spans.push({
          traceId: first(span, 1)?.toString('hex') ?? '',
          spanId: first(span, 2)?.toString('hex') ?? '',
          parentSpanId: first(span, 4)?.toString('hex') ?? '',
          name: text(first(span, 5)),
          kind: Number(kind),
          attributes: attributes(span, 9),
          service,
          scope,
        });
      }
    }
  }
  return spans;
}
