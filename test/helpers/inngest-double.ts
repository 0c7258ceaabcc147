import http from "node:http";
import type { AddressInfo } from "node:net";
import type { InngestTestEngine } from "@inngest/test";

export interface SentEvent {
  name: string;
  data: Record<string, unknown>;
  id?: string;
}

/**
 * Stands in for an Inngest server on loopback (the dev server cannot be installed here): records
 * events sent to `POST /e/{key}` and app syncs sent to `POST /fn/register`.
 */
export interface InngestDouble {
  url: string;
  events: SentEvent[];
  /** Events answered 500 while refusing, as an unreachable server would lose them. */
  refused: SentEvent[];
  /** From now on, refuses events (true) or takes them again (false). */
  refuseEvents(refuse: boolean): void;
  registrations: Array<{ appName: string; url: string; functions: Array<{ id: string; triggers: unknown[]; steps: unknown }> }>;
  close(): Promise<void>;
}

export async function startInngestDouble(): Promise<InngestDouble> {
  const events: SentEvent[] = [];
  const refused: SentEvent[] = [];
  let refusing = false;
  const registrations: InngestDouble["registrations"] = [];
  const server = http.createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    res.setHeader("content-type", "application/json");
    if (req.method === "POST" && req.url?.startsWith("/e/")) {
      const sent = [JSON.parse(body)].flat() as SentEvent[];
      if (refusing) {
        refused.push(...sent);
        res.statusCode = 500;
        return res.end(JSON.stringify({ error: "unavailable" }));
      }
      events.push(...sent);
      return res.end(JSON.stringify({ ids: sent.map((_, i) => `event-${events.length + i}`), status: 200 }));
    }
    if (req.method === "POST" && req.url?.startsWith("/fn/register")) {
      registrations.push(JSON.parse(body));
      return res.end(JSON.stringify({ ok: true, modified: true }));
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: "not found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    refused,
    refuseEvents: (refuse) => (refusing = refuse),
    registrations,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An event as `@inngest/test`'s engine takes it. */
export type EnginePayload = NonNullable<InngestTestEngine.Options["events"]>[number];

/** The last `name` event the double received, to hand to a function under `@inngest/test`. */
export function lastEvent(double: InngestDouble, name: string): EnginePayload {
  const event = double.events.filter((e) => e.name === name).at(-1);
  if (!event) throw new Error(`no ${name} event was sent`);
  return event as EnginePayload;
}
