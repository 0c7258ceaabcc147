import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { RedactingExporter } from "./redact-spans";

export const SERVICE_NAME = "video-asset-service";

/**
 * Sends traces over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (the exporter reads it and the other
 * standard OTEL_* variables itself). Next.js then traces every request, and tasks are spans of
 * their own (lib/telemetry/spans.ts); no span leaves with a query value (./redact-spans.ts). Only loaded when the variable is set, so an unset one costs
 * nothing: the API's default tracer does nothing.
 */
export function startTracing(): { shutdown(): Promise<void> } {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": process.env.OTEL_SERVICE_NAME ?? SERVICE_NAME }),
    spanProcessors: [new BatchSpanProcessor(new RedactingExporter(new OTLPTraceExporter()))],
  });
  provider.register();
  return provider;
}
