import { NextRequest } from "next/server";
import { clientAddress } from "@/lib/api/client-address";
import { tooManyRequests } from "@/lib/api/errors";
import { methods } from "@/lib/api/methods";
import { readBodyBytes } from "@/lib/api/read-body";
import { withPublic } from "@/lib/app/with-user";
import { handlers } from "@/lib/app/next-auth";
import { checkSignIn, retryMessage } from "@/lib/auth/sign-in-throttle";

/** Auth.js's forms carry an email, a password and a few tokens; nothing near this size. */
const AUTH_FORM_MAX_BYTES = 64 * 1024;

const CREDENTIALS_CALLBACK = "/api/auth/callback/credentials";

/**
 * Auth.js's endpoints, behind a bound on the body (Auth.js reads it whole) and, for password
 * sign-ins, the throttle answered as 429 with Retry-After.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // Built from the URL and headers, not from the request itself: on Node 24 Next.js's request is
  // not a Request that undici's constructor accepts ("Cannot read private member #state").
  GET: withPublic(async ({ request }) => inErrorShape(await handlers.GET(new NextRequest(request.url, { headers: request.headers })))),
  POST: withPublic(async ({ request, url, app }) => {
    const body = await readBodyBytes(request, AUTH_FORM_MAX_BYTES);
    if (url.pathname === CREDENTIALS_CALLBACK) {
      const decision = await checkSignIn(app, { email: submittedEmail(request, body), address: clientAddress(request.headers, app.config.trustProxy) });
      if (!decision.allowed) {
        throw tooManyRequests(`too many failed sign-ins; ${retryMessage(decision)}`, decision.retryAfterSeconds);
      }
    }
    return inErrorShape(await handlers.POST(new NextRequest(request.url, { method: "POST", headers: request.headers, body })));
  }),
});

/** Auth.js answers bad requests with a bare JSON string; the API's error shape instead. */
async function inErrorShape(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const said: unknown = await response.json().catch(() => undefined);
  return Response.json({ errors: [typeof said === "string" ? said : "the request was refused"] }, { status: response.status });
}

function submittedEmail(request: Request, body: Uint8Array): string {
  const text = new TextDecoder().decode(body);
  if (request.headers.get("content-type")?.includes("application/json")) {
    try {
      return String((JSON.parse(text) as { email?: unknown }).email ?? "");
    } catch {
      return "";
    }
  }
  return new URLSearchParams(text).get("email") ?? "";
}
