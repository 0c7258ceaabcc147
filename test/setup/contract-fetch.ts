import { checkContract } from "../helpers/contract";

/** Set on the checking fetch: a worker runs this setup again before each of its files (vitest's `isolate: false`). */
const CHECKS_CONTRACT = Symbol.for("vas.checks-contract");
type CheckingFetch = typeof fetch & { [CHECKS_CONTRACT]?: typeof fetch };
const plainFetch = (globalThis.fetch as CheckingFetch)[CHECKS_CONTRACT] ?? globalThis.fetch;

/** The service's API answers are under `/api`; the doubles and buckets the tests run use other paths. */
function isServiceAnswer(url: string): boolean {
  const { hostname, pathname } = new URL(url);
  return (hostname === "127.0.0.1" || hostname === "localhost") && pathname.startsWith("/api/");
}

/**
 * Every answer the suite gets from a running service over HTTP keeps the API's contract, whoever
 * asked for it: a helper, a test's own `fetch`, or an SDK such as `livepeer`.
 */
const checkingFetch: CheckingFetch = async (input, init) => {
  const response = await plainFetch(input, init);
  const url = response.url || (input instanceof Request ? input.url : String(input));
  if (isServiceAnswer(url)) {
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    await checkContract(method, url, response);
  }
  return response;
};
checkingFetch[CHECKS_CONTRACT] = plainFetch;
globalThis.fetch = checkingFetch;
