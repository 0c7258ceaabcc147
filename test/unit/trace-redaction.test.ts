import { context, SpanKind, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-node";
import { afterAll, describe, expect, it } from "vitest";
import { RedactingExporter } from "@/lib/telemetry/redact-spans";

const SECRETS = ["sig-0123456789abcdef", "eyJhbGciOiJIUzI1NiJ9.viewer.jwt", "reset-token-42", "AKIAEXAMPLE"];

/**
 * What leaves the process with OTEL_EXPORTER_OTLP_ENDPOINT set: spans as Next.js makes them for a
 * request (`http.target` is the whole URL; the name becomes the route once known, or stays the
 * path) and for a fetch (`http.url`), each carrying secrets in the query.
 */
describe("spans sent to the collector", () => {
  const received = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new RedactingExporter(received))] });
  const tracer = provider.getTracer("test");
  afterAll(() => provider.shutdown());

  it("name the route template and carry no query value", () => {
    const signed = `/api/storage/upload/0b6c?expires=1&signature=${SECRETS[0]}`;
    const routed = tracer.startSpan("GET", { kind: SpanKind.SERVER, attributes: { "http.method": "PUT", "http.target": signed } });
    routed.setAttributes({ "next.route": "/api/storage/upload/[assetId]", "http.route": "/api/storage/upload/[assetId]", "next.span_name": "PUT /api/storage/upload/[assetId]" });
    routed.updateName("PUT /api/storage/upload/[assetId]");
    routed.end();
    const unrouted = tracer.startSpan(`GET /play/abc?jwt=${SECRETS[1]}`, { attributes: { "http.target": `/play/abc?jwt=${SECRETS[1]}` } });
    unrouted.end();
    const reset = tracer.startSpan("GET", { attributes: { "http.target": `/reset-password?token=${SECRETS[2]}#top`, "url.query": `token=${SECRETS[2]}` } });
    reset.end();
    context.with(trace.setSpan(context.active(), routed), () => {
      const fetched = tracer.startSpan("fetch GET https://bucket.s3.example/videos/a", {
        attributes: { "http.url": `https://bucket.s3.example/videos/a?X-Amz-Credential=${SECRETS[3]}&X-Amz-Signature=ff`, "error.message": "issue #12 happened" },
      });
      fetched.end();
    });

    const spans = received.getFinishedSpans().map((span) => ({ name: span.name, attributes: span.attributes }));
    const sent = JSON.stringify(spans);
    for (const secret of SECRETS) expect(sent).not.toContain(secret);
    expect(spans[0]).toMatchObject({ name: "PUT /api/storage/upload/[assetId]", attributes: { "http.target": "/api/storage/upload/[assetId]" } });
    expect(spans[1]).toMatchObject({ name: "GET /play/abc", attributes: { "http.target": "/play/abc" } });
    expect(spans[2].attributes).toEqual({ "http.target": "/reset-password" });
    expect(spans[3].attributes).toEqual({ "http.url": "https://bucket.s3.example/videos/a", "error.message": "issue #12 happened" });
    expect(received.getFinishedSpans()[0].spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
