import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { checkContract } from "./contract";
import { ORIGIN } from "./test-app";

const context = { params: Promise.resolve({}) };

/** Auth.js's route, called as Next.js would; the answer must keep the API's contract. */
async function callAuth(method: "GET" | "POST", request: Request): Promise<Response> {
  const response = await authRoute[method](request, context);
  await checkContract(request.method, request.url, response);
  return response;
}

/** The `name=value` pairs of a response's Set-Cookie headers, and their attributes by name. */
export function cookiesOf(response: Response) {
  return response.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    const name = pair.slice(0, pair.indexOf("="));
    return { pair, name, attributes: attributes.map((a) => a.toLowerCase()) };
  });
}

export function sessionCookieOf(response: Response): string | undefined {
  return cookiesOf(response).find((c) => c.name === "authjs.session-token")?.pair;
}

/** A CSRF token and the cookie that goes with it, as the browser gets them before posting a form. */
async function csrf() {
  const response = await callAuth("GET", new Request(`${ORIGIN}/api/auth/csrf`));
  const { csrfToken } = await response.json();
  return { csrfToken: csrfToken as string, cookie: cookiesOf(response).map((c) => c.pair).join("; ") };
}

/** Signs in through Auth.js's own HTTP endpoint, as the browser's form post would, from `address`. */
export async function signInByHttp(email: string, password: string, address = "203.0.113.7") {
  const { csrfToken, cookie } = await csrf();
  return callAuth(
    "POST",
    new Request(`${ORIGIN}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": address },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${ORIGIN}/assets` }),
    }),
  );
}

/** Signs out through Auth.js's endpoint with the session cookie, as the dashboard's button does. */
export async function signOutByHttp(sessionCookie: string) {
  const { csrfToken, cookie } = await csrf();
  return callAuth(
    "POST",
    new Request(`${ORIGIN}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${cookie}; ${sessionCookie}` },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${ORIGIN}/sign-in` }),
    }),
  );
}
