import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Seconds: an API answer is expected in milliseconds, an upload or a download may take minutes. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
/** Seconds from a task's creation to its end: an upload waits for its file, an export streams it. */
const TASK_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 24 * 3600];

function createMetrics() {
  const registry = new Registry();
  // Process memory, CPU, handles, garbage collection and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return {
    registry,
    requests: new Counter({
      name: "vas_http_requests_total",
      help: "API requests answered, by route template, method and status.",
      labelNames: ["route", "method", "status"] as const,
      registers: [registry],
    }),
    requestDuration: new Histogram({
      name: "vas_http_request_duration_seconds",
      help: "Time to answer an API request (until the answer starts), by route template, method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: REQUEST_BUCKETS,
      registers: [registry],
    }),
    uploadBytes: new Counter({
      name: "vas_upload_bytes_total",
      help: "Bytes of video received by this node (signed PUT and tus uploads to the local store).",
      registers: [registry],
    }),
    tasksFinished: new Counter({
      name: "vas_tasks_finished_total",
      help: "Tasks that ended, by type and outcome (completed, failed, cancelled).",
      labelNames: ["type", "outcome"] as const,
      registers: [registry],
    }),
    taskDuration: new Histogram({
      name: "vas_task_duration_seconds",
      help: "Time from a task's creation to its end, by type and outcome.",
      labelNames: ["type", "outcome"] as const,
      buckets: TASK_BUCKETS,
      registers: [registry],
    }),
    stepRetries: new Counter({
      name: "vas_task_step_retries_total",
      help: "Task steps that failed and are tried again, by task type.",
      labelNames: ["type"] as const,
      registers: [registry],
    }),
    transcodeSegments: new Counter({
      name: "vas_transcode_segments_total",
      help: "Transcoded segments made and stored by this node, by why: a viewer asked (request) or ahead of viewers (background).",
      labelNames: ["for"] as const,
      registers: [registry],
    }),
    transcodeSeconds: new Counter({
      name: "vas_transcode_seconds_total",
      help: "Seconds of video this node transcoded (per segment made, all its rungs counted once), by why.",
      labelNames: ["for"] as const,
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: "vas_tasks_unfinished",
      help: "Tasks not yet ended in the database (every node's), by type and phase: pending, waiting (queued) or running.",
      labelNames: ["type", "phase"] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const holder = globalThis as typeof globalThis & { __videoAssetMetrics?: Metrics };

/** The process's metrics, on globalThis: Next.js bundles routes and instrumentation.ts apart. */
export function metrics(): Metrics {
  holder.__videoAssetMetrics ??= createMetrics();
  return holder.__videoAssetMetrics;
}
