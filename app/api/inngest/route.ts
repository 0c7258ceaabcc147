import { serve } from "inngest/next";
import { NextRequest } from "next/server";
import { inngest } from "@/lib/tasks/inngest-client";
import { functions } from "@/inngest/functions";
import { notFound } from "@/lib/api/errors";
import { methods } from "@/lib/api/methods";
import { readBodyBytes } from "@/lib/api/read-body";
import { withPublic } from "@/lib/app/with-user";

/** Inngest sends a run's whole state with each call; its own limit on that state is 32 MiB. */
const MAX_INNGEST_BODY_BYTES = 32 * 1024 * 1024;

/** Inngest calls this endpoint to run the functions (authenticated by its request signature). */
const served = serve({ client: inngest, functions });

/**
 * While tasks run inline there is nothing here: 404, rather than the SDK's 500 for missing keys.
 * The body is read within a bound before the SDK sees it.
 */
const whenInngestIsOn = (handler: (request: NextRequest, context: unknown) => Promise<Response>) =>
  withPublic(async ({ request, app }) => {
    if (!app.config.inngest) throw notFound("Inngest is not configured on this server (tasks run inline)");
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    const body = hasBody ? await readBodyBytes(request, MAX_INNGEST_BODY_BYTES) : undefined;
    return handler(new NextRequest(request.url, { method: request.method, headers: request.headers, body }), undefined);
  });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: whenInngestIsOn(served.GET),
  POST: whenInngestIsOn(served.POST),
  PUT: whenInngestIsOn(served.PUT),
});
