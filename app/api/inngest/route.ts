import { serve } from "inngest/next";
import { NextRequest } from "next/server";
import type { InngestConfig } from "@/lib/config/config";
import { createServingClient } from "@/lib/tasks/inngest-client";
import { functions } from "@/inngest/functions";
import { notFound, unauthorized } from "@/lib/api/errors";
import { methods } from "@/lib/api/methods";
import { readBodyBytes } from "@/lib/api/read-body";
import { withPublic } from "@/lib/app/with-user";

/** Inngest sends a run's whole state with each call; its own limit on that state is 32 MiB. */
const MAX_INNGEST_BODY_BYTES = 32 * 1024 * 1024;

type Handler = (request: NextRequest, context: unknown) => Promise<Response>;
type Served = Record<"GET" | "POST" | "PUT", Handler>;

/**
 * One serve handler per configuration. With a signing key every call must carry Inngest's
 * signature (a 401 otherwise), a sync too: an unsigned PUT would register this app wherever its
 * Host header points.
 */
const servedFor = new WeakMap<InngestConfig, Served>();
function served(config: InngestConfig): Served {
  let handler = servedFor.get(config);
  if (!handler) {
    handler = serve({ client: createServingClient(config), functions, enableUnauthedSync: false });
    servedFor.set(config, handler);
  }
  return handler;
}

/**
 * While tasks run inline there is nothing here: 404, rather than the SDK's 500 for missing keys.
 * The body is read within a bound before the SDK sees it.
 */
const whenInngestIsOn = (method: keyof Served) =>
  withPublic(async ({ request, app }) => {
    const config = app.config.inngest;
    if (!config) throw notFound("Inngest is not configured on this server (tasks run inline)");
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    const body = hasBody ? await readBodyBytes(request, MAX_INNGEST_BODY_BYTES) : undefined;
    const response = await served(config)[method](new NextRequest(request.url, { method: request.method, headers: request.headers, body }), undefined);
    // The SDK's refusal, in the service's error shape.
    if (response.status === 401) throw unauthorized("a valid Inngest signature (X-Inngest-Signature, under INNGEST_SIGNING_KEY) is required");
    return response;
  });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: whenInngestIsOn("GET"),
  POST: whenInngestIsOn("POST"),
  PUT: whenInngestIsOn("PUT"),
});
