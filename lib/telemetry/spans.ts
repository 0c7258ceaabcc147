import { SpanStatusCode, trace } from "@opentelemetry/api";
import { describeError } from "@/lib/log/describe-error";

const tracer = () => trace.getTracer("video-asset-service");

/**
 * Runs `body` as a span named `name` (a child of the active one): errors are recorded on it.
 * Without a registered tracer provider (OTEL_EXPORTER_OTLP_ENDPOINT unset) the span is a no-op.
 */
export function inSpan<T>(name: string, attributes: Record<string, string | number>, body: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await body();
    } catch (error) {
      span.recordException({ name: error instanceof Error ? error.name : "thrown", message: describeError(error) });
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
