// The server's entry point. With OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts before the
// server's modules are imported, so that its hooks see pg load (docs/decisions.md, operations);
// without it nothing of OpenTelemetry is loaded. The build keeps both imports lazy (build.mjs).
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const telemetry =
    config.telemetry && (await import('./telemetry')).startTelemetry(config.telemetry);
  const { startServer } = await import('./server');
  await startServer(config, { onClose: telemetry?.shutdown });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
