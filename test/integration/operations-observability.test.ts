import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retrying } from "../helpers/eventually";
import { api, SERVER_TOKEN, startServer, type ServerProcess } from "../helpers/server-process";

const METRICS_TOKEN = "metrics-test-token-not-a-secret-42";
const FIXTURE = fs.readFileSync(path.resolve("test/fixtures/media/h264-aac.mp4"));

/** One sample of a Prometheus text exposition, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? "";
    const found = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(line.split(" ").at(-1));
  }
  return 0;
}

/** The server's JSON log lines (Next.js's own banner lines are not JSON). */
function logLines(server: ServerProcess): Array<Record<string, unknown>> {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));
}

describe("operating a node: Node.js 24, metrics, JSON logs with request ids", () => {
  let server: ServerProcess;
  const scrape = async () => {
    const answer = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    return answer.text();
  };

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "vas-ops-")), METRICS_TOKEN });
  }, 120_000);
  afterAll(() => server?.kill());

  it("runs the tests and the server on Node.js 24", async () => {
    console.info(`test process: Node.js ${process.version}`);
    expect(Number(process.version.slice(1).split(".")[0])).toBeGreaterThanOrEqual(24);
    expect(sample(await scrape(), "nodejs_version_info", { major: "24" })).toBe(1);
  }, 120_000);

  it("keeps the metrics behind METRICS_TOKEN", async () => {
    const attempts: Array<Record<string, string>> = [{}, { authorization: "Bearer wrong-token" }, { authorization: `Bearer ${SERVER_TOKEN}` }];
    for (const headers of attempts) {
      const refused = await fetch(`${server.url}/api/metrics`, { headers });
      expect(refused.status).toBe(401);
      expect((await refused.json()).errors[0]).toMatch(/METRICS_TOKEN/);
    }
  }, 120_000);

  it("counts requests by route template, method and status, their durations, upload bytes and tasks", async () => {
    const before = await scrape();
    const missing = "00000000-0000-4000-8000-000000000000";
    for (let i = 0; i < 3; i++) expect((await api(server, `/api/asset/${missing}`)).status).toBe(404);
    const created = await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "metrics" } });
    expect(created.status).toBe(200);
    const { url, asset } = await created.json();
    expect(sample(await scrape(), "vas_tasks_unfinished", { type: "upload", phase: "pending" }), "the new upload's task is queued").toBeGreaterThanOrEqual(1);
    expect((await fetch(url, { method: "PUT", body: FIXTURE, headers: { "content-type": "video/mp4" } })).status).toBe(200);
    await retrying(async () => expect((await (await api(server, `/api/asset/${asset.id}`)).json()).status).toBe("ready"), 30_000);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    const notFound = { route: "/api/asset/[id]", method: "GET", status: "404" };
    expect(moved("vas_http_requests_total", notFound)).toBe(3);
    expect(moved("vas_http_request_duration_seconds_count", notFound)).toBe(3);
    expect(moved("vas_http_request_duration_seconds_bucket", { ...notFound, le: "+Inf" })).toBe(3);
    expect(moved("vas_http_requests_total", { route: "/api/asset/request-upload", method: "POST", status: "200" })).toBe(1);
    expect(moved("vas_http_requests_total", { route: "/api/storage/upload/[assetId]", method: "PUT", status: "200" })).toBe(1);
    expect(after, "no raw ids in the route labels").not.toContain(missing);
    expect(moved("vas_upload_bytes_total")).toBe(FIXTURE.length);
    expect(moved("vas_tasks_finished_total", { type: "upload", outcome: "completed" })).toBe(1);
    expect(moved("vas_task_duration_seconds_count", { type: "upload", outcome: "completed" })).toBe(1);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
  }, 120_000);

  it("writes JSON log lines that carry the request's id, the task's lines included, and no secret", async () => {
    const requestId = `ops-test-${Date.now()}-create`;
    const created = await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "logs" }, headers: { "x-request-id": requestId } });
    expect(created.headers.get("x-request-id")).toBe(requestId);
    const { url, asset } = await created.json();
    const putId = requestId.replace("-create", "-put");
    const put = await fetch(url, { method: "PUT", body: FIXTURE, headers: { "content-type": "video/mp4", "x-request-id": putId } });
    expect(put.headers.get("x-request-id")).toBe(putId);
    await retrying(async () => expect((await (await api(server, `/api/asset/${asset.id}`)).json()).status).toBe("ready"), 30_000);
    const generated = (await api(server, "/api/asset?limit=1")).headers.get("x-request-id");
    expect(generated).toMatch(/^[0-9a-f]{16}$/);

    await retrying(() => expect(logLines(server).some((line) => line.requestId === putId && line.msg === "upload run ended")).toBe(true));
    const output = server.output();
    for (const id of [requestId, putId]) {
      const raw = output.split("\n").filter((line) => line.includes(id));
      const lines = logLines(server).filter((line) => line.requestId === id);
      expect(lines.length, `every line that names ${id} is a JSON line that carries it`).toBe(raw.length);
      expect(lines.every((line) => typeof line.time === "string" && typeof line.level === "string" && typeof line.msg === "string")).toBe(true);
    }
    const putLines = logLines(server).filter((line) => line.requestId === putId);
    expect(putLines.find((line) => line.msg === "answered")).toMatchObject({ route: "/api/storage/upload/[assetId]", method: "PUT", status: 200 });
    const taskLines = putLines.filter((line) => line.taskId);
    expect(taskLines.map((line) => line.msg)).toEqual(expect.arrayContaining(["upload run started", "upload run ended"]));
    const query = new URL(url).search.slice(1);
    expect(output).not.toContain(SERVER_TOKEN);
    expect(output).not.toContain(METRICS_TOKEN);
    expect(output).not.toContain(query);
  }, 120_000);
});

/** An OTLP/HTTP collector on loopback that keeps the span names it is sent (JSON, the exporter's default). */
async function startCollector() {
  const spans: Array<{ name: string; attributes: Record<string, unknown> }> = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url === "/v1/traces") {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      for (const resource of body.resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({ name: span.name, attributes: Object.fromEntries((span.attributes ?? []).map((a: { key: string; value: Record<string, unknown> }) => [a.key, Object.values(a.value)[0]])) });
    }
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("traces with OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let server: ServerProcess;

  beforeAll(async () => {
    collector = await startCollector();
    server = await startServer({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "vas-otel-")),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: "200",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    await collector?.close();
  });

  it("sends the requests' spans and the inline runner's task and step spans to the collector", async () => {
    const { url, asset } = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "traced" } })).json();
    expect((await fetch(url, { method: "PUT", body: FIXTURE, headers: { "content-type": "video/mp4" } })).status).toBe(200);
    await retrying(() => {
      const names = collector.spans.map((span) => span.name);
      expect(names).toEqual(expect.arrayContaining(["task upload", "step probe-mp4", "step record-ready"]));
      expect(names.some((name) => name.includes("/api/asset/request-upload"))).toBe(true);
    }, 30_000);
    expect(collector.spans.find((span) => span.name === "task upload")?.attributes["task.type"]).toBe("upload");
    expect((await (await api(server, `/api/asset/${asset.id}`)).json()).status).toBe("ready");
    // The signed upload URL's query (its signature) is in no span: they carry the route template.
    const signature = new URL(url).search.slice(1);
    expect(JSON.stringify(collector.spans)).not.toContain(signature);
    expect(collector.spans.some((span) => span.attributes["http.target"] === "/api/storage/upload/[assetId]")).toBe(true);
  }, 120_000);
});
