// OpenTelemetry tracing (OTEL_EXPORTER_OTLP_ENDPOINT): imported by main.ts only when it is set,
// and before the server's modules, so that the require hook below sees pg load.
import { createRequire } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { Context } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import type { Config } from './config';
import { redactUrl } from './http/logging';

/** The probes and the scrape, polled every few seconds by the infrastructure: no spans. */
const UNTRACED = /^\/(?:healthz|readyz|metrics)(?:[?#]|$)/;

/** Span attributes that may hold a URL with its query (old and current semantic conventions). */
const URL_ATTRIBUTES = ['url.full', 'url.path', 'url.query', 'http.target', 'http.url'];

/**
 * Masks the secrets of a URL (a reset link's token, `?code=`…) in every span, whichever
 * instrumentation wrote it, as the access log does (`redactUrl`), before the span is exported.
 */
export class RedactingSpanProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}

  onStart(span: Span, parentContext: Context): void {
    this.next.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    for (const key of URL_ATTRIBUTES) {
      const value = span.attributes[key];
      // An ended span takes no more setAttribute: its attributes are changed in place.
      if (typeof value === 'string') span.attributes[key] = redactUrl(value);
    }
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}

export interface Telemetry {
  /** Ends the instrumentation and sends the spans still waiting (the server is closing). */
  shutdown: () => Promise<void>;
}

/**
 * Starts tracing: a span per request named by its route pattern (`POST /api/org/:org/login`),
 * with the database and Redis spans under it, sent with OTLP over HTTP (protobuf) to
 * OTEL_EXPORTER_OTLP_ENDPOINT. The exporter and the batch also read their standard
 * OTEL_EXPORTER_OTLP_* and OTEL_BSP_* variables.
 */
export function startTelemetry(telemetry: NonNullable<Config['telemetry']>): Telemetry {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': telemetry.serviceName }),
    spanProcessors: [new RedactingSpanProcessor(new BatchSpanProcessor(new OTLPTraceExporter()))],
  });
  provider.register();
  const disable = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Registers itself on every Fastify instance as it is created, before any route.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: ({ url }) => UNTRACED.test(url),
        // One span per request, the queries and commands under it: no span per hook or handler.
        instrumentHooks: false,
        instrumentHandler: false,
        // Fastify names an anonymous plugin by its source text: a span left (the 404 handler's)
        // is named by its stage.
        lifecycleHook: (span, { hookName }) => {
          span.updateName(hookName);
          span.setAttribute('hook.name', hookName);
        },
        requestHook: (span, request) => {
          const route = request.routeOptions.url;
          span.updateName(route ? `${request.method} ${route}` : request.method);
        },
      }),
      // Queries outside a request (the job runner's polling) would be a root span each.
      new PgInstrumentation({ requireParentSpan: true }),
      // Keys may name an account or an address: a Redis span records the command only.
      new IORedisInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: (command) => command,
      }),
    ],
  });
  // pg loads its client through require(), which the hooks see; ioredis is imported as an ES
  // module, which they do not: required once here, its class is patched for that import too.
  createRequire(import.meta.url)('ioredis');
  return {
    shutdown: async () => {
      disable();
      await provider.shutdown();
    },
  };
}
