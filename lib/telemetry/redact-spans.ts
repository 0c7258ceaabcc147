import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-node";

/** A path or URL's query and fragment: signed URLs, viewer JWTs and reset tokens travel there. */
const QUERY = /[?#]\S*/;
/** A text naming a path or URL with a query (`GET /api/x?token=…`, `https://host/x?sig=…`). */
const URL_WITH_QUERY = /^(?:[A-Z]+ )?(?:\/|[a-z][a-z0-9+.-]*:\/\/)\S*[?#]/;
/** Attributes that hold a URL or the request's path; they keep the path only. */
const URL_ATTRIBUTES = new Set(["http.target", "http.url", "url.full", "url.path", "next.url"]);
/** Attributes that hold nothing but a query. */
const QUERY_ATTRIBUTES = new Set(["url.query", "http.query"]);

/**
 * Spans as they may leave the process: named after the route template, never a query value.
 * Next.js sets `http.target` to the request's whole URL (query included), and a span that never
 * learned its route keeps the path it was named after.
 */
export function redactedSpan(span: ReadableSpan): ReadableSpan {
  const route = span.attributes["http.route"];
  const attributes: ReadableSpan["attributes"] = {};
  for (const [key, value] of Object.entries(span.attributes)) {
    if (QUERY_ATTRIBUTES.has(key)) continue;
    if (key === "http.target" && typeof route === "string") attributes[key] = route;
    else if (typeof value === "string" && (URL_ATTRIBUTES.has(key) || URL_WITH_QUERY.test(value))) attributes[key] = withoutQuery(value);
    else attributes[key] = value;
  }
  // The span keeps every other field and method; only these two are seen differently.
  const name = URL_WITH_QUERY.test(span.name) ? withoutQuery(span.name) : span.name;
  return Object.create(span, { name: { value: name }, attributes: { value: attributes } });
}

function withoutQuery(text: string): string {
  return text.replace(QUERY, "");
}

/** Hands the exporter redacted spans (lib/telemetry/tracing.ts puts it in front of the OTLP exporter). */
export class RedactingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], done: Parameters<SpanExporter["export"]>[1]): void {
    this.inner.export(spans.map(redactedSpan), done);
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
