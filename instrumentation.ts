/**
 * Start-up and shutdown of a node, whether `next start` or the standalone server runs it: traces
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set, each request's connection address recorded for
 * lib/api/client-address.ts, the app booted (migrations, INIT_* user, resuming
 * unfinished tasks) rather than on the first request, and graceful shutdown on SIGTERM.
 * Skipped while `next build` runs.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? (await import("@/lib/telemetry/tracing")).startTracing() : undefined;
  (await import("@/lib/lifecycle/connection-address")).recordConnectionAddresses();
  const { getApp } = await import("@/lib/app/app");
  // `next dev` keeps its own handling: it restarts its server process on changes.
  if (process.env.NODE_ENV === "production") {
    const { installGracefulShutdown } = await import("@/lib/lifecycle/shutdown");
    installGracefulShutdown(getApp, () => tracing?.shutdown());
  }
  await getApp();
}
